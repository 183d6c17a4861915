"""The one diagnostics model: spans, diagnostics, and the GNU-style renderer."""

from __future__ import annotations

import enum
from array import array
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from propslower.frozen import fast_init

COMMAND_LINE = "<command line>"
STDIN = "<stdin>"


class Severity(enum.Enum):
    """How serious a diagnostic is; the value is the word printed."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@fast_init
@dataclass(frozen=True)
class Span:
    """A place in a named source: 1-based line and column, optional inclusive end column."""

    file: str
    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None

    @staticmethod
    def at_offset(file: str, text: str, offset: int, end: int | None = None) -> Span:
        """The span of ``text[offset:end]`` in ``file``."""
        line, column = _line_column(text, offset)
        if end is None or end <= offset:
            return Span(file, line, column)
        end_line, end_column = _line_column(text, end - 1)
        return Span(file, line, column, end_line, end_column)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


def _line_column(text: str, offset: int) -> tuple[int, int]:
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


@fast_init
@dataclass(frozen=True)
class Diagnostic:
    """One message: severity, where, what, and follow-up notes."""

    severity: Severity
    message: str
    span: Span | None = None
    notes: tuple[Diagnostic, ...] = ()

    @staticmethod
    def error(message: str, span: Span | None = None, *notes: Diagnostic) -> Diagnostic:
        return Diagnostic(Severity.ERROR, message, span, notes)

    @staticmethod
    def warning(message: str, span: Span | None = None, *notes: Diagnostic) -> Diagnostic:
        return Diagnostic(Severity.WARNING, message, span, notes)

    @staticmethod
    def note(message: str, span: Span | None = None) -> Diagnostic:
        return Diagnostic(Severity.NOTE, message, span)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def as_error(self) -> Diagnostic:
        """This diagnostic promoted to error severity (for ``-Werror``)."""
        return Diagnostic(Severity.ERROR, self.message, self.span, self.notes)


class DiagnosticError(Exception):
    """Raised to abandon work; carries the diagnostics that explain why.

    ``sources`` holds the texts the diagnostics point into (file name → text), as far as
    whoever raised or passed on the error attached them (``with_sources``), so that
    ``render()`` shows the source lines without the command line's global ``SourceMap``.
    """

    def __init__(
        self,
        diagnostics: Diagnostic | Iterable[Diagnostic],
        sources: Mapping[str, str] | None = None,
    ) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = (
            (diagnostics,) if isinstance(diagnostics, Diagnostic) else tuple(diagnostics)
        )
        self.sources: dict[str, str] = dict(sources or {})
        super().__init__("; ".join(d.message for d in self.diagnostics))

    def with_sources(self, sources: Mapping[str, str]) -> DiagnosticError:
        """Attach more source texts (those already attached win); returns ``self``."""
        for name, text in sources.items():
            self.sources.setdefault(name, text)
        return self

    def render(self, palette: Palette | None = None) -> str:
        """Every diagnostic, GNU style, with the attached sources' lines and carets."""
        return render_all(self.diagnostics, self.sources, palette or PLAIN)


