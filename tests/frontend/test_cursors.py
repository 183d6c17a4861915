"""The fast cursor helpers against the bindings they replace, on every cursor of real TUs."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clang import cindex
from clang.cindex import CursorKind

from propslower.frontend.cindex import parse
from propslower.frontend.cursors import (
    EXPRESSIONS,
    LITERALS,
    Lookups,
    canonical,
    canonical_type,
    children,
    cursor_key,
    definition,
    pointee,
    referenced,
    specialized_template,
)
from propslower.frontend.prelude import feature_macro_definitions
from propslower.frontend.reader import reader_args

from .helpers import EXAMPLES

CONSTRUCTS = r"""
#include "sycl_props.hpp"
namespace exp = sycl::ext::oneapi::experimental;
int a = 1, b = 2, *c = nullptr;            // one declaration group
extern "C" int plain(int);
enum class E : short { x = 2, y };
union U { int i; float f; };
typedef unsigned long size;
using alias = const char *;
struct Base { int v = 3; Base(int w) : v(w) {} virtual ~Base() {} };
struct Derived : Base { using Base::Base; int operator()(int k) const { return k + v; } };
template <typename T> struct Box { T t; T get() const { return t; } };
template <typename T> struct Box<T *> { T *p; };
template <typename T> T twice(T t) { return t + t; }
template <> int twice<int>(int t) { return 2 * t; }
constexpr unsigned long long operator""_k(unsigned long long v) { return v * 1000; }
exp::device_global<int, exp::property_list<exp::alignment<8>>> g;
int use(int n) {
  Derived d(n);
  Box<double> box{1.5};
  Box<int *> pointer{nullptr};
  auto lambda = [&](int m) { return m + d(n); };
  if constexpr (sizeof(int) == 4) { n += 'A'; } else { n -= 1; }
  const char *text = "text";
  decltype(n) copy = static_cast<int>(box.get()) + twice(n) + twice(2.0f) + 3_k;
  return lambda(copy) + (text != nullptr) + (true ? 1 : 0) + int(E::y) + a + b;
}
"""


def _tu(tmp_path: Path, source: str | None) -> Any:
    if source is None:
        path = EXAMPLES / "combined.cpp"
    else:
        path = tmp_path / "constructs.cpp"
        path.write_text(source, encoding="utf-8")
    arguments = reader_args([*feature_macro_definitions(keywords=True), f"-I{EXAMPLES}"])
    return parse(str(path), arguments)


def _walk(root: Any) -> Iterator[Any]:
    """Every cursor under ``root`` through the bindings alone."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(node.get_children())))


def _same(left: Any, right: Any) -> bool:
    if left is None or right is None:
        return left is None and right is None
    return bytes(left) == bytes(right)


@pytest.fixture(params=["constructs", "combined"])
def nodes(request: pytest.FixtureRequest, tmp_path: Path) -> list[Any]:
    tu = _tu(tmp_path, CONSTRUCTS if request.param == "constructs" else None)
    found = list(_walk(tu.cursor))
    assert len(found) > 100
    return found


def test_children_are_the_bindings_children(nodes: list[Any]) -> None:
    lookups = Lookups()
    for node in nodes:
        expected = [bytes(c) for c in node.get_children()]
        assert [bytes(c) for c in children(node)] == expected
        assert [bytes(c) for c in lookups.children(node)] == expected
        assert all(c.translation_unit is node.translation_unit for c in children(node))


def test_a_declaration_reached_another_way_has_the_same_children(nodes: list[Any]) -> None:
    lookups = Lookups()
    for node in nodes:
        lookups.children(node)
    for node in nodes:
        for other in (node.get_definition(), node.canonical):
            if other is not None and other.kind.is_declaration():
                expected = [bytes(c) for c in other.get_children()]
                assert [bytes(c) for c in lookups.children(other)] == expected


def test_childless_kinds_have_no_children_and_literals_name_nothing(nodes: list[Any]) -> None:
    literals = [n for n in nodes if n._kind_id in LITERALS]
    references = [n for n in nodes if n.kind.is_reference()]
    assert literals and references
    for node in literals:
        assert list(node.get_children()) == [] and node.referenced is None
    for node in references:
        if node.kind is not CursorKind.CXX_BASE_SPECIFIER:
            assert list(node.get_children()) == []


def test_followed_cursors_match_the_bindings(nodes: list[Any]) -> None:
    lib = cindex.conf.lib
    for node in nodes:
        assert (node._kind_id in EXPRESSIONS) == node.kind.is_expression()
        fresh = cindex.Cursor.from_buffer_copy(bytes(node))
        fresh._tu = node._tu
        assert _same(referenced(fresh), node.referenced)
        assert _same(definition(node), node.get_definition())
        assert _same(canonical(node), node.canonical)
        template = lib.clang_getSpecializedCursorTemplate(node)
        expected = None if template is None or template.kind.is_invalid() else template
        assert _same(specialized_template(node), expected)


def test_keys_are_equal_exactly_when_libclang_says_so(nodes: list[Any]) -> None:
    related = [
        c
        for node in nodes
        for c in (node, node.get_definition(), node.canonical, node.referenced)
        if c is not None
    ]
    by_key: dict[Any, list[Any]] = {}
    for cursor in related:
        by_key.setdefault(cursor_key(cursor), []).append(cursor)
    for group in by_key.values():
        assert all(cursor == group[0] for cursor in group)
    firsts = [group[0] for group in by_key.values()]
    declarations = [c for c in firsts if c.kind.is_declaration()][:200]
    for i, left in enumerate(declarations):
        assert not any(left == right for right in declarations[i + 1 :])


def test_types_match_the_bindings(nodes: list[Any]) -> None:
    for node in nodes:
        type_ = node.type
        for mine, theirs in (
            (canonical_type(type_), type_.get_canonical()),
            (pointee(type_), type_.get_pointee()),
        ):
            assert (mine._kind_id, mine.spelling) == (theirs._kind_id, theirs.spelling)


def test_mangled_names_match_the_bindings(tmp_path: Path) -> None:
    # libclang mangles only what the reader asks for (it crashes on some template patterns)
    root = _tu(tmp_path, CONSTRUCTS).cursor
    use = next(c for c in root.get_children() if c.spelling == "use")
    asked = [c for c in root.get_children() if c.kind is CursorKind.VAR_DECL]
    asked += [use, *(c.referenced for c in _walk(use) if c.kind is CursorKind.CALL_EXPR)]
    asked = [c for c in asked if c is not None and c.kind is not CursorKind.FUNCTION_TEMPLATE]
    lookups = Lookups()
    for cursor in [*asked, *(c.get_definition() or c for c in asked)]:
        assert lookups.mangled_name(cursor) == cursor.mangled_name
    assert {lookups.mangled_name(c) for c in asked} >= {"a", "_Z3usei", "_Z5twiceIiET_S0_"}
