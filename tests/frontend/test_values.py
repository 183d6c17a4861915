"""Value fidelity: each C++ kind keeps its type through libclang."""

from pathlib import Path

import pytest
from clang.cindex import CursorKind

from propslower.diagnostics import DiagnosticError
from propslower.frontend.cindex import parse
from propslower.frontend.reader import reader_args
from propslower.frontend.rules import property_list
from propslower.properties.filter_mark import filter_literal
from propslower.properties.values import (
    BoolValue,
    CharValue,
    EnumeratorValue,
    FloatingValue,
    IntegerValue,
    NullptrValue,
    StringValue,
    UnresolvedValue,
)

from .helpers import read_source

PRELUDE = """
template <typename... Ps> struct L {};
template <typename T, typename PL> struct G {};
template <typename T, typename... Ps>
struct [[__sycl_detail__::add_ir_global_variable_attributes(Ps::meta_name..., Ps::meta_value...)]]
G<T, L<Ps...>> {};
#define PROP(NAME, TYPE, VALUE) \\
  struct NAME { static constexpr const char *meta_name = #NAME; \\
                static constexpr TYPE meta_value = VALUE; };
"""

CASES = [
    ("unsigned", "4294967295u", IntegerValue(4294967295, signed=False)),
    ("unsigned long long", "18446744073709551615ull", IntegerValue(2**64 - 1, signed=False)),
    ("long long", "-9223372036854775807ll", IntegerValue(-9223372036854775807)),
    ("int", "-5", IntegerValue(-5)),
    ("short", "7", IntegerValue(7)),
    ("char", "'A'", CharValue(65)),
    ("E", "E::x", EnumeratorValue("E::x", 2)),
    ("U", "ua", EnumeratorValue("U::ua", 7)),
    ("ns::F", "ns::F::p", EnumeratorValue("ns::F::p", 5)),
    ("float", "3.5f", FloatingValue(3.5, single=True)),
    ("double", "-1.25", FloatingValue(-1.25, single=False)),
    ("bool", "true", BoolValue(True)),
    ("bool", "false", BoolValue(False)),
    ("const char *", "alias", StringValue("base-string")),
    ("const char *", "alias_of_alias", StringValue("base-string")),
    ("const char *", '"lit"', StringValue("lit")),
    ("const char *", '""', StringValue("")),
    ("const char *", "arr", StringValue("arr")),
    ("const char *", "nul", NullptrValue()),
    ("decltype(nullptr)", "nullptr", NullptrValue()),
    ("const char *", '1 < 2 ? "yes" : "no"', StringValue("yes")),
    # Narrow strings are bytes (values.string_text): "\xff" is the byte FF, "é" C3 A9.
    ("const char *", '"\\xff"', StringValue("\udcff")),
    ("const char *", '"a\\377\\x80"', StringValue("a\udcff\udc80")),
    ("const char *", '"\u00e9"', StringValue("\u00e9")),
    ("const char *", '"\\xc3\\xa9"', StringValue("\u00e9")),
]

DECLS = """
enum class E : short { x = 2, y = -3 };
enum U { ua = 7 };
namespace ns { enum class F { p = 5 }; }
constexpr const char *base = "base-string";
constexpr const char *alias = base;
constexpr const char *alias_of_alias = alias;
constexpr const char *nul = nullptr;
static constexpr char arr[] = "arr";
"""


@pytest.mark.parametrize(("cpp_type", "expression", "expected"), CASES)
def test_value(tmp_path: Path, cpp_type: str, expression: str, expected: object) -> None:
    source = f"{PRELUDE}{DECLS}PROP(P, {cpp_type}, {expression})\nG<int, L<P>> g;\n"
    result = read_source(tmp_path, source)
    (record,) = result.records
    (prop,) = record.properties
    assert prop.name == "P"
    assert prop.value == expected
    assert type(prop.value) is type(expected)


def test_templated_values_and_order(tmp_path: Path) -> None:
    source = (
        PRELUDE
        + DECLS
        + """
template <int N> struct foo { static constexpr const char *meta_name = "sycl-foo";
                              static constexpr int meta_value = N; };
template <E V> struct bar { static constexpr const char *meta_name = "sycl-bar";
                            static constexpr E meta_value = V; };
G<int, L<bar<E::y>, foo<32>>> g;
"""
    )
    (record,) = read_source(tmp_path, source).records
    assert record.properties.ir_pairs() == (("sycl-bar", "-3"), ("sycl-foo", "32"))
    assert record.properties.properties[0].value == EnumeratorValue("E::y", -3)


def test_a_name_twice_with_different_values_is_an_error(tmp_path: Path) -> None:
    source = """
[[__sycl_detail__::add_ir_function_attributes("a", "a", 1, 2)]] void f() {}
"""
    with pytest.raises(DiagnosticError, match="property 'a' is given twice with different values"):
        read_source(tmp_path, source)


def test_empty_names_are_skipped(tmp_path: Path) -> None:
    source = """
[[__sycl_detail__::add_ir_function_attributes("a", "", "b", 1, 2, 3)]] void f() {}
"""
    (record,) = read_source(tmp_path, source).records
    assert record.properties.ir_pairs() == (("a", "1"), ("b", "3"))


def test_an_unevaluable_string_is_unresolved(tmp_path: Path) -> None:
    source = """
constexpr const char *text = "abc";
[[__sycl_detail__::add_ir_function_attributes("a", text + 1)]] void f() {}
"""
    (record,) = read_source(tmp_path, source).records
    assert isinstance(record.properties.properties[0].value, UnresolvedValue)


def test_filter_list_rule(tmp_path: Path) -> None:
    path = tmp_path / "filter.cpp"
    marked = filter_literal(["c", "a", "zz"])
    path.write_text(
        f'[[clang::annotate("x", {marked}, "a", "b", "c", 1, 2, 3)]] void f() {{}}\n'
        '[[clang::annotate("x", "a", "b", "c", 1, 2, 3)]] void g() {}\n'
    )
    tu = parse(str(path), reader_args())
    filtered, plain = [
        list(c.get_children())
        for c in tu.cursor.walk_preorder()
        if c.kind is CursorKind.ANNOTATE_ATTR
    ]
    kept = property_list("add_ir_attributes_function", filtered, None)
    assert kept.ir_pairs() == (("a", "1"), ("c", "3"))
    assert property_list("x", plain, None).names() == ("a", "b", "c")
