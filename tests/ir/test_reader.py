from __future__ import annotations

import pytest

from propslower.diagnostics import DiagnosticError
from propslower.ir.items import ItemKind
from propslower.ir.module import Module
from propslower.ir.reader import read_items
from tests.ir.helpers import ALL_INPUTS, read_input


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_round_trip_is_byte_identical(name: str) -> None:
    text = read_input(name)
    assert Module(text, name).render() == text


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_items_cover_the_text_in_order(name: str) -> None:
    text = read_input(name)
    items = read_items(text, name)
    assert "".join(i.text for i in items) == text
    for item in items:
        assert text[item.offset : item.offset + len(item.text)] == item.text
        assert text.count("\n", 0, item.offset) + 1 == item.line


def test_kinds_and_keys() -> None:
    text = (
        "; comment\n"
        'source_filename = "a.c"\n'
        'target triple = "spir64"\n'
        "%struct.S = type { i32, float }\n"
        '%"class.a b" = type opaque\n'
        "@g = global i32 0\n"
        '@"a b" = global i32 1\n'
        "@0 = private constant i8 1\n"
        "$c = comdat any\n"
        "declare void @d(ptr)\n"
        "define void @f() {\nentry:\n  ret void\n}\n"
        "attributes #0 = { nounwind }\n"
        "!llvm.ident = !{!0}\n"
        '!0 = !{!"x"}\n'
        "!1 = distinct !{!1}\n"
    )
    items = read_items(text, "t.ll")
    got = [(i.kind, i.key) for i in items]
    assert got == [
        (ItemKind.TRIVIA, None),
        (ItemKind.HEADER, None),
        (ItemKind.HEADER, None),
        (ItemKind.TYPE, "%struct.S"),
        (ItemKind.TYPE, '%"class.a b"'),
        (ItemKind.GLOBAL, "@g"),
        (ItemKind.GLOBAL, '@"a b"'),
        (ItemKind.GLOBAL, "@0"),
        (ItemKind.OPAQUE, None),
        (ItemKind.DECLARATION, "@d"),
        (ItemKind.DEFINITION, "@f"),
        (ItemKind.ATTRIBUTES, "#0"),
        (ItemKind.NAMED_METADATA, "!llvm.ident"),
        (ItemKind.METADATA, "!0"),
        (ItemKind.METADATA, "!1"),
    ]


def test_strings_with_brackets_semicolons_and_quotes() -> None:
    text = (
        '@s = constant [6 x i8] c"{;}\\22\\5C\\00"\n'
        '@t = global i32 0, section "a;b{"   ; trailing { comment\n'
        'define void @"f;{"() {\n  call void @"g}"(ptr @s) ; }\n  ret void\n}\n'
    )
    module = Module(text, "t.ll")
    assert module.render() == text
    assert [i.key for i in module.items()] == ["@s", "@t", '@"f;{"']
    assert module.function("f;{") is not None


def test_statement_spanning_lines() -> None:
    text = "@a = global [2 x i32] [\n  i32 1,\n  i32 2\n]\n@b = global i32 0\n"
    items = read_items(text, "t.ll")
    assert [i.key for i in items] == ["@a", "@b"]
    assert items[1].line == 5


def test_two_items_on_one_line_are_two_items() -> None:
    text = (
        "@dm1 = global i32 0, align 4!99 = !{}\n"
        'define void @f() {\n  ret void\n}attributes #0 = { "k"="v" } @g = global i32 0\n'
    )
    items = read_items(text, "t.ll")
    assert [i.key for i in items] == ["@dm1", "!99", "@f", "#0", "@g"]
    assert [i.line for i in items] == [1, 1, 2, 4, 4]
    assert "".join(i.text for i in items) == text


def test_crlf_and_missing_final_newline() -> None:
    text = "@a = global i32 0\r\n@b = global i32 1"
    module = Module(text, "t.ll")
    assert module.render() == text
    assert module.global_variable("b") is not None


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("define void @f() {\nentry:\n  ret void\n", 1, 1, "never closed"),
        (
            "define void @f() {\n  ret void\n\ndefine void @g() {\n  ret void\n}\n",
            1,
            1,
            "before the next",
        ),
        ("@g = global i32 0\nthis is garbage\n", 2, 1, "expected a top-level entity"),
        ("@g = global [2 x i32] [i32 1,\n", 1, 23, "never closed"),
        ('@g = global i32 0, section "abc\n', 1, 28, "unterminated string"),
        ("@g = global i32 0)\n", 1, 18, "unbalanced"),
        ("  %x = add i32 1, 2\n", 1, 3, "expected '%name = type"),
    ],
)
def test_malformed_input_gives_positioned_diagnostic(
    text: str, line: int, column: int, words: str
) -> None:
    with pytest.raises(DiagnosticError) as caught:
        Module(text, "bad.ll")
    (diagnostic,) = caught.value.diagnostics
    assert words in diagnostic.message
    assert diagnostic.span is not None
    assert (diagnostic.span.file, diagnostic.span.line, diagnostic.span.column) == (
        "bad.ll",
        line,
        column,
    )


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_truncated_inputs_never_traceback(name: str) -> None:
    text = read_input(name)
    for cut in range(0, len(text), max(1, len(text) // 97)):
        try:
            module = Module(text[:cut], name)
        except DiagnosticError as error:
            assert all(d.span is not None for d in error.diagnostics)
            continue
        assert module.render() == text[:cut]


def test_lazy_parse_errors_are_positioned() -> None:
    module = Module("@a = global i32 0\n@g = weird stuff\n", "bad.ll")
    item = module.global_variable("g")
    assert item is not None
    with pytest.raises(DiagnosticError) as caught:
        _ = item.parts
    span = caught.value.diagnostics[0].span
    assert span is not None
    assert (span.file, span.line) == ("bad.ll", 2)
