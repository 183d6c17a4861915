"""String values are bytes: C++ literals decode to them, and they reach the IR as LLVM prints."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.ir.strings import escape, escape_bytes
from propslower.lowering.attribute_text import ir_attribute_list
from propslower.properties.front import parse_attribute
from propslower.properties.literals import LiteralError, decode_string, decode_string_bytes
from propslower.properties.model import Property, PropertyList
from propslower.properties.values import StringValue, string_bytes, string_text, unencodable
from tests.conftest import require_tool

_SIMPLE = {0x0A: "\\n", 0x09: "\\t", 0x0D: "\\r", 0x07: "\\a", 0x08: "\\b", 0x0C: "\\f"}
_SIMPLE |= {0x0B: "\\v", 0x5C: "\\\\", 0x27: "\\'", 0x22: '\\"', 0x3F: "\\?"}
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def llvm_printed(data: bytes) -> str:
    """LLVM's ``printEscapedString``: ``\\`` doubled, other printable ASCII but ``"`` as is,
    every other byte as ``\\HH`` (uppercase hex)."""
    return "".join(
        "\\\\"
        if byte == 0x5C
        else chr(byte)
        if 0x20 <= byte <= 0x7E and byte != 0x22
        else f"\\{byte:02X}"
        for byte in data
    )


@st.composite
def cpp_literal(draw: st.DrawFn, data: bytes) -> str:
    """``data`` written as C++ narrow string literal tokens, each byte in a drawn spelling."""
    tokens: list[str] = []
    body: list[str] = []
    for byte in data:
        spellings = [f"\\{byte:03o}", f"\\{byte:o}", f"\\x{byte:02x}", f"\\x{byte:X}"]
        if 0x20 <= byte <= 0x7E and chr(byte) not in '"\\':
            spellings.append(chr(byte))
        if byte in _SIMPLE:
            spellings.append(_SIMPLE[byte])
        spelling = draw(st.sampled_from(spellings))
        previous = body[-1] if body else ""
        # An escape that could swallow this character ends its literal: "\x4" "1", "\1" "2".
        greedy = previous.startswith("\\x") or (
            previous[1:2].isdigit() and len(previous) < 4 and spelling[0].isdigit()
        )
        if greedy and spelling[0] in _HEX_DIGITS:
            tokens.append(draw(st.sampled_from(["", "u8"])) + '"' + "".join(body) + '"')
            body = []
        body.append(spelling)
    tokens.append('"' + "".join(body) + '"')
    return " ".join(tokens)


@given(st.data(), st.binary(max_size=40))
def test_any_bytes_round_trip_through_a_cpp_literal(data: st.DataObject, raw: bytes) -> None:
    literal = data.draw(cpp_literal(raw))
    result = parse_attribute(f'"k", {literal}', kind="function")
    assert result.ok, result.diagnostics
    assert result.attribute is not None
    (prop,) = result.attribute.properties  # type: ignore[union-attr]
    value = prop.ir_value()
    assert string_bytes(value or "") == raw
    assert ir_attribute_list(result.attribute.properties) == (  # type: ignore[union-attr]
        f'"k"="{llvm_printed(raw)}"' if raw else '"k"'
    )


@given(st.binary(max_size=64))
def test_bytes_print_as_llvm_prints_them(raw: bytes) -> None:
    assert escape_bytes(raw) == llvm_printed(raw)
    assert escape(string_text(raw)) == llvm_printed(raw)
    assert string_bytes(string_text(raw)) == raw


@given(st.text(st.characters(exclude_categories=["Cs"]), max_size=20))
def test_text_is_its_utf8_bytes(text: str) -> None:
    """A literal's source text (or its \\u escapes) is UTF-8 encoded, as clang does."""
    escaped = "".join(
        f"\\U{ord(char):08X}" if ord(char) > 0xFFFF else f"\\u{ord(char):04x}" for char in text
    )
    assert decode_string_bytes(f'"{escaped}"') == text.encode("utf-8")
    assert decode_string_bytes(f'u8"{escaped}"') == text.encode("utf-8")
    assert decode_string(f'"{escaped}"') == text
    assert unencodable(text) is None


