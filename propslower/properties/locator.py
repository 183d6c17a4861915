"""Maps offsets in a parsed text to spans in the file it came from (possibly embedded in it)."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from lark import Token, Tree

from propslower.diagnostics import Span
from propslower.frozen import fast_init


@fast_init
@dataclass(frozen=True)
class Locator:
    """Where ``text`` sits in ``file`` (1-based ``line``, ``column``); later lines indented."""

    file: str
    text: str
    line: int = 1
    column: int = 1
    indent: int = 0
    """Columns to add on lines after the first (text taken from an indented YAML block)."""
    _line_starts: list[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        starts = [0]
        position = self.text.find("\n")
        while position >= 0:
            starts.append(position + 1)
            position = self.text.find("\n", position + 1)
        object.__setattr__(self, "_line_starts", starts)

    def span(self, start: int, end: int | None = None) -> Span:
        if len(self._line_starts) == 1:
            column = self.column
            if end is None or end <= start:
                return Span(self.file, self.line, column + start)
            return Span(self.file, self.line, column + start, self.line, column + end - 1)
        line, column = self._place(start)
        if end is None or end <= start:
            return Span(self.file, line, column)
        end_line, end_column = self._place(end - 1)
        return Span(self.file, line, column, end_line, end_column)

    def _place(self, offset: int) -> tuple[int, int]:
        """File line and column of ``offset``, shifted by where the text sits in its file."""
        offset = max(0, min(offset, len(self.text)))
        index = bisect.bisect_right(self._line_starts, offset) - 1
        column = offset - self._line_starts[index] + 1
        column += self.column - 1 if index == 0 else self.indent
        return index + self.line, column

    def span_of(self, node: Tree[Token] | Token) -> Span:
        start, end = offsets(node)
        return self.span(start, end)

    def text_of(self, node: Tree[Token] | Token) -> str:
        start, end = offsets(node)
        return self.text[start:end]


def offsets(node: Tree[Token] | Token) -> tuple[int, int]:
    """Start and end offsets of a token, or of a subtree from its first to its last token."""
    if type(node) is Token:
        return node.start_pos or 0, node.end_pos or 0
    return _edge_token(node, 0).start_pos or 0, _edge_token(node, -1).end_pos or 0


_EMPTY = Token("EMPTY", "", 0, end_pos=0)


def _edge_token(node: Tree[Token] | Token, side: int) -> Token:
    while type(node) is not Token:
        assert isinstance(node, Tree)
        children = node.children
        if children and children[side] is not None:
            node = children[side]
            continue
        ordered = children if side == 0 else reversed(children)
        found = next((child for child in ordered if child is not None), None)
        if found is None:
            return _EMPTY
        node = found
    return node


def end_offset(node: Tree[Token], known: dict[int, int]) -> int:
    """The end offset of ``node``'s last token, remembering it in ``known`` (by tree identity)
    for the node and every subtree passed on the way down.

    A chain of prefix operators (``- - - 1``) ends where its innermost operand ends: asked for
    bottom-up, each node costs one step instead of the chain's length.
    """
    path: list[int] = []
    current: Tree[Token] | Token = node
    while type(current) is not Token:
        assert isinstance(current, Tree)
        cached = known.get(id(current))
        if cached is not None:
            end = cached
            break
        path.append(id(current))
        last = next((child for child in reversed(current.children) if child is not None), None)
        if last is None:
            end = 0
            break
        current = last
    else:
        end = current.end_pos or 0
    for identity in path:
        known[identity] = end
    return end
