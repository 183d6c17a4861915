from __future__ import annotations

import pytest

from propslower.diagnostics import DiagnosticError
from propslower.ir.attributes import string_attributes
from propslower.ir.headers import header_end, parse_header
from propslower.ir.module import Module
from tests.ir.helpers import KERNEL, TYPED_INPUTS, VALID_INPUTS, load


def test_typed_pointer_header() -> None:
    header = load("clang15-sycl-annotated.ll").function(KERNEL)
    assert header is not None
    h = header.parsed_header
    assert h.is_definition
    assert h.calling_convention == "spir_func"
    assert h.return_type == "void"
    assert [(p.type_text, p.name) for p in h.parameters] == [
        ("i32 addrspace(4)*", "%0"),
        ("%struct.Pair addrspace(4)*", "%1"),
        ("i32", "%2"),
    ]
    assert [a.key for a in h.parameters[0].attributes] == ["noundef"]
    assert h.group_refs == [0]


def test_opaque_header_with_everything() -> None:
    text = (
        'define internal spir_kernel noundef ptr addrspace(4) @"k 1"(ptr addrspace(1) noalias '
        '"a"="b" %x, i32 %n) local_unnamed_addr addrspace(0) #3 nounwind "q" section "s" '
        "!kernel_arg_addr_space !4 !spirv.ParameterDecorations !5 {\n"
    )
    h = parse_header(text)
    assert h.name == '@"k 1"'
    assert h.linkage == "internal"
    assert h.calling_convention == "spir_kernel"
    assert h.return_type == "ptr addrspace(4)"
    assert h.parameters[0].type_text == "ptr addrspace(1)"
    assert string_attributes(h.parameters[0].attributes) == {"a": "b"}
    assert h.group_refs == [3]
    assert [a.render() for a in h.inline_attributes] == ["nounwind", '"q"']
    assert h.section == "s"
    assert h.attachments == {"!kernel_arg_addr_space": "!4", "!spirv.ParameterDecorations": "!5"}
    assert text[h.content_end :].strip() == "{"


def test_declaration_parameters_without_names() -> None:
    h = parse_header("declare void @f(%struct.S, ptr, ...)\n")
    assert [(p.type_text, p.name) for p in h.parameters] == [
        ("%struct.S", None),
        ("ptr", None),
        ("...", None),
    ]
    assert not h.is_definition


@pytest.mark.parametrize("name", VALID_INPUTS)
def test_every_header_in_inputs_parses(name: str) -> None:
    module = load(name)
    for function in module.functions():
        header = function.parsed_header
        assert header.name == function.key
        assert header.return_type


@pytest.mark.parametrize("name", TYPED_INPUTS)
def test_typed_return_types(name: str) -> None:
    declaration = next(f for f in load(name).functions() if not f.is_definition)
    assert declaration.parsed_header.return_type.endswith("*")


def test_malformed_header_is_positioned() -> None:
    module = Module("@g = global i32 0\ndefine void @f( {\n  ret void\n}\n", "bad.ll")
    function = module.function("f")
    assert function is not None
    with pytest.raises(DiagnosticError) as caught:
        _ = function.parsed_header
    span = caught.value.diagnostics[0].span
    assert span is not None
    assert span.line == 2


@pytest.mark.parametrize(
    "trailer",
    [
        "comdat",
        "comdat($k)",
        "comdat ($other)",
        'section ".text" comdat align 16',
        'partition "p" comdat',
        'gc "statepoint-example"',
        "prefix i32 1",
        "prologue { i32 } { i32 2 }",
        "personality ptr @__gxx_personality_v0",
        "personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*)",
        "comdat prefix i32 1 prologue i32 2 personality ptr @p",
    ],
)
def test_trailers_do_not_hide_attachments(trailer: str) -> None:
    text = f"define weak_odr spir_kernel void @k(i32 %n) #0 {trailer} !a !1 !spirv.B !2 {{\n"
    h = parse_header(text)
    assert h.attachments == {"!a": "!1", "!spirv.B": "!2"}
    assert h.group_refs == [0]
    assert text[h.content_end :] == " {\n"
    start, end = h.attachment_spans["!spirv.B"]
    assert text[start:end] == "!2"


def test_a_header_over_several_lines_with_a_comment() -> None:
    text = (
        "define void\n  @k(i32 %n, ; the count\n     ptr %p)\n  #0 comdat\n  !a !1 { ; the body\n"
    )
    assert header_end(text, 0, len(text)) == len(text)
    h = parse_header(text)
    assert h.name == "@k"
    assert [p.name for p in h.parameters] == ["%n", "%p"]
    assert h.attachments == {"!a": "!1"}
    assert text[h.content_end :].startswith(" {")


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("define void @f() {\nentry:\n", 19),
        ("define void @f() {  \r\nentry:\n", 22),
        ("define { i32 } @f(\n  i32 %a) {\n  ret void\n", 31),
        ("define void @f() prefix { i32 } { i32 1 } {\n  ret\n", 44),
        ("define void @f() { ; c {\n  ret\n", 25),
        ("define void @f()\n", 17),
    ],
)
def test_header_end(text: str, end: int) -> None:
    assert header_end(text, 0, len(text)) == end
