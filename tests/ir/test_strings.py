from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from propslower.ir.strings import (
    escape,
    escape_bytes,
    name_of,
    name_token,
    quote,
    unescape,
    unescape_bytes,
)


def test_escape_quotes_backslashes_and_control_bytes() -> None:
    assert escape('a"b\\c\n') == "a\\22b\\\\c\\0A"  # LLVM 15+ prints a backslash as two
    assert escape_bytes(b"x\x00") == "x\\00"
    assert quote("k") == '"k"'


def test_unescape_reads_llvm_forms() -> None:
    assert unescape_bytes("say \\22hi\\22 \\\\ {x}; ok\\00") == b'say "hi" \\ {x}; ok\x00'
    assert unescape("\\5C\\22") == '\\"'


def test_names() -> None:
    assert name_token("@", "kernel") == "@kernel"
    assert name_token("@", "a b") == '@"a b"'
    assert name_token("@", "0") == "@0"
    assert name_of('@"quoted name; {x}"') == "quoted name; {x}"
    assert name_of("%x") == "x"


@given(st.binary())
def test_escape_round_trips(data: bytes) -> None:
    assert unescape_bytes(escape_bytes(data)) == data


@given(st.text())
def test_escaped_text_has_no_quote_or_raw_backslash_pairs(text: str) -> None:
    escaped = escape(text)
    assert '"' not in escaped
    assert unescape(escaped) == text
