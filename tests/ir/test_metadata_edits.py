from __future__ import annotations

import pytest

from propslower.ir.module import Module
from tests.ir.helpers import KERNEL, VALID_INPUTS, assert_verifies, load, reparse


@pytest.mark.parametrize("name", VALID_INPUTS)
def test_fresh_ids_and_attachments_everywhere(name: str) -> None:
    module = load(name)
    largest = max(n.node_id for n in (module.metadata_node(i) for i in range(100)) if n)
    decoration = module.metadata.add_node(["i32 6147", "i32 0", '!"dm1"'])
    assert decoration.node_id == largest + 1
    outer = module.metadata.add_node([decoration.key or ""])
    counter = module.global_variable("counter")
    kernel = module.function(KERNEL)
    assert counter is not None
    assert kernel is not None
    module.attributes.add_to_global(counter, {"sycl-host-access": "read"})
    module.metadata.attach(counter, "!spirv.Decorations", outer)
    module.metadata.attach(kernel, "!spirv.ParameterDecorations", outer)
    first = kernel.instructions()[0]
    module.metadata.attach(first, "!spirv.Decorations", outer)
    assert module.metadata.attachment(counter, "!spirv.Decorations") is outer
    assert module.metadata.attachment(kernel, "!spirv.ParameterDecorations") is outer
    assert module.metadata.attachment(first, "!spirv.Decorations") is outer
    assert module.metadata.attachment(kernel, "!nothing") is None
    assert_verifies(module)
    again = reparse(module)
    counter_again = again.global_variable("counter")
    assert counter_again is not None
    node = again.metadata.attachment(counter_again, "!spirv.Decorations")
    assert node is not None
    assert node.operands == [f"!{decoration.node_id}"]


def test_append_to_existing_decorations_instead_of_adding_second() -> None:
    module = load("clang19-sycl-annotated.ll")
    counter = module.global_variable("counter")
    assert counter is not None
    a = module.metadata.add_node(["i32 6147", "i32 0", '!"dm1"'])
    b = module.metadata.add_node(["i32 6148", "i32 1"])
    module.metadata.extend_attachment(counter, "!spirv.Decorations", [f"!{a.node_id}"])
    module.metadata.extend_attachment(counter, "!spirv.Decorations", [f"!{b.node_id}"])
    assert counter.text.count("!spirv.Decorations") == 1
    node = module.metadata.attachment(counter, "!spirv.Decorations")
    assert node is not None
    assert node.operands == [f"!{a.node_id}", f"!{b.node_id}"]
    assert_verifies(module)


def test_extend_never_edits_a_shared_node() -> None:
    text = (
        "@a = global i32 0, !spirv.Decorations !0\n@b = global i32 0, !spirv.Decorations !0\n"
        "!0 = !{!1}\n!1 = !{i32 44, i32 8}\n"
    )
    module = Module(text, "t.ll")
    a = module.global_variable("a")
    assert a is not None
    module.metadata.extend_attachment(a, "!spirv.Decorations", ["!1"])
    shared = module.metadata_node(0)
    assert shared is not None
    assert shared.operands == ["!1"]
    assert "@b = global i32 0, !spirv.Decorations !0\n" in module.render()
    assert_verifies(module)


def test_replace_node_operands_in_place() -> None:
    module = load("clang16-annotated.ll")
    node = module.metadata_node(2)
    assert node is not None
    node.set_operands([*node.operands, '!"extra"'])
    assert '!2 = !{!"Debian clang version 16.0.6 (15~deb12u1)", !"extra"}\n' in module.render()
    node.set_operands(node.operands[:1])
    assert module.render() == load("clang16-annotated.ll").render()


def test_named_metadata_create_and_append() -> None:
    module = load("clang19-sycl-annotated.ll")
    kernel_mode = module.metadata.add_node([f"ptr @{KERNEL}", "i32 17", "i32 8", "i32 4", "i32 2"])
    module.metadata.add_named("spirv.ExecutionMode", [f"!{kernel_mode.node_id}"])
    module.metadata.add_named("spirv.ExecutionMode", [f"!{kernel_mode.node_id}"])
    module.metadata.add_named("llvm.ident", ["!2"])
    assert module.metadata.named("spirv.ExecutionMode") == [f"!{kernel_mode.node_id}"] * 2
    assert module.metadata.named("llvm.ident") == ["!2", "!2"]
    assert module.metadata.named("absent") == []
    assert_verifies(module)


def test_metadata_in_module_without_any() -> None:
    module = Module("@g = global i32 0\n", "t.ll")
    node = module.metadata.add_node(['!"x"'])
    assert node.node_id == 0
    g = module.global_variable("g")
    assert g is not None
    module.metadata.attach(g, "!foo", node)
    assert module.render() == '@g = global i32 0, !foo !0\n!0 = !{!"x"}\n'
    assert_verifies(module)
