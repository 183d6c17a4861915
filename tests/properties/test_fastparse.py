"""Differential tests: the fast driver gives lark's own trees, tokens and errors."""

from __future__ import annotations

import lark
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Token, Tree

from propslower.properties.fastparse import FastParser
from propslower.properties.grammar import attribute_parser, fast_parser

Node = Tree[Token] | Token | None

KEYWORDS = ["true", "false", "nullptr", "const", "int", "char", "char8_t", "long", "void"]
PLAIN_NAMES = ["a", "ns", "mode", "read", "x_1", "_y", "trueish", "int8", "constant", "L", "u8"]
TYPE_WORDS = ["const", "volatile", "unsigned", "signed", "short", "long", "int", "char"]
TYPE_WORDS += ["char8_t", "char16_t", "char32_t", "wchar_t", "bool", "float", "double", "void"]
NUMBERS = ["0", "7", "32", "0x1F", "0b101", "017", "1'000", "4294967295u", "5ull", "9LL", "3z"]
NUMBERS += ["3.5f", "1.", ".5e-3", "1e9", "0x1p3", "0x.8p-1L", "2.5E+2l", "1'0.0'1"]
CHARACTERS = ["'a'", "'\\n'", "'\\x41'", "u8'a'", "L'x'", "'ab'"]
SEPARATORS = [" ", " ", "\n", "\t", "  ", " /* c\n */ ", " // c\n", "\r\n"]


def string_literal(text: str) -> str:
    escaped = "".join("\\" + c if c in '"\\' else c if c.isprintable() else "\\n" for c in text)
    return f'"{escaped}"'


def atoms(names: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    qualified = st.tuples(st.booleans(), st.lists(names, min_size=1, max_size=3)).map(
        lambda t: (["::"] if t[0] else []) + " :: ".join(t[1]).split(" ")
    )
    prefix = st.sampled_from(["", "", "u8", "u", "U", "L"])
    strings = st.lists(st.tuples(prefix, st.text(max_size=6)), min_size=1, max_size=3).map(
        lambda parts: [p + string_literal(s) for p, s in parts]
    )
    return st.one_of(
        strings,
        st.sampled_from(NUMBERS).map(lambda n: [n]),
        st.sampled_from(CHARACTERS).map(lambda c: [c]),
        st.sampled_from(["true", "false", "nullptr"]).map(lambda k: [k]),
        qualified,
    )


def separated(items: list[list[str]]) -> list[str]:
    return [token for i, item in enumerate(items) for token in ([","] if i else []) + item]


def attribute_tokens(names: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """Token lists of attribute texts the grammar accepts, built from its rules."""
    qualified = st.lists(names, min_size=1, max_size=2).map(lambda n: " :: ".join(n).split(" "))
    cast_types = st.tuples(
        st.lists(st.sampled_from(TYPE_WORDS), min_size=1, max_size=3), st.integers(0, 2)
    ).map(lambda t: ["(", *t[0], *["*"] * t[1], ")"])
    arguments = st.deferred(
        lambda: st.tuples(st.lists(argument, min_size=1, max_size=3), st.booleans()).map(
            lambda t: separated(t[0]) + ([","] if t[1] else [])
        )
    )
    optional_arguments: st.SearchStrategy[list[str]] = st.one_of(st.just([]), arguments)
    call = st.tuples(qualified, optional_arguments).map(lambda t: [*t[0], "(", *t[1], ")"])
    atom: st.SearchStrategy[list[str]] = st.deferred(
        lambda: st.one_of(
            atoms(names),
            atoms(names),
            atoms(names),
            st.tuples(st.sampled_from(["-", "+"]), atom).map(lambda t: [t[0], *t[1]]),
            st.tuples(cast_types, atom).map(lambda t: t[0] + t[1]),
            st.tuples(atom, st.one_of(st.just([]), atom)).map(lambda t: ["(", *t[0], ")", *t[1]]),
            call,
        )
    )
    argument = st.one_of(
        atom,
        atom,
        atom.map(lambda t: [*t, "..."]),
        optional_arguments.map(lambda t: ["{", *t, "}"]),
    )
    return st.one_of(
        call.map(lambda c: ["[[", *c, "]]"]),
        call,
        st.lists(argument, max_size=6).map(separated),
    )


def joined(tokens: list[str], data: st.DataObject, separators: list[str]) -> str:
    gaps = data.draw(st.lists(st.sampled_from(separators), min_size=len(tokens) + 1))
    return "".join(gap + token for gap, token in zip(gaps, [*tokens, ""], strict=False))


def assert_identical(expected: Node, actual: Node) -> None:
    """Same tree shape, data, placeholders and tokens, down to every token position."""
    assert type(actual) is type(expected)
    if isinstance(expected, Tree):
        assert isinstance(actual, Tree)
        assert actual.data == expected.data
        assert type(actual.data) is type(expected.data)
        assert len(actual.children) == len(expected.children), (expected, actual)
        for want, got in zip(expected.children, actual.children, strict=True):
            assert_identical(want, got)
    elif isinstance(expected, Token):
        assert isinstance(actual, Token)
        fields = ("type", "value", "start_pos", "end_pos", "line", "column", "end_line")
        for name in (*fields, "end_column"):
            assert getattr(actual, name) == getattr(expected, name), (name, expected, actual)


def assert_same_outcome(text: str) -> Tree[Token] | None:
    """Lark and the driver agree on ``text``: identical trees, or the same error."""
    fast = fast_parser()
    try:
        expected = attribute_parser().parse(text)
    except lark.UnexpectedInput as error:
        assert fast.try_parse(text) is None
        with pytest.raises(type(error)) as raised:
            fast.parse(text)
        assert str(raised.value) == str(error)
        return None
    quick = fast.try_parse(text)
    if quick is not None:
        assert_identical(expected, quick)
    assert_identical(expected, fast.parse(text))
    return quick


@settings(max_examples=400, deadline=None)
@given(attribute_tokens(st.sampled_from(PLAIN_NAMES)), st.data())
def test_grammar_texts_take_the_fast_path(tokens: list[str], data: st.DataObject) -> None:
    text = joined(tokens, data, SEPARATORS)
    assert assert_same_outcome(text) is not None, text


@settings(max_examples=300, deadline=None)
@given(attribute_tokens(st.sampled_from(PLAIN_NAMES)), st.data())
def test_replays_are_lark_s_trees(tokens: list[str], data: st.DataObject) -> None:
    # Parsed once to record its steps, then again: the second parse replays the steps on the
    # tokens of a text with other blanks.
    fast = FastParser(attribute_parser())
    first = joined(tokens, data, SEPARATORS)
    second = joined(tokens, data, SEPARATORS)
    assert_identical(attribute_parser().parse(first), fast.parse(first))
    assert_identical(attribute_parser().parse(second), fast.parse(second))


@settings(max_examples=400, deadline=None)
@given(attribute_tokens(st.sampled_from(PLAIN_NAMES + KEYWORDS)), st.data())
def test_glued_texts_and_keyword_names_agree(tokens: list[str], data: st.DataObject) -> None:
    assert_same_outcome(joined(tokens, data, ["", "", *SEPARATORS]))


SEEDS = [
    '[[__sycl_detail__::add_ir_global_variable_attributes("a", "b", "", "read")]]',
    'add_ir_attributes_function({"a"}, "a", (const char *)nullptr)',
    "[[sycl::requires(has(aspect::fp16, aspect::fp64))]]",
    "add_ir_member_annotation(Props::meta_name..., Props::meta_value...)",
    "sycl::reqd_work_group_size(8, 4, 2)",
    "\"x\", 0x1p3, 1'0ull, u8'a', -(char)3",
    '(a) b, (a), {}, {1,}, /* c\n */ \'x\'\n, "s" L"t"',
]
ALPHABET = "[]{}()\"',.:;-+*/\\ \n\tabc_01xXuUlLef.eEpP'$"


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(SEEDS), st.integers(0, 80), st.integers(0, 6), st.text(ALPHABET, max_size=4))
def test_mutated_attributes_agree(seed: str, at: int, cut: int, insert: str) -> None:
    assert_same_outcome(seed[:at] + insert + seed[at + cut :])


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=40))
def test_random_texts_agree(text: str) -> None:
    assert_same_outcome(text)


