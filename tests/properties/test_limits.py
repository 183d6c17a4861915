"""Inputs at clang's limits are diagnostics, never crashes: nesting depth, literal ranges."""

from __future__ import annotations

import pytest

from propslower.diagnostics import Span
from propslower.properties.front import parse_attribute
from propslower.properties.grammar import BRACKET_DEPTH
from propslower.properties.literals import LiteralError, decode_floating


def single_value(text: str) -> str | None:
    result = parse_attribute(f'"k", {text}', kind="function")
    assert result.ok, result.diagnostics
    assert result.attribute is not None
    (prop,) = result.attribute.properties  # type: ignore[union-attr]
    return prop.ir_value()


def errors(text: str) -> list[tuple[str, Span | None]]:
    result = parse_attribute(text, kind="function")
    return [(d.message, d.span) for d in result.diagnostics if d.is_error]


@pytest.mark.parametrize(("opening", "closing"), [("(", ")"), ("{", "}"), ("f(", ")"), ("-(", ")")])
def test_nesting_beyond_256_brackets_is_an_error_at_the_257th(opening: str, closing: str) -> None:
    depth = 400
    prefix = '"k", '
    text = prefix + opening * depth + "1" + closing * depth
    result = parse_attribute(text, kind="function")
    (diagnostic,) = result.diagnostics
    assert diagnostic.message == "bracket nesting level exceeded maximum of 256"
    column = len(prefix) + len(opening) * BRACKET_DEPTH + len(opening)
    assert diagnostic.span == Span("<command line>", 1, column, 1, column)
    (note,) = diagnostic.notes
    assert "-fbracket-depth" in note.message


def test_a_whole_attribute_counts_its_own_brackets() -> None:
    nested = "(" * (BRACKET_DEPTH - 2) + "1" + ")" * (BRACKET_DEPTH - 2)
    ok = parse_attribute(f'[[__sycl_detail__::add_ir_attributes_function("k", {nested})]]')
    assert ok.ok
    deeper = parse_attribute(f'[[__sycl_detail__::add_ir_attributes_function("k", ({nested}))]]')
    assert [d.message for d in deeper.diagnostics] == [
        "bracket nesting level exceeded maximum of 256"
    ]


def test_brackets_in_strings_and_comments_do_not_count() -> None:
    assert single_value('"' + "(" * 300 + '" /* ' + "{" * 300 + " */") == "(" * 300


def test_exactly_256_brackets_parse() -> None:
    assert single_value("(" * BRACKET_DEPTH + "7" + ")" * BRACKET_DEPTH) == "7"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("- " * 1000 + "1", "1"),
        ("- " * 1001 + "1", "-1"),
        ("-" * 100_000 + "2", "2"),
        ("+" * 5000 + "3", "3"),
        ("(int)" * 1000 + "1", "1"),
        ("(char)" * 1000 + "321", "65"),
        ("-(int)+" * 701 + "5", "-5"),
        ("(E)" * 600 + "4", "4"),
        ("-(" * 200 + "(float)1" + ")" * 200, "1.000000"),
    ],
)
def test_long_unary_chains_evaluate_without_recursion(text: str, value: str) -> None:
    assert single_value(text) == value


def test_deep_calls_and_lists_report_without_recursion() -> None:
    calls = '"k", ' + "f(-(int)" * 250 + "1" + ")" * 250
    assert errors(calls)  # calls are not values: reported, not a RecursionError


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("1e99999", "too large for type 'double'; maximum is 1.7976931348623157E+308"),
        ("0x1p99999", "too large for type 'double'; maximum is 1.7976931348623157E+308"),
        ("1.8e308", "too large for type 'double'"),
        ("1e39f", "too large for type 'float'; maximum is 3.40282347E+38"),
        ("0x1.ffffffp127f", "too large for type 'float'"),
        ("3.40282356779733661637539395458142568448e38F", "too large for type 'float'"),
        ("1e99999L", "(propslower holds a long double value as a double)"),
    ],
)
def test_floating_literals_beyond_their_type_are_errors(token: str, message: str) -> None:
    with pytest.raises(LiteralError, match="magnitude of floating-point constant") as raised:
        decode_floating(token)
    assert message in str(raised.value)


def test_floating_overflow_is_positioned_at_the_literal() -> None:
    assert errors('"k", -1e99999') == [
        (
            "magnitude of floating-point constant too large for type 'double'; "
            "maximum is 1.7976931348623157E+308",
            Span("<command line>", 1, 7, 1, 7),
        )
    ]


@pytest.mark.parametrize(
    ("token", "value"),
    [
        ("3.4028235e38f", "340282346638528859811704183484516925440.000000"),
        # Just below the halfway point to 2**128: clang rounds it down to FLT_MAX.
        ("3.4028235677973366e38f", "340282346638528859811704183484516925440.000000"),
        ("1e-99999", "0.000000"),
        ("1.7976931348623157e308", f"{1.7976931348623157e308:f}"),
    ],
)
def test_floating_literals_at_the_edge_of_their_range(token: str, value: str) -> None:
    assert single_value(token) == value