@dataclass
class Diagnostics:
    """An ordered collection of diagnostics gathered while doing one job."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diagnostic: Diagnostic) -> None:
        self.items.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.items.extend(diagnostics)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.items)

    def raise_if_errors(self) -> None:
        if self.has_errors:
            raise DiagnosticError(self.items)


@dataclass
class SourceMap:
    """The texts diagnostics point into, so the renderer can show the source line."""

    texts: dict[str, str] = field(default_factory=dict)
    _starts: dict[str, tuple[str, array[int]]] = field(
        default_factory=dict, repr=False, compare=False
    )
    """Per name, the text indexed and where each of its lines starts (built on first use)."""

    def add(self, name: str, text: str) -> None:
        self.texts[name] = text

    def line(self, name: str, line: int) -> str | None:
        text = self.texts.get(name)
        if text is None:
            return None
        starts = self._line_starts(name, text)
        if not 1 <= line <= len(starts):
            return None
        start = starts[line - 1]
        end = text.find("\n", start)
        return text[start:] if end < 0 else text[start:end]

    def _line_starts(self, name: str, text: str) -> array[int]:
        """Line start offsets of ``text``: one scan per text, so N lookups cost O(size + N)."""
        cached = self._starts.get(name)
        if cached is not None and cached[0] is text:
            return cached[1]
        starts = array("q", [0])
        find = text.find
        position = find("\n")
        while position >= 0:
            starts.append(position + 1)
            position = find("\n", position + 1)
        self._starts[name] = (text, starts)
        return starts


_TAB_WIDTH = 8
_MAX_SHOWN = 160
_RESET = "\x1b[0m"


@dataclass(frozen=True)
class Palette:
    """The escape sequences of each part of a rendered diagnostic ("" for plain text)."""

    location: str = ""
    severity: Mapping[Severity, str] = field(default_factory=dict)
    message: Mapping[Severity, str] = field(default_factory=dict)
    caret: str = ""

    def paint(self, code: str, text: str) -> str:
        return f"{code}{text}{_RESET}" if code and text else text


PLAIN = Palette()
CLANG_COLORS = Palette(
    location="\x1b[1m",
    severity={
        Severity.ERROR: "\x1b[0;1;31m",
        Severity.WARNING: "\x1b[0;1;35m",
        Severity.NOTE: "\x1b[0;1;30m",
    },
    message={Severity.ERROR: "\x1b[1m", Severity.WARNING: "\x1b[1m"},
    caret="\x1b[0;1;32m",
)
"""Clang's own colours: bold location and message, red errors, magenta warnings, green caret."""


def render(
    diagnostic: Diagnostic,
    sources: Mapping[str, str] | SourceMap | None = None,
    palette: Palette = PLAIN,
) -> str:
    """GNU style: ``FILE:LINE:COL: error: message``, the source line, a caret line, then notes."""
    source_map = sources if isinstance(sources, SourceMap) else SourceMap(dict(sources or {}))
    lines = _render_one(diagnostic, source_map, palette)
    for note in diagnostic.notes:
        lines.extend(_render_one(note, source_map, palette))
    return "\n".join(lines) + "\n"


def render_all(
    diagnostics: Iterable[Diagnostic],
    sources: Mapping[str, str] | SourceMap | None = None,
    palette: Palette = PLAIN,
) -> str:
    return "".join(render(d, sources, palette) for d in diagnostics)


def _render_one(diagnostic: Diagnostic, sources: SourceMap, palette: Palette) -> list[str]:
    severity = diagnostic.severity
    span = diagnostic.span
    where = palette.paint(palette.location, f"{span if span is not None else 'propslower'}: ")
    word = palette.paint(palette.severity.get(severity, ""), f"{severity.value}: ")
    message = palette.paint(palette.message.get(severity, ""), diagnostic.message)
    lines = [f"{where}{word}{message}"]
    if span is None:
        return lines
    source_line = sources.line(span.file, span.line)
    if source_line is None:
        return lines
    shown, caret = _source_and_caret(source_line, span)
    lines.extend((shown, palette.paint(palette.caret, caret)))
    return lines


def _source_and_caret(source_line: str, span: Span) -> list[str]:
    start = max(span.column - 1, 0)
    same_line = span.end_line in (None, span.line)
    end = span.end_column if same_line and span.end_column is not None else span.column
    end = max(end, span.column)
    shown, offset = _window(source_line, start)
    start -= offset
    end -= offset
    pad = "".join("\t" if ch == "\t" else " " for ch in shown[:start])
    width = max(min(end, len(shown)) - start, 1)
    caret = "^" + "~" * (width - 1)
    return [shown.expandtabs(_TAB_WIDTH), (pad + caret).expandtabs(_TAB_WIDTH)]


def _window(source_line: str, start: int) -> tuple[str, int]:
    """Cut very long lines (generated IR) around the caret; return the text and its offset."""
    if len(source_line) <= _MAX_SHOWN:
        return source_line, 0
    offset = max(0, start - _MAX_SHOWN // 2)
    return source_line[offset : offset + _MAX_SHOWN], offset
