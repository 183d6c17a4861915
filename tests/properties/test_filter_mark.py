from hypothesis import given
from hypothesis import strategies as st

from propslower.diagnostics import Span
from propslower.properties.argument_kinds import BracedArgument, ValueArgument
from propslower.properties.filter_mark import FILTER_MARK, filter_literal, filter_names, with_filter
from propslower.properties.values import IntegerValue, StringValue

SPAN = Span("t.cpp", 1, 1)
NAMES = st.lists(st.text(st.characters(blacklist_characters=FILTER_MARK), max_size=8), min_size=1)


def value(text: str) -> ValueArgument:
    return ValueArgument(StringValue(text, SPAN), None, SPAN)


@given(NAMES)
def test_a_literal_of_plain_names_reads_back_as_those_names(names: list[str]) -> None:
    literal = filter_literal(names)
    assert literal.startswith('"') and literal.endswith('"')
    assert filter_names(literal[1:-1]) == tuple(names)


def test_an_ordinary_string_is_no_filter() -> None:
    assert filter_names("Prop1") is None
    assert filter_names("") is None


def test_a_leading_marked_string_becomes_the_braced_filter() -> None:
    count = ValueArgument(IntegerValue(1), None, SPAN)
    first, *rest = with_filter([value(f"{FILTER_MARK}a{FILTER_MARK}b"), value("a"), count])
    assert isinstance(first, BracedArgument)
    assert [item.value for item in first.items if isinstance(item, ValueArgument)] == [
        StringValue("a", SPAN),
        StringValue("b", SPAN),
    ]
    assert rest == [value("a"), count]


def test_arguments_without_a_leading_mark_are_unchanged() -> None:
    marked_later = [value("a"), value(f"{FILTER_MARK}a")]
    assert with_filter(marked_later) == marked_later
    assert with_filter([]) == []
