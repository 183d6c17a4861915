"""Property-based tests of the attribute grammar and its front module."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.properties.attribute import PropertyAttribute
from propslower.properties.front import parse_attribute
from propslower.properties.values import (
    BoolValue,
    CharValue,
    EnumeratorValue,
    FloatingValue,
    IntegerValue,
    NullptrValue,
    PropertyValue,
    StringValue,
)

ENUMS = {"ns::mode::read": 0, "ns::mode::write": 1, "other::E::big": 70000}


def cxx_string(text: str) -> str:
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char.isprintable():
            out.append(char)
        else:
            out.extend(f"\\{byte:03o}" for byte in char.encode("utf-8"))
    return '"' + "".join(out) + '"'


def cxx_integer(value: IntegerValue) -> str:
    if value.signed:
        return str(value.value) if value.value >= 0 else f"-{-value.value}"
    return f"{value.value}ull" if value.value >= 2**32 else f"{value.value}u"


texts = st.text(st.characters(codec="utf-8"), max_size=12)
values: st.SearchStrategy[tuple[PropertyValue, str]] = st.one_of(
    texts.map(lambda t: (StringValue(t), cxx_string(t))),
    st.integers(min_value=-(2**63) + 1, max_value=2**63 - 1).map(
        lambda v: (IntegerValue(v, True), cxx_integer(IntegerValue(v, True)))
    ),
    st.integers(min_value=0, max_value=2**64 - 1).map(
        lambda v: (IntegerValue(v, False), cxx_integer(IntegerValue(v, False)))
    ),
    st.floats(allow_nan=False, allow_infinity=False, min_value=0.0).map(
        lambda f: (FloatingValue(f), repr(f) if ("." in repr(f) or "e" in repr(f)) else f"{f}.0")
    ),
    st.booleans().map(lambda b: (BoolValue(b), "true" if b else "false")),
    st.integers(min_value=-128, max_value=127).map(
        lambda c: (CharValue(c), f"'\\x{c & 0xFF:02x}'")
    ),
    st.just((NullptrValue(), "nullptr")),
    st.sampled_from(sorted(ENUMS.items())).map(
        lambda item: (EnumeratorValue(item[0], item[1]), item[0])
    ),
)
names = st.lists(texts.filter(bool), unique=True, max_size=8)


@settings(max_examples=300)
@given(names, st.data())
def test_rendered_property_lists_parse_back(property_names: list[str], data: st.DataObject) -> None:
    chosen = [data.draw(values) for _ in property_names]
    arguments = [cxx_string(n) for n in property_names] + [text for _, text in chosen]
    text = f"[[__sycl_detail__::add_ir_function_attributes({', '.join(arguments)})]]"
    result = parse_attribute(text, enums=ENUMS)
    assert result.ok, (text, result.diagnostics)
    assert isinstance(result.attribute, PropertyAttribute)
    parsed = result.attribute.properties
    assert parsed.names() == tuple(property_names)
    for prop, (expected, _) in zip(parsed, chosen, strict=True):
        if isinstance(expected, FloatingValue):
            assert isinstance(prop.value, FloatingValue)
            assert math.isclose(prop.value.value, expected.value, rel_tol=0, abs_tol=0)
        else:
            assert prop.value == expected


SEEDS = [
    '[[__sycl_detail__::add_ir_global_variable_attributes("a", "b", "", "read")]]',
    'add_ir_attributes_function({"a"}, "a", (const char *)nullptr)',
    "[[sycl::requires(has(aspect::fp16, aspect::fp64))]]",
    "add_ir_member_annotation(Props::meta_name..., Props::meta_value...)",
    "sycl::reqd_work_group_size(8, 4, 2)",
    "\"x\", 0x1p3, 1'0ull, u8'a', -(char)3",
]
ALPHABET = "[]{}()\"',.:;-+*/\\ \n\tabc_01xXuUlLef.eEpP'$"


@settings(max_examples=500)
@given(st.text(alphabet=ALPHABET, max_size=40), st.sampled_from([None, "function", "aspects"]))
def test_random_text_gives_a_result_or_diagnostics(text: str, kind: str | None) -> None:
    result = parse_attribute(text, kind=kind)
    assert result.attribute is not None or result.diagnostics


@settings(max_examples=500)
@given(st.sampled_from(SEEDS), st.integers(0, 80), st.integers(0, 6), st.text(ALPHABET, max_size=4))
def test_mutated_attributes_never_raise(seed: str, at: int, cut: int, insert: str) -> None:
    text = seed[:at] + insert + seed[at + cut :]
    result = parse_attribute(text, kind="member")
    assert result.attribute is not None or result.diagnostics
    for diagnostic in result.diagnostics:
        assert diagnostic.span is not None
        assert diagnostic.span.line >= 1
