"""The item table (``scan_items``) finds what the general reader (``read_items``) finds."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.diagnostics import DiagnosticError
from propslower.ir import scan
from propslower.ir.attributes import AttributeGroup
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import Item
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.module import Module
from propslower.ir.reader import key_at, read_items
from propslower.ir.scan import ItemTable, scan_items
from propslower.ir.strings import name_of
from tests.ir.helpers import ALL_INPUTS, read_input

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from synth import synthesize

_ODD = [
    "",
    "\n",
    "@a = global i32 0",
    "@a = global i32 0\n@b = global i32 1",
    '@"a b" = global i32 0\n@0 = private constant i8 1\n@a = global i32 1\n@a = global i32 2\n',
    '@s = constant [6 x i8] c"{;}\\22\\5C\\00"\n@t = global i32 0 ; note ( [\n',
    '@t = global i32 0, section "a;b{"   ; trailing { comment\n',
    "@a = global [2 x i32] [\n  i32 1,\n  i32 2\n]\n@b = global i32 0\n",
    "@a = global { [2 x { i32 }] } zeroinitializer\n",
    "@a = global i32 0)\n",
    "  @a = global i32 0\n\t; x\n\r\n",
    '!0 = !{}\n!1 = distinct !{!1}\n!12abc = !{}\n!llvm.ident = !{!0}\n!"q r" = !{}\n',
    "!5 = !{}\n!2 = !{}\n!5 = !{!2}\n!100000 = !{}\n",
    'attributes #0 = { nounwind }\nattributes #1 = { "a"="}" }\nattributes  #2={a}\n',
    '%struct.S = type { i32 }\n%"a b" = type opaque\n',
    "define void @f() {\nentry:\n  ret void\n}\ndeclare void @g(ptr)\n",
    'define void @"f g"() {\n  ret void\n}\ndefine1 void @h() {\n}\n',
    "define void @f() {\n  ret void\n\ndefine void @g() {\n}\n",
    "define void @f() {\nentry:\n  ret void\n",
    "define void @f() {\n  ret void\n}",
    "defineé void @f() {\n}\n",
    'source_filename = "a"\ntarget triple = "spir64"\n$c = comdat any\n',
    "this is garbage\n",
    "@g = global i32 0\n@h = weird stuff\n",
    # items over several lines (LLVM's lexer ignores line breaks)
    "@a = global i32 1\n@g = global\n  i32 0, align 4 #0\n@b = global i32 2\n",
    "@g = dso_local\nglobal i32 0\n\n; c\n  , align 4\nattributes #0 = { nounwind }\n",
    "!0 = !{}\n!1 =\n  !{!0}\n!2 = !{}\n",
    "%T = type\n  { i32 }\n%U = type { i32 }\n",
    "attributes #0 = { nounwind }\n  #1\n",
    "define void\n  @f(i32 %a,\n     i32 %b)\n  #0 {\nentry:\n  ret void\n}\n",
    "define void @f(i32 %a,\n  i32 %b) #0 { ; body\n  ret void\n}\ndeclare void\n  @g(ptr)\n",
    # two items on one line (LLVM reads them as two)
    "@dm1 = global i32 0, align 4!99 = !{}\n@b = global i32 1\n",
    '@g = global i32 0 "k"="v" %T = type { i32 } !0 = !{}  !1 = !{} ; c\n',
    "define void @f() {\n  ret void\n}attributes #0 = { nounwind }\n",
    "define void @f() {\n  ret void\n}  ; c\n}\n",
    'declare void @h() #0 declare void @h2()\n@s = global [4 x i8] c"@x =" ; @y =\n',
    'attributes #0 = { "a"="b" } target triple = "spir64"\n!0 = !{!"!1 = x"}!1 = !{}\n',
]


def _general(text: str) -> list[Item] | str:
    try:
        return read_items(text, "t.ll")
    except DiagnosticError as error:
        return repr(error.diagnostics)


def _scanned(text: str) -> ItemTable | str:
    try:
        return scan_items(text, "t.ll")
    except DiagnosticError as error:
        return repr(error.diagnostics)


def _indexes(items: list[Item]) -> dict[str, dict[object, int]]:
    """What ``Module._register`` made of the general reader's items, by item number."""
    out: dict[str, dict[object, int]] = {n: {} for n in ("functions", "globals", "groups")}
    out["nodes"], out["named"] = {}, {}
    for number, item in enumerate(items):
        if item.key is None:
            continue
        if isinstance(item, FunctionItem):
            out["functions"][name_of(item.key)] = number
        elif isinstance(item, GlobalItem):
            out["globals"][name_of(item.key)] = number
        elif isinstance(item, AttributeGroup):
            out["groups"][item.group_id] = number
        elif isinstance(item, MetadataNode):
            out["nodes"][item.node_id] = number
        elif isinstance(item, NamedMetadata):
            out["named"][item.name] = number
    return out