@pytest.mark.parametrize("text", [*SEEDS, "", " ", ",", "f(,)", "a,", "x::true", "f(long, int)"])
def test_examples_agree(text: str) -> None:
    assert_same_outcome(text)


def test_positions_across_lines() -> None:
    text = 'f(\n  "a\\\nb", // note\n  /* x\n y */ 3)'
    tree = assert_same_outcome(text)
    assert tree is not None
    number = next(tree.scan_values(lambda v: isinstance(v, Token) and v.type == "INTEGER"))
    assert (number.line, number.column, number.start_pos) == (5, 7, text.index("3)"))


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("f(a ; b)", lark.UnexpectedCharacters),
        ("f(a b)", lark.UnexpectedToken),
        ("[[f(a)", lark.UnexpectedToken),
    ],
)
def test_errors_are_lark_errors(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        fast_parser().parse(text)
    assert_same_outcome(text)


def test_keyword_names_fall_back_to_lark() -> None:
    # Lark's contextual lexer reads `true` as a NAME after `::`; the driver defers to it.
    text = "x::true"
    assert fast_parser().try_parse(text) is None
    tree = fast_parser().parse(text)
    assert [token.type for token in tree.scan_values(lambda v: isinstance(v, Token))] == [
        "NAME",
        "SCOPE",
        "NAME",
    ]


def test_unsupported_parsers_are_refused() -> None:
    with pytest.raises(ValueError, match="plain LALR"):
        FastParser(lark.Lark("start: /a/", parser="earley"))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(NUMBERS[:11]), min_size=1, max_size=4),
    st.lists(st.sampled_from(NUMBERS[:11]), min_size=4, max_size=4),
    st.sampled_from(PLAIN_NAMES[:6]),
)
def test_a_replayed_parse_is_lark_s_tree(first: list[str], other: list[str], name: str) -> None:
    # The second text has the kinds of the first (integers, one name) and other values, so
    # the driver replays the first parse's steps on its tokens instead of running the table.
    fast = FastParser(attribute_parser())
    text = f'f("n", {", ".join(first)}, {name}::x)'
    again = f'g ( "other" , {", ".join(other[: len(first)])} , y :: {name} )'
    assert_identical(attribute_parser().parse(text), fast.parse(text))
    plans = len(fast._plans)
    for _ in range(3):
        assert_identical(attribute_parser().parse(again), fast.parse(again))
    assert len(fast._plans) == plans
