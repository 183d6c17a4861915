"""Metadata uniqued by content, as LLVM does: identical tuples are one node."""

from __future__ import annotations

import gc

from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.spirv.lists import MetadataLists

TEXT = """\
define void @f() !a !0 {
  ret void
}

!0 = !{i32 1, i32 2}
!1 = distinct !{i32 3}
!named = !{!0}
"""


def test_an_identical_node_is_reused_and_distinct_ones_are_not() -> None:
    module = Module(TEXT, "m.ll")
    editor = module.metadata
    assert editor.find_node(["i32 1", " i32 2"]) == "!0"
    assert editor.find_node(["i32 3"]) is None
    assert editor.unique_node(["i32 1", "i32 2"]) == "!0"
    assert editor.unique_node(["i32 3"]) == "!2"
    assert editor.unique_node(["i32 3"]) == "!2"
    assert module.render().count("!{i32 3}") == 2


def test_new_nested_nodes_are_numbered_parent_first() -> None:
    module = Module(TEXT, "m.ll")
    ref = module.metadata.unique_tree(((("i32 7",), ("i32 1", "i32 2")), ("i32 7",)))
    assert ref == "!2"
    out = module.render()
    assert "!1 = distinct !{i32 3}\n!2 = !{!3, !4}\n!3 = !{!4, !0}\n!4 = !{i32 7}\n" in out
    assert verify_text(out, "m.ll") == []


def test_writing_a_tree_leaves_no_reference_cycle() -> None:
    module = Module(TEXT, "m.ll")
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        module.metadata.unique_tree(((("i32 7",), ("i32 1", "i32 2")), ("i32 7",)))
        module.metadata.unique_tree(("i32 1", "i32 2"))
        assert gc.collect() == 0  # what a run of 100,000 writes would leave to the collector
    finally:
        if enabled:
            gc.enable()


def test_spirv_lists_reuse_an_identical_node() -> None:
    lists = MetadataLists(Module(TEXT, "m.ll"))
    assert lists.node(["i32 1", "i32 2"]) == "!0"


def test_a_node_found_before_is_checked_again_once_edited_or_removed() -> None:
    module = Module(TEXT, "m.ll")
    editor = module.metadata
    assert editor.find_node(["i32 1", "i32 2"]) == "!0"
    assert editor.find_node(["i32 1", "i32 2"]) == "!0"  # known
    node = module.metadata_node("!0")
    assert node is not None
    node.set_operands(["i32 1", "i32 3"])
    assert editor.find_node(["i32 1", "i32 2"]) is None
    node.set_operands(["i32 1", "i32 2"])
    assert editor.find_node(["i32 1", "i32 2"]) == "!0"
    node.set_operands(["i32 1", "i32 2"], distinct=True)
    assert editor.find_node(["i32 1", "i32 2"]) is None
    node.set_operands(["i32 1", "i32 2"], distinct=False)
    assert editor.find_node(["i32 1", "i32 2"]) == "!0"
    module.remove(node)
    assert editor.find_node(["i32 1", "i32 2"]) is None