def assert_same_items(text: str) -> None:
    general, scanned = _general(text), _scanned(text)
    if isinstance(general, str) or isinstance(scanned, str):
        assert scanned == general
        return
    starts, kinds, lines = scanned.starts, scanned.kinds, scanned.lines
    assert list(starts) == [i.offset for i in general] + [len(text)]
    assert kinds == [i.kind for i in general]
    assert list(lines) == [i.line for i in general]
    keys = [key_at(kind, text, starts[n], starts[n + 1]) for n, kind in enumerate(kinds)]
    assert keys == [i.key for i in general]
    indexes = _indexes(general)
    assert scanned.functions == indexes["functions"]
    assert scanned.globals == indexes["globals"]
    assert scanned.groups == indexes["groups"]
    assert {n: scanned.nodes.get(int(str(n))) for n in indexes["nodes"]} == indexes["nodes"]
    assert scanned.named == indexes["named"]
    assert scanned.last == {i.kind: n for n, i in enumerate(general)}
    module = Module(text, "t.ll")
    for name, number in scanned.functions.items():
        assert module.function(name) is module.store.item(number)
        assert module.store.item(number).key == general[number].key
    for name, number in scanned.globals.items():
        assert module.global_variable(name) is module.store.item(number)
        assert module.store.item(number).key == general[number].key
    assert [i.text for i in module.items()] == [i.text for i in general]


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_real_inputs(name: str) -> None:
    assert_same_items(read_input(name))


@pytest.mark.parametrize("properties", [False, True])
def test_synthetic_module(properties: bool) -> None:
    assert_same_items(synthesize(0.05, properties))


