"""The reader's traversals and ``mark_kernels`` against straightforward versions of themselves.

The references below are the code as first written (bindings' ``get_children``, ``.kind``,
``.referenced``; every instruction parsed): the fast paths must give exactly what they gave.
"""

import bisect
import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clang.cindex import CursorKind, TypeKind

from propslower.aspects.def_file import default_table
from propslower.frontend import body_uses, kernels, markers
from propslower.frontend.cindex import file_name, parse
from propslower.frontend.cursors import Lookups
from propslower.frontend.kernels import mark_kernels
from propslower.frontend.prelude import feature_macro_definitions
from propslower.frontend.reader import _VISITED, PATTERN_KINDS, _Walker, read, reader_args
from propslower.frontend.spans import SourceTexts
from propslower.ir import header_edits
from propslower.ir.module import Module

from .helpers import EXAMPLES, KERNEL_HEADER
from .test_cursors import CONSTRUCTS

MARKED = (
    KERNEL_HEADER
    + """
#define SYCL_EXTERNAL [[clang::sycl_external]]
template <typename N> [[clang::sycl_kernel_entry_point(N)]] void entry() {}
SYCL_EXTERNAL int helper(int x) { return x + 1; }
struct K { void operator()() const { helper(2); } };
class Name;
void launch() { kernel<Name>(K{}); entry<Name>(); }
namespace ns { template <typename T> struct S { SYCL_EXTERNAL void m() {} }; }
void use() { ns::S<int>{}.m(); }
"""
)


def _tu(tmp_path: Path, source: str) -> Any:
    path = tmp_path / "input.cpp"
    path.write_text(source, encoding="utf-8")
    extra = [*feature_macro_definitions(keywords=True), f"-I{EXAMPLES}", "-Wunknown-attributes"]
    return parse(str(path), reader_args(extra))


def _reference_markers(tu: Any) -> dict[str, set[str]]:
    functions = sorted(
        (c for c in tu.cursor.walk_preorder() if c.kind in markers.FUNCTION_KINDS),
        key=_location,
    )
    found = markers.Markers()
    for function in functions:
        if any(c.kind is CursorKind.UNEXPOSED_ATTR for c in function.get_children()):
            for role in markers._token_roles(tu, function):
                found.add(role, function.get_usr())
    keys = [_location(f) for f in functions]
    for role, location in markers._diagnostic_markers(tu.diagnostics):
        index = bisect.bisect_right(keys, location)
        if index < len(functions) and keys[index][0] == location[0]:
            found.add(role, functions[index].get_usr())
    return found.roles


def _location(cursor: Any) -> tuple[str, int, int]:
    return (file_name(cursor) or "", cursor.location.line, cursor.location.column)


def _reference_preorder(root: Any) -> Iterator[Any]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if node is not root and (node.kind in markers.FUNCTION_KINDS or node.kind in PATTERN_KINDS):
            continue
        stack.extend(reversed(list(node.get_children())))


