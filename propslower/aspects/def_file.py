"""Reading ``aspects.def``-style files (``__SYCL_ASPECT(name, value)`` …) into an aspect table."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import lark

from propslower.aspects.table import Aspect, AspectAlias, AspectTable
from propslower.diagnostics import Diagnostic, DiagnosticError, Diagnostics, SourceMap, Span
from propslower.grammar_cache import cached_lark
from propslower.textio import read_source

BUILTIN_DEF = Path(__file__).parent / "data" / "aspects.def"


@cache
def _parser() -> lark.Lark:
    return cached_lark(
        "aspects_def", {"parser": "lalr", "strict": True, "propagate_positions": True}
    )


@cache
def default_table() -> AspectTable:
    """The built-in DPC++ aspect table (read once)."""
    return parse_aspects_def(BUILTIN_DEF.read_text(encoding="utf-8"), str(BUILTIN_DEF))


def load_table(path: str | None = None, sources: SourceMap | None = None) -> AspectTable:
    """The table from ``path`` (an ``--aspects-def`` file), or the built-in one for ``None``;
    the text is recorded in ``sources`` so diagnostics can quote it."""
    if path is None:
        return default_table()
    source = read_source(path)
    if sources is not None:
        sources.add(source.name, source.text)
    return parse_aspects_def(source.text, source.name)


def parse_aspects_def(text: str, name: str) -> AspectTable:
    """Parse def-file ``text``; raise ``DiagnosticError`` with positions on any mistake."""
    try:
        tree = _parser().parse(text)
    except lark.UnexpectedInput as error:
        raise DiagnosticError(_syntax_error(error, text, name)) from error
    return _Builder(name).build(tree)


def _syntax_error(error: lark.UnexpectedInput, text: str, name: str) -> Diagnostic:
    span = Span(name, error.line, error.column) if error.line > 0 else Span(name, 1, 1)
    if isinstance(error, lark.UnexpectedToken) and error.token.type == "$END":
        return Diagnostic.error("unexpected end of file in aspect definition", span)
    if isinstance(error, lark.UnexpectedToken):
        shown = str(error.token)
        expected = ", ".join(sorted(_readable(t) for t in error.accepts or error.expected))
        return Diagnostic.error(f"unexpected '{shown}'; expected {expected}", span)
    if isinstance(error, lark.UnexpectedCharacters):
        return _unexpected_characters(text, error.pos_in_stream or 0, name)
    return Diagnostic.error("syntax error in aspect definition", span)


def _unexpected_characters(text: str, offset: int, name: str) -> Diagnostic:
    """Name the whole word when the lexer stopped inside one (``__SYCL_ASPECTS``)."""
    start = offset
    while start > 0 and _is_word(text[start - 1]):
        start -= 1
    end = offset
    while end < len(text) and _is_word(text[end]):
        end += 1
    if end - start > 1:
        span = Span.at_offset(name, text, start, end)
        return Diagnostic.error(f"unexpected '{text[start:end]}'", span)
    span = Span.at_offset(name, text, offset)
    return Diagnostic.error(f"unexpected character {text[offset]!r}", span)


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


_TERMINAL_WORDS = {
    "$END": "end of file",
    "NAME": "an aspect name",
    "INT": "a number",
    "STRING": "a string literal",
}


def _readable(terminal: str) -> str:
    if terminal in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[terminal]
    pattern = _parser().get_terminal(terminal).pattern
    return f"'{pattern.value}'" if isinstance(pattern, lark.lexer.PatternStr) else terminal


class _Builder:
    """Checks duplicates and alias targets while collecting entries."""

    def __init__(self, name: str) -> None:
        self.file = name
        self.aspects: list[Aspect] = []
        self.aliases: list[AspectAlias] = []
        self.names: dict[str, Span] = {}
        self.values: dict[int, tuple[str, Span]] = {}
        self.diagnostics = Diagnostics()

    def build(self, tree: lark.Tree[lark.Token]) -> AspectTable:
        for entry in tree.children:
            assert isinstance(entry, lark.Tree)
            tokens = [t for t in entry.children if isinstance(t, lark.Token)]
            if entry.data == "alias":
                self._alias(tokens)
            else:
                message = _string(tokens[2]) if entry.data == "deprecated" else None
                self._aspect(tokens[0], tokens[1], message)
        self.diagnostics.raise_if_errors()
        return AspectTable(self.aspects, self.aliases)

    def _span(self, token: lark.Token) -> Span:
        line, column = token.line or 1, token.column or 1
        return Span(self.file, line, column, token.end_line, (token.end_column or 2) - 1)

    def _claim_name(self, token: lark.Token) -> bool:
        span = self._span(token)
        earlier = self.names.get(str(token))
        if earlier is not None:
            note = Diagnostic.note("first defined here", earlier)
            self.diagnostics.add(Diagnostic.error(f"duplicate aspect name '{token}'", span, note))
            return False
        self.names[str(token)] = span
        return True

    def _aspect(self, name: lark.Token, value: lark.Token, message: str | None) -> None:
        number = int(value)
        earlier = self.values.get(number)
        if earlier is not None:
            note = Diagnostic.note(f"already used by '{earlier[0]}'", earlier[1])
            text = f"duplicate aspect value {number} for '{name}'"
            self.diagnostics.add(Diagnostic.error(text, self._span(value), note))
            return
        if not self._claim_name(name):
            return
        self.values[number] = (str(name), self._span(name))
        self.aspects.append(Aspect(str(name), number, message))

    def _alias(self, tokens: list[lark.Token]) -> None:
        name, target, message = tokens
        known = {aspect.name for aspect in self.aspects}
        if str(target) not in known:
            text = f"alias '{name}' refers to unknown aspect '{target}'"
            self.diagnostics.add(Diagnostic.error(text, self._span(target)))
            return
        if self._claim_name(name):
            self.aliases.append(AspectAlias(str(name), str(target), _string(message)))


def _string(token: lark.Token) -> str:
    """The text of a C string literal token (simple escapes)."""
    value = ast.literal_eval(str(token))
    return value if isinstance(value, str) else str(value)
