"""Lookups see the metadata nodes a pass inserted as one batch, with no render and re-parse."""

from __future__ import annotations

from pathlib import Path

from propslower.ir.items import Item, ItemKind
from propslower.ir.module import Module
from propslower.passes import PassContext
from propslower.spirv.lower import SpirvPass

INPUT = Path(__file__).parents[1] / "spirv" / "inputs" / "opaque.ll"


def _spirv_module() -> Module:
    module = Module.parse(INPUT.read_text(encoding="utf-8"), "opaque.ll")
    assert SpirvPass().apply(module, PassContext()) == []
    return module


def test_nodes_added_by_the_spirv_pass_are_found() -> None:
    module = _spirv_module()
    rendered = module.render()
    reparsed = Module.parse(rendered, "again.ll")
    for node_id in range(8):
        found = module.metadata_node(f"!{node_id}")
        expected = reparsed.metadata_node(node_id)
        assert found is not None and expected is not None
        assert found.text == expected.text
    assert module.render() == rendered


def test_a_found_node_can_be_edited_in_place() -> None:
    module = _spirv_module()
    node = module.metadata_node("!4")
    assert node is not None and node.operands == ["i32 5921", "i32 3"]
    node.set_operands(["i32 5921", "i32 4"])
    rendered = module.render()
    assert "!4 = !{i32 5921, i32 4}\n!5 = !{}\n" in rendered
    assert rendered.count("!4 = ") == 1


def test_a_batch_with_continuation_lines_keeps_them_with_their_node() -> None:
    module = Module.parse("define void @f() {\n  ret void\n}\n!0 = !{i32 1}\n", "m.ll")
    module.insert(Item(ItemKind.METADATA, "!1 = !{i32 2,\n  i32 3}\n!2 = !{!1}\n"))
    before = module.render()
    one = module.metadata_node("!1")
    two = module.metadata_node(2)
    assert one is not None and one.operands == ["i32 2", "i32 3"]
    assert two is not None and two.operands == ["!1"]
    assert module.render() == before
    assert module.fresh_metadata_id() == 3
