import pytest

from propslower.commands import common
from propslower.diagnostics import (
    CLANG_COLORS,
    Diagnostic,
    DiagnosticError,
    Diagnostics,
    SourceMap,
    Span,
    render,
)


def test_gnu_format_with_source_line_and_caret() -> None:
    text = 'first line\nadd("a", "b", 1)\n'
    span = Span.at_offset("f.cpp", text, 11, 14)
    assert render(Diagnostic.error("bad thing", span), {"f.cpp": text}) == (
        'f.cpp:2:1: error: bad thing\nadd("a", "b", 1)\n^~~\n'
    )


def test_notes_follow_their_diagnostic() -> None:
    text = "abc def"
    diagnostic = Diagnostic.warning(
        "twice", Span("x", 1, 5, 1, 7), Diagnostic.note("first here", Span("x", 1, 1, 1, 3))
    )
    assert render(diagnostic, {"x": text}) == (
        "x:1:5: warning: twice\nabc def\n    ^~~\nx:1:1: note: first here\nabc def\n^~~\n"
    )


def test_without_a_span_or_source() -> None:
    assert render(Diagnostic.error("no place")) == "propslower: error: no place\n"
    assert render(Diagnostic.error("m", Span("missing.ll", 3, 4))) == "missing.ll:3:4: error: m\n"


def test_tabs_keep_the_caret_aligned() -> None:
    out = render(Diagnostic.error("m", Span("t", 1, 3)), {"t": "\t\tx"})
    assert out.splitlines()[1:] == ["                x", "                ^"]


def test_long_lines_are_cut_around_the_caret() -> None:
    line = "a" * 1000 + "X" + "b" * 1000
    rendered = render(Diagnostic.error("m", Span("t", 1, 1001)), {"t": line}).splitlines()
    assert len(rendered[1]) == 160
    assert rendered[1][rendered[2].index("^")] == "X"


def test_source_map_lines() -> None:
    sources = SourceMap({"s": "one\ntwo\nthree"})
    assert sources.line("s", 3) == "three"
    assert sources.line("s", 4) is None
    assert sources.line("other", 1) is None


def test_source_map_indexes_each_text_once() -> None:
    """Many notes into a long text cost one scan of it, not one scan per note."""
    text = "".join(f"line {n}\n" for n in range(1, 20_001))
    sources = SourceMap({"s": text})
    assert [sources.line("s", n) for n in (1, 12_345, 20_000)] == [
        "line 1",
        "line 12345",
        "line 20000",
    ]
    assert sources.line("s", 20_001) == ""
    assert sources.line("s", 20_002) is None
    indexed = sources._starts["s"][1]
    assert all(sources.line("s", n) == f"line {n}" for n in range(1, 20_001))
    assert sources._starts["s"][1] is indexed
    sources.add("s", "new\ntext")
    assert sources.line("s", 2) == "text"


def test_collection_and_error() -> None:
    found = Diagnostics()
    found.add(Diagnostic.warning("w"))
    assert not found.has_errors
    found.add(Diagnostic.error("e"))
    try:
        found.raise_if_errors()
    except DiagnosticError as error:
        assert [d.message for d in error.diagnostics] == ["w", "e"]
    else:
        raise AssertionError("expected DiagnosticError")
    assert Diagnostic.warning("x").as_error().is_error


def test_colours_are_clangs() -> None:
    diagnostic = Diagnostic.error(
        "use of undeclared identifier 'x'", Span("e.c", 1, 18), Diagnostic.note("here")
    )
    text = render(diagnostic, {"e.c": "int f() { return x; }"}, CLANG_COLORS)
    assert text.splitlines() == [
        # clang-19 -fcolor-diagnostics prints the first line with exactly these sequences
        "\x1b[1me.c:1:18: \x1b[0m\x1b[0;1;31merror: \x1b[0m"
        "\x1b[1muse of undeclared identifier 'x'\x1b[0m",
        "int f() { return x; }",
        "\x1b[0;1;32m                 ^\x1b[0m",
        "\x1b[1mpropslower: \x1b[0m\x1b[0;1;30mnote: \x1b[0mhere",
    ]


@pytest.mark.parametrize(
    ("choice", "environment", "coloured"),
    [
        ("always", {"NO_COLOR": "1"}, True),
        ("never", {}, False),
        ("auto", {}, False),  # standard error is not a terminal under pytest
    ],
)
def test_color_choice(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    choice: str,
    environment: dict[str, str],
    coloured: bool,
) -> None:
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    common.use_color(choice)
    try:
        common.print_diagnostics([Diagnostic.error("boom")])
    finally:
        common.use_color("never")
    assert ("\x1b[" in capsys.readouterr().err) is coloured


def test_a_diagnostic_error_renders_itself_with_its_attached_sources() -> None:
    span = Span("spec.yaml", 2, 3, 2, 5)
    error = DiagnosticError(Diagnostic.error("bad value", span), {"spec.yaml": "a: 1\nb: xyz\n"})
    error.with_sources({"spec.yaml": "ignored\n", "other": "x"})
    assert error.render() == "spec.yaml:2:3: error: bad value\nb: xyz\n  ^~~\n"
    assert DiagnosticError(Diagnostic.error("bare", span)).render() == (
        "spec.yaml:2:3: error: bare\n"
    )