def _visits(root: Any, lookups: Lookups, monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """What the reader's walk of ``root`` alone hands to its visit, in order."""
    walker = _Walker(markers.Markers(), SourceTexts(), lookups)
    seen: list[bytes] = []
    monkeypatch.setattr(walker, "_visit", lambda node: seen.append(bytes(node)))
    walker.run(root)
    return seen


def _reference_body(function: Any) -> body_uses.BodyFacts:
    facts = body_uses.BodyFacts()
    children = list(function.get_children())
    facts.annotations = [c for c in children if c.kind is CursorKind.ANNOTATE_ATTR]
    if function.kind is CursorKind.CONSTRUCTOR:
        own = function.semantic_parent.type
        for child in children:
            if child.kind.is_expression() and body_uses._is_record(child.type):
                facts.bases.append((own, child.type))
    stack = [c for c in reversed(children) if c.kind not in body_uses.NOT_EVALUATED]
    while stack:
        node = stack.pop()
        stack.extend(reversed(list(_reference_visit(node, facts))))
    return facts


def _reference_visit(node: Any, facts: body_uses.BodyFacts) -> Iterator[Any]:
    kind = node.kind
    if kind is CursorKind.VAR_DECL:
        facts.type_uses.append((node.type, node))
        name = node.location.offset
        yield from (c for c in node.get_children() if c.extent.start.offset >= name)
        return
    if kind is CursorKind.IF_STMT:
        yield from body_uses._live(node, lambda c: list(c.get_children()))
        return
    if kind is CursorKind.CALL_EXPR:
        callee = node.referenced
        if callee is not None and callee.kind in body_uses.CALLABLE:
            facts.calls.append((callee, node))
            if callee.kind is CursorKind.CONSTRUCTOR and body_uses._is_record(node.type):
                owner = callee.semantic_parent.type
                if owner.get_canonical().spelling != node.type.get_canonical().spelling:
                    facts.bases.append((node.type, owner))
    if kind in body_uses.CREATING and node.type.kind not in (TypeKind.VOID, TypeKind.INVALID):
        facts.type_uses.append((node.type, node))
    if kind is CursorKind.DECL_REF_EXPR:
        return
    for child in node.get_children():
        if child.kind in body_uses.NOT_EVALUATED:
            continue
        if kind is CursorKind.LAMBDA_EXPR and child.kind is CursorKind.COMPOUND_STMT:
            continue
        yield child


def _facts(facts: body_uses.BodyFacts) -> list[list[bytes]]:
    return [
        [bytes(t) + bytes(n) for t, n in facts.type_uses],
        [bytes(c) + bytes(n) for c, n in facts.calls],
        [bytes(d) + bytes(b) for d, b in facts.bases],
        [bytes(a) for a in facts.annotations],
    ]


SOURCES = {"marked": MARKED, "constructs": CONSTRUCTS, "aspects": '#include "aspects.cpp"\n'}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_markers_match_the_straightforward_walk(tmp_path: Path, name: str) -> None:
    tu = _tu(tmp_path, SOURCES[name])
    found = markers.find_markers(tu, Lookups().children).roles
    assert found == _reference_markers(tu)
    if name == "marked":
        assert set(found) == {markers.KERNEL, markers.EXTERNAL}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_walks_match_the_straightforward_walks(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    tu = _tu(tmp_path, SOURCES[name])
    lookups = Lookups()
    roots = [tu.cursor]
    roots += [c for c in tu.cursor.walk_preorder() if c.kind in body_uses.CALLABLE]
    roots += [d for d in (c.get_definition() for c in roots[1:]) if d is not None]
    for root in roots:
        visited = [bytes(n) for n in _reference_preorder(root) if n.kind.value in _VISITED]
        assert _visits(root, lookups, monkeypatch) == visited
        if root.kind is not CursorKind.TRANSLATION_UNIT and root.is_definition():
            walked = body_uses.walk_body(root, lookups.children)
            assert _facts(walked) == _facts(_reference_body(root))


def test_read_leaves_the_collector_as_it_found_it(tmp_path: Path) -> None:
    path = tmp_path / "input.cpp"
    path.write_text(MARKED, encoding="utf-8")
    assert gc.isenabled()
    result = read(path, features=default_table)
    assert gc.isenabled() and result.kernels and result.externals
    gc.disable()
    try:
        read(path)
        assert not gc.isenabled()
    finally:
        gc.enable()


MODULE = """define spir_func void @k1(ptr %p) {
  ret void
}

define spir_func void @"k 2"() {
  ret void
}

define spir_func void @k3() {
  ret void
}

define spir_kernel void @k4() {
  ret void
}

define spir_func void @"spir_kernel"() {
  ret void
}

define spir_func void @host(ptr %p) {
  call spir_func void @k1(ptr %p)
  tail call spir_func void @"k 2"()
  %x = call i32 @other(ptr @k1)
  call void @k1x()
  call spir_func void @k3()
  call spir_kernel void @k4()
  call spir_func void @"spir_kernel"()
  store ptr @k3, ptr %p
  ret void
}

define spir_func void @bystander() {
  %y = call i32 @other(ptr null)
  ret void
}

declare i32 @other(ptr)

declare void @k1x()
"""


def _reference_mark(module: Module, names: list[str]) -> None:
    changed: list[str] = []
    for name in names:
        function = module.function(name)
        if function is None or not function.is_definition:
            continue
        if function.parsed_header.calling_convention == header_edits._KERNEL:
            continue
        header = function.header_text
        if header_edits._FUNCTION_CONVENTION.search(header) is None:
            continue
        function.set_header_text(
            header_edits._FUNCTION_CONVENTION.sub("spir_kernel", header, count=1)
        )
        changed.append(name)
    callees = {f"@{name}" for name in changed}
    for function in module.functions() if changed else []:
        if not function.is_definition or callees.isdisjoint(kernels._CALLED.findall(function.text)):
            continue
        for instruction in function.instructions():
            call = instruction.call()
            if call is not None and call.callee in callees and instruction.result is None:
                function.remove_instruction(instruction)


@pytest.mark.parametrize(
    "names", [["k1", '"k 2"', "k3", "k4", '"spir_kernel"'], ["k1"], ["k3", "missing"], []]
)
def test_kernel_marking_matches_parsing_every_instruction(names: list[str]) -> None:
    fast, reference = Module.parse(MODULE, "m.ll"), Module.parse(MODULE, "m.ll")
    mark_kernels(fast, names)
    _reference_mark(reference, names)
    assert fast.render() == reference.render()
    if names == ["k1"]:
        assert "call spir_func void @k1(" not in fast.render()
        assert "call void @k1x()" in fast.render()
