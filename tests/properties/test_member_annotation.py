import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.diagnostics import DiagnosticError
from propslower.properties.member_annotation import (
    decode_prefixed_string,
    encode_member_annotation,
)
from propslower.properties.model import Property, PropertyList
from propslower.properties.profiles import DESIGN, DPCPP
from propslower.properties.values import IntegerValue, NoValue, NullptrValue, StringValue

FOO_BAR = PropertyList((Property("foo", StringValue("")), Property("bar", IntegerValue(32))))


def test_design_profile_is_one_prefixed_string() -> None:
    annotation = encode_member_annotation(DESIGN, FOO_BAR)
    assert annotation.string == "sycl-properties:foo,bar=32"
    assert annotation.pairs is None


def test_dpcpp_profile_keeps_pairs_with_null_for_no_value() -> None:
    properties = PropertyList((Property("foo", NullptrValue()), Property("bar", IntegerValue(32))))
    annotation = encode_member_annotation(DPCPP, properties)
    assert annotation.string == "sycl-properties"
    assert annotation.pairs == (("foo", None), ("bar", "32"))
    assert annotation.describe() == 'sycl-properties {"foo", null, "bar", "32"}'


@pytest.mark.parametrize("bad", ["a,b", "k=v"])
def test_design_profile_rejects_what_it_cannot_represent(bad: str) -> None:
    with pytest.raises(DiagnosticError, match="cannot be written as a member annotation"):
        encode_member_annotation(DESIGN, PropertyList((Property("p", StringValue(bad)),)))


def test_empty_list() -> None:
    assert encode_member_annotation(DESIGN, PropertyList()).string == "sycl-properties:"
    assert decode_prefixed_string("sycl-properties:") == ()
    assert decode_prefixed_string("something else") is None


safe = st.text(st.characters(codec="utf-8", exclude_characters=",="), min_size=1)


@given(st.lists(st.tuples(safe, st.one_of(st.none(), safe)), max_size=6))
def test_design_encoding_round_trips(pairs: list[tuple[str, str | None]]) -> None:
    properties = PropertyList(
        tuple(Property(n, NoValue() if v is None else StringValue(v)) for n, v in pairs)
    )
    encoded = encode_member_annotation(DESIGN, properties)
    assert decode_prefixed_string(encoded.string) == tuple(pairs)