@pytest.mark.parametrize("text", _ODD)
def test_odd_texts(text: str) -> None:
    assert_same_items(text)


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_every_truncation_gives_the_same_items_or_error(name: str) -> None:
    text = read_input(name)
    for cut in range(0, len(text), max(1, len(text) // 61)):
        assert_same_items(text[:cut])


_LINES = st.sampled_from(
    [
        "@g{n} = global i32 {n}, align 4",
        '@s{n} = private unnamed_addr constant [2 x i8] c"a\\00", section "llvm.metadata"',
        '@t{n} = global {{ i32, [2 x i8] }} {{ i32 1, [2 x i8] c"a;" }} ; c [',
        '@"q {n}" = global i32 0 #0',
        "!{n} = !{{i32 {n}}}",
        "!{n} = distinct !{{!{n}}} ; x",
        "!named{n} = !{{!0}}",
        'attributes #{n} = {{ nounwind "k"="v{n}" }}',
        "%T{n} = type {{ i32, ptr }}",
        '%"class.sycl::T{n}.0" = type {{ i32 }}',
        '%"U{n}" = type\n  {{ i32 }}',
        "$c{n} = comdat any",
        '$"q {n}" = comdat largest ; c',
        "$d{n} = comdat any @w{n} = global i32 0",
        "$e{n} = comdat\n  any",
        "; comment {n}",
        "",
        "   ",
        "declare void @d{n}(ptr)",
        "define void @f{n}(i32 %a) #0 {{\nentry:\n  %b = add i32 %a, {n}\n  ret void\n}}",
        "@u{n} = global [2 x i32] [\n  i32 1,\n  i32 {n}\n]",
        "@v{n} = global i32 {n}, align 4 !{n} = !{{}}",
        "declare void @e{n}() declare void @e{n}b()",
        "bad line {n}",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_LINES, st.integers(0, 9)), max_size=14), st.booleans())
def test_random_modules(lines: list[tuple[str, int]], final_newline: bool) -> None:
    text = "\n".join(line.format(n=n) for line, n in lines)
    assert_same_items(text + ("\n" if final_newline and text else ""))


def _state(result: ItemTable | str) -> object:
    """Everything a table holds (or the error), for comparing two scans."""
    if isinstance(result, str):
        return result
    nodes = result.nodes
    return (
        list(result.starts),
        result.kinds,
        list(result.lines),
        [list(index.items()) for index in (result.functions, result.globals, result.groups)],
        [list(index.items()) for index in (result.named, result.spelled)],
        (result.first, result.last),
        (nodes.top, [nodes.get(node) for node in range(-1, nodes.top + 2)]),
    )


def _joined(text: str, at: int) -> ItemTable | str:
    """The scan of ``text`` up to ``at`` joined with one from ``at`` on (no fork)."""
    scanner = scan._Scanner(text, "t.ll")
    try:
        scan._join(scanner, at, partial(scan._tail, text, "t.ll", at))
        return scanner.finish()
    except DiagnosticError as error:
        return repr(error.diagnostics)


def _forked(text: str, at: int) -> ItemTable | str:
    scanner = scan._Scanner(text, "t.ll")
    try:
        scan._in_two(scanner, at)
        return scanner.finish()
    except DiagnosticError as error:
        return repr(error.diagnostics)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_LINES, st.integers(0, 9)), max_size=14), st.floats(0, 1), st.booleans())
def test_a_scan_in_two_is_the_whole_scan(
    lines: list[tuple[str, int]], where: float, at_a_line: bool
) -> None:
    text = "\n".join(line.format(n=n) for line, n in lines) + "\n"
    at = round(where * len(text))  # an item's start, or within one: then scanned on here
    if at_a_line:
        at = text.rfind("\n", 0, at) + 1
    assert _state(_joined(text, at)) == _state(_scanned(text))


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_a_forked_scan_of_a_real_input(name: str) -> None:
    text = read_input(name)
    at = scan._split_point(text) or len(text) // 2
    assert _state(_forked(text, at)) == _state(_scanned(text))


@pytest.mark.parametrize(
    "text",
    [
        "@g = global i32 0\ndefine void @f() {\n  ret void\n}\nbad line\n",
        "bad line\ndefine void @f() {\n  ret void\n}\nalso bad\n",
        "@g = global i32 0\ndefine void @f() {\n  ret void\n}\n",
    ],
)
def test_a_forked_scan_reports_the_first_error(text: str) -> None:
    at = text.index("define")
    assert _state(_forked(text, at)) == _state(_scanned(text))


def test_scan_items_splits_only_large_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    text = synthesize(0.05, True)
    split: list[int] = []
    original = scan._in_two

    def recorded(scanner: scan._Scanner, at: int) -> None:
        split.append(at)
        original(scanner, at)

    monkeypatch.setattr(scan, "_in_two", recorded)
    assert _state(scan_items(text, "t.ll", split=True)) == _state(_scanned(text))
    assert split == []
    monkeypatch.setattr(scan, "SPLIT_AT", len(text))
    assert _state(scan_items(text, "t.ll", split=True)) == _state(_scanned(text))
    assert split == [text.index("\ndefine ", len(text) // 2) + 1]
    assert _state(scan_items(text, "t.ll")) == _state(_scanned(text))
    assert len(split) == 1