@pytest.mark.parametrize(
    ("token", "data", "printed"),
    [
        ('"\\xff"', b"\xff", "\\FF"),
        ('"\\377"', b"\xff", "\\FF"),
        ('"\\x80"', b"\x80", "\\80"),
        ('"\u00e9"', b"\xc3\xa9", "\\C3\\A9"),
        ('"\\u00e9"', b"\xc3\xa9", "\\C3\\A9"),
        ('"\\xc3\\xa9"', b"\xc3\xa9", "\\C3\\A9"),
        ('"a\\"b\\\\"', b'a"b\\', "a\\22b\\\\"),
        ('"\\x41"', b"A", "A"),
    ],
)
def test_narrow_literals_are_bytes(token: str, data: bytes, printed: str) -> None:
    assert decode_string_bytes(token) == data
    assert string_bytes(decode_string(token)) == data
    properties = PropertyList((Property("k", StringValue(decode_string(token))),))
    assert ir_attribute_list(properties) == f'"k"="{printed}"'


def test_concatenated_escapes_make_one_character() -> None:
    """``"\\xc3" "\\xa9"`` is the bytes of é, held as the same text as ``"é"``."""
    result = parse_attribute('"k", "\\xc3" "\\xa9"', kind="function")
    assert result.attribute is not None
    (prop,) = result.attribute.properties  # type: ignore[union-attr]
    assert prop.value == StringValue("\u00e9")


@pytest.mark.parametrize(
    "token", ['"\\uD800"', '"\\udfff"', '"\\U0000DC80"', '"\\U00110000"', 'u8"\\uDBFF"']
)
def test_surrogates_and_beyond_unicode_are_invalid_universal_characters(token: str) -> None:
    with pytest.raises(LiteralError, match="invalid universal character") as raised:
        decode_string(token)
    assert raised.value.offset == token.index("\\")


def test_unencodable_finds_lone_surrogates_that_are_not_escaped_bytes() -> None:
    assert unencodable("a\udcff") is None
    assert unencodable("ab\ud800") == 2
    assert unencodable("\udc7f") == 0


@pytest.mark.integration
def test_llvm_as_15_reads_and_prints_the_same_bytes(tmp_path: Path) -> None:
    """Every byte, and values parsed from literals, through llvm-as-15 and llvm-dis-15."""
    assembler = require_tool("llvm-as-15")
    disassembler = require_tool("llvm-dis-15")
    # Every byte but NUL, which bitcode cannot hold in a string attribute (a C string there).
    values = [bytes(range(1, 256)), b"\xff", b"\xc3\xa9", b'"\\']
    for literal in ('"\\xff"', '"\\377"', '"\\x80"', '"\u00e9"', '"\\xc3" "\\xa9"', '"a\\"\\\\"'):
        result = parse_attribute(f'"k", {literal}', kind="function")
        assert result.attribute is not None
        (prop,) = result.attribute.properties  # type: ignore[union-attr]
        values.append(string_bytes(prop.ir_value() or ""))
    lines = []
    for index, data in enumerate(values):
        properties = PropertyList((Property(f"k{index}", StringValue(string_text(data))),))
        group = ir_attribute_list(properties)
        lines.append(f'@s{index} = constant [{len(data)} x i8] c"{escape_bytes(data)}"')
        lines.append(f"define void @f{index}() #{index} {{\n  ret void\n}}")
        lines.append(f"attributes #{index} = {{ {group} }}")
    source = tmp_path / "bytes.ll"
    source.write_text("\n".join(lines) + "\n", encoding="ascii")
    bitcode = tmp_path / "bytes.bc"
    subprocess.run([assembler, str(source), "-o", str(bitcode)], check=True, capture_output=True)
    printed = subprocess.run(
        [disassembler, str(bitcode), "-o", "-"], check=True, capture_output=True, text=True
    ).stdout
    for index, data in enumerate(values):
        assert f'c"{llvm_printed(data)}"' in printed
        assert f'"k{index}"="{llvm_printed(data)}"' in printed
