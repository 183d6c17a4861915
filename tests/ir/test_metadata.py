from __future__ import annotations

from propslower.ir.metadata import MetadataNode, NamedMetadata, metadata_string
from propslower.ir.module import Module
from tests.ir.helpers import load


def test_node_operands_and_distinct() -> None:
    module = load("clang19-sycl-annotated.ll")
    node = module.metadata_node(0)
    assert node is not None
    assert node.operands == ["i32 1", '!"wchar_size"', "i32 4"]
    loop = module.metadata_node("!3")
    assert loop is not None
    assert loop.is_distinct
    assert loop.operands == ["!3", "!4"]


def test_set_operands_keeps_distinct() -> None:
    node = MetadataNode("!3 = distinct !{!3, !4}\n", 0, 1, "!3")
    node.set_operands(["!3", "!4", "!5"])
    assert node.text == "!3 = distinct !{!3, !4, !5}\n"


def test_named_metadata() -> None:
    module = load("clang16-annotated.ll")
    flags = module.named_metadata("llvm.module.flags")
    assert flags is not None
    assert flags.operands == ["!0", "!1"]
    created = NamedMetadata.create("spirv.ExecutionMode", ["!9"])
    assert created.text == "!spirv.ExecutionMode = !{!9}\n"


def test_specialised_nodes_are_not_tuples() -> None:
    module = Module('!0 = !DIFile(filename: "a.c", directory: "/")\n!1 = !{}\n', "t.ll")
    node = module.metadata_node(0)
    assert node is not None
    assert not node.is_tuple
    empty = module.metadata_node(1)
    assert empty is not None
    assert empty.operands == []


def test_metadata_string_escapes() -> None:
    assert metadata_string('a"b') == '!"a\\22b"'
