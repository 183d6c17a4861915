"""Maps offsets in a parsed text to spans in the file it came from (possibly embedded in it)."""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token, Tree

from propslower.diagnostics import Span


@dataclass(frozen=True)
class Locator:
    """Where ``text`` sits: in ``file``, starting at 1-based ``line`` and ``column``."""

    file: str
    text: str
    line: int = 1
    column: int = 1

    def span(self, start: int, end: int | None = None) -> Span:
        local = Span.at_offset(self.file, self.text, start, end)
        return Span(
            self.file,
            local.line + self.line - 1,
            self._shift(local.line, local.column),
            None if local.end_line is None else local.end_line + self.line - 1,
            None
            if local.end_column is None or local.end_line is None
            else self._shift(local.end_line, local.end_column),
        )

    def _shift(self, local_line: int, column: int) -> int:
        return column + self.column - 1 if local_line == 1 else column

    def span_of(self, node: Tree[Token] | Token) -> Span:
        start, end = _offsets(node)
        return self.span(start, end)

    def text_of(self, node: Tree[Token] | Token) -> str:
        start, end = _offsets(node)
        return self.text[start:end]


def _offsets(node: Tree[Token] | Token) -> tuple[int, int]:
    if isinstance(node, Token):
        return node.start_pos or 0, node.end_pos or 0
    meta = node.meta
    if meta.empty:
        return 0, 0
    return meta.start_pos, meta.end_pos
