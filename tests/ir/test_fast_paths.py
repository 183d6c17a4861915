"""Each fast path of the IR reader gives what the general parse gives, on every real input."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from propslower.ir import (
    body,
    body_lines,
    constants,
    function_attachments,
    headers,
    metadata_edits,
    strings,
)
from propslower.ir import globals as ir_globals
from propslower.ir.body import Instruction
from tests.ir.helpers import ALL_INPUTS, load, read_input


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_simple_globals_parse_like_the_general_parser(name: str) -> None:
    fast = 0
    for variable in load(name).globals():
        text = variable.text
        end = len(text.rstrip())
        if ir_globals._SIMPLE.fullmatch(text, 0, end):
            fast += 1
        assert ir_globals.parse_global(text) == ir_globals._parse_global(text, end)
    assert fast > 0


@pytest.mark.parametrize(
    "text",
    [
        '@g = dso_local addrspace(1) global %"class.sycl::device_global" zeroinitializer, align 4 #3',
        '@g = global %"a b.0" zeroinitializer, align 8, !spirv.Decorations !4',
        '@g = global %"q" zeroinitializer, section "s"',
    ],
)
def test_globals_of_a_quoted_type_parse_like_the_general_parser(text: str) -> None:
    assert ir_globals._SIMPLE.fullmatch(text)
    assert ir_globals.parse_global(text) == ir_globals._parse_global(text, len(text))


_ELEMENT_TYPES = ["ptr", "ptr addrspace(1)", "ptr addrspace(42)", "i1", "i32", "i64", "ptr  x"]
_ELEMENT_VALUES = ["@f", "@.str.1", "@_Z1fv", "@0", '@"a b"', "0", "-7", "42", "null",
                   "zeroinitializer", "undef", "poison", "true", "c\"a\\00\"", "@-x$.", "@\u00e9",
                   "\u0661\u0662"]  # fmt: skip


@given(st.sampled_from(_ELEMENT_TYPES), st.sampled_from(_ELEMENT_VALUES))
@example("ptr addrspace(1)", "@.str")
def test_plain_constants_parse_like_the_general_parser(type_text: str, value: str) -> None:
    text = f"{type_text} {value}"
    try:
        general = constants._parse_constant(text)
    except constants.ConstantError:
        assert constants._PLAIN.fullmatch(text) is None
        return
    assert constants.parse_constant(text) == general


@pytest.mark.parametrize(
    "name", [name for name in ALL_INPUTS if "@llvm.global.annotations" in read_input(name)]
)
def test_annotation_entries_parse_like_the_general_parser(name: str) -> None:
    annotations = load(name).global_variable("llvm.global.annotations")
    assert annotations is not None
    assert annotations.parts.initializer is not None
    entries = constants.parse_value(annotations.parts.type_text, annotations.parts.initializer)
    plain = 0
    for entry in entries.elements:
        for element in entry.elements:
            text = f"{element.type_text} {element.text}"
            plain += constants._PLAIN.fullmatch(text) is not None
            if element.kind in ("global", "int", "special"):
                assert element == constants._parse_constant(text)
    assert plain > 0


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_headers_of_one_shape_share_a_parse(name: str) -> None:
    for function in load(name).functions():
        text = function.header_text
        general = headers._parse_header(text)
        assert headers.parse_header(text) == general
        renamed = text.replace(general.name, general.name + "_renamed_", 1)
        assert headers.parse_header(renamed) == headers._parse_header(renamed)


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_simple_geps_parse_like_the_general_parser(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [
        i.text
        for f in load(name).functions()
        if f.is_definition
        for i in f.instructions()
        if "getelementptr" in i.text and i.opcode == "getelementptr"
    ]
    fast = [Instruction(t).gep() for t in texts]
    monkeypatch.setattr(body, "_simple_gep", lambda *_: None)
    monkeypatch.setattr(body, "_GEPS", {})
    monkeypatch.setattr(body, "_GEP_LINES", {})
    general = [Instruction(t).gep() for t in texts]
    assert fast == general
    again = [Instruction(t).gep() for t in texts]
    assert again == general


def test_gep_with_constant_expression_takes_the_general_path() -> None:
    text = "  %p = getelementptr inbounds i8, ptr getelementptr (i8, ptr @g, i64 1), i64 2\n"
    gep = Instruction(text).gep()
    assert gep is not None
    assert gep.pointer.value.startswith("getelementptr (")
    assert [i.value for i in gep.indices] == ["2"]


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_essentials_are_the_parse_of_plain_globals(name: str) -> None:
    for variable in load(name).globals():
        found = ir_globals.essentials(variable.text)
        if found is not None:
            parts = ir_globals.parse_global(variable.text)
            assert found == (parts.kind, parts.group_ref, parts.group_ref_span, parts.body_end)


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_header_shapes_are_the_parse_but_for_the_name(name: str) -> None:
    for function in load(name).functions():
        text = function.header_text
        general = headers._parse_header(text)
        split = headers.split_at_name(text)
        for renamed in (text, text.replace(general.name, general.name[:-1] + "Q", 1)):
            shape = headers.header_shape(renamed)
            exact = headers._parse_header(renamed)
            assert dataclasses.replace(shape, name=exact.name) == exact
        if split is not None:
            assert "".join(split) == text
            assert split[1] == general.name


@pytest.mark.parametrize(
    "body",
    ["abc", "abc\\00", "a\\5C\\00", "x\\\\00", "\\00", "a\\0", "\\41\\00", "a\\0a\\00", "é\\00"],
)
def test_unescape_fast_path(body: str) -> None:
    general = strings._ESCAPE.sub(
        lambda m: b"\\" if m.group(1) == b"\\" else bytes([int(m.group(1), 16)]),
        body.encode("utf-8"),
    )
    assert strings.unescape_bytes(body) == general


_BODY_PIECES = st.sampled_from(
    [
        "\n",
        "  ",
        " ",
        "\t",
        "\r",
        "\x0b",
        "\x85",
        "\u2028",
        "é",
        "%x = ",
        "add i32 ",
        "1",
        "-1",
        "@g",
        ",",
        "=",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "<",
        ">",
        "catch ",
        "filter ",
        "cleanup",
        "entry:",
        ";",
        "ptr %p",
        "\n  ",
        "\n    ",
        ",\n",
        "\n}\n",
        ", \n",
        "=\t\n",
        "\n  catch ",
        "\n\n cleanup",
    ]
)


@settings(max_examples=1000)
@given(st.lists(_BODY_PIECES, max_size=24).map("".join), st.integers(0, 4), st.integers(0, 4))
@example("  %x = add i32 %a, \n  %b\n", 0, 0)
@example("  %x = landingpad\n  catch ptr null\n", 0, 0)
@example("  cleanup\n", 0, 0)
def test_simple_body_check_is_its_definition(text: str, skip: int, cut: int) -> None:
    start, end = min(skip, len(text)), max(len(text) - cut, 0)
    general = body_lines._is_simple_body(text, start, end)
    assert body_lines.is_simple_body(text, start, end) == general
    braced = "define void @f() {\n" + text
    assert body_lines.is_simple_body(braced, 19, len(braced)) == body_lines._is_simple_body(
        braced, 19, len(braced)
    )


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_simple_body_check_on_real_bodies(name: str) -> None:
    text = read_input(name)
    at = text.find("\ndefine ")
    while at >= 0:
        body_start = text.index("\n", at + 1) + 1
        end = text.find("\n}", body_start) + 3
        general = body_lines._is_simple_body(text, body_start, end)
        assert body_lines.is_simple_body(text, body_start, end) == general
        at = text.find("\ndefine ", body_start)


_KIND_USE_BY_DEFINITION = re.compile(
    r'"(?:[^"\\]|\\.)*"|;[^\n]*|(?<![-\w$.])!([A-Za-z_$.][-\w$.]*)[ \t]+!(?=\d|\{)'
)
"""``function_attachments.kind_uses`` as first written: each alternative tried at each offset."""
_KIND_PIECES = st.sampled_from(
    ["!", "!dbg", "!k.x", " ", "\t", "\n", "!3", "!{", '"', "\\", ";", "a", "-", "$", "#0"]
)


@settings(max_examples=3000)
@given(st.lists(_KIND_PIECES, max_size=40).map("".join))
@example('!a !1 "!b !2" ; !c !3\nx!d !4 !e\t!{}')
@example('; "\n!a !1 "; !b !2\n!c !3 "x\\" ;" !d !4')
@example('"unterminated ; !a !1\n!b !2')
def test_kind_uses_are_found_as_by_definition(text: str) -> None:
    assert list(function_attachments.kind_uses(text)) == _kind_uses_by_definition(text)


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_kind_uses_of_real_inputs(name: str) -> None:
    text = read_input(name)
    assert list(function_attachments.kind_uses(text)) == _kind_uses_by_definition(text)


def _kind_uses_by_definition(text: str) -> list[str]:
    found = (m.group(1) for m in _KIND_USE_BY_DEFINITION.finditer(text))
    return [kind for kind in found if kind is not None]


_TUPLE_LINE_BY_DEFINITION = re.compile(
    r"^!(\d+)[ \t]*=[ \t]*!\{(.*)\}[ \t]*(?:;[^\n]*)?$", re.MULTILINE
)
"""``metadata_edits._TUPLE_LINE`` as first written, anchored with ``^``."""
_NODE_PIECES = st.sampled_from(
    ["!", "!1", "!12 = ", "!{", "}", "i32 1", ", ", " ", "\t", "\n", "; c", "x", "distinct "]
)


@settings(max_examples=1000)
@given(st.lists(_NODE_PIECES, max_size=24).map("".join))
@example("!1 = !{i32 1}\nx!2 = !{}\n!3 = !{} ; c")
def test_tuple_lines_are_found_as_by_definition(text: str) -> None:
    def lines(pattern: re.Pattern[str]) -> list[tuple[int, int, str, str]]:
        return [(*m.span(), m.group(1), m.group(2)) for m in pattern.finditer(text)]

    assert lines(metadata_edits._TUPLE_LINE) == lines(_TUPLE_LINE_BY_DEFINITION)


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_tuple_lines_of_real_inputs(name: str) -> None:
    text = read_input(name)
    found = [m.groups() for m in metadata_edits._TUPLE_LINE.finditer(text)]
    assert found == [m.groups() for m in _TUPLE_LINE_BY_DEFINITION.finditer(text)]
