"""Member-decoration annotation strings: both styles, the comma quirk, round trips."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.spirv.annotation import format_annotation, format_block, parse_annotation
from propslower.spirv.encoders import EncodingError
from propslower.spirv.model import AnnotationStyle, Entry

TYPED, QUOTED = AnnotationStyle.TYPED, AnnotationStyle.QUOTED
# The translator's block regex (dpcpp-properties.md §5.4).
BLOCK = re.compile(r'\{\w([\w:,-]|"[^"]*")*\}')


@pytest.mark.parametrize(
    ("entries", "style", "text"),
    [
        ([(5825,)], TYPED, "{5825}"),
        ([(5921, 3)], TYPED, "{5921:3}"),
        ([(5826, "DEFAULT")], TYPED, '{5826:"DEFAULT"}'),
        ([(5825,), (6173, "a", 1, 2)], TYPED, '{5825}{6173:"a",1,2}'),
        ([(5921, 3)], QUOTED, '{5921:"3"}'),
        ([(6442, 0, 1), (6442, 1, 1)], QUOTED, '{6442:"0,1"}{6442:"1,1"}'),
    ],
)
def test_format(entries: list[Entry], style: AnnotationStyle, text: str) -> None:
    assert format_annotation(entries, style) == text


@pytest.mark.parametrize("style", [TYPED, QUOTED])
@pytest.mark.parametrize("operand", ['say "hi"', "a,b"])
def test_operands_the_translator_would_misread_are_refused(
    style: AnnotationStyle, operand: str
) -> None:
    with pytest.raises(EncodingError, match="5826"):
        format_block((5826, operand), style)


def test_entry_without_id_refused() -> None:
    with pytest.raises(EncodingError):
        format_block(("x",), TYPED)


WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_ -.", min_size=1, max_size=8)
OPERAND = st.integers(min_value=0, max_value=2**32 - 1) | WORD.filter(lambda w: not w.isdigit())
ENTRY = st.tuples(st.integers(min_value=0, max_value=9999), st.lists(OPERAND, max_size=3))


@given(st.lists(ENTRY, max_size=4))
def test_typed_round_trip(raw: list[tuple[int, list[int | str]]]) -> None:
    entries = [(ident, *operands) for ident, operands in raw]
    text = format_annotation(entries, TYPED)
    assert "".join(m.group(0) for m in BLOCK.finditer(text)) == text
    assert list(parse_annotation(text)) == entries


@given(st.lists(ENTRY, max_size=4))
def test_quoted_round_trip_by_text(raw: list[tuple[int, list[int | str]]]) -> None:
    entries = [(ident, *operands) for ident, operands in raw]
    text = format_annotation(entries, QUOTED)
    assert "".join(m.group(0) for m in BLOCK.finditer(text)) == text
    parsed = parse_annotation(text)
    assert [tuple(map(str, e)) for e in parsed] == [tuple(map(str, e)) for e in entries]
