"""Metadata items: numbered nodes ``!N = [distinct] !{...}`` and named ``!name = !{...}``."""

from __future__ import annotations

import re

from propslower.ir.items import Item, ItemKind
from propslower.ir.lex import LexError, split_commas
from propslower.ir.strings import escape

_NODE_HEAD = re.compile(r"\s*!(\d+)\s*=\s*(distinct\s+)?")
_NAMED_HEAD = re.compile(r'\s*!([-\w$.\\]+|"[^"]*")\s*=\s*')


def metadata_string(text: str) -> str:
    """``!"text"`` with LLVM escapes."""
    return f'!"{escape(text)}"'


def _tuple_operands(item: Item, start: int) -> list[str] | None:
    """Operands of the ``!{...}`` tuple at ``item.text[start:]``; None when it is not one."""
    text = item.text
    if not text.startswith("!{", start):
        return None
    close = text.rfind("}")
    if close < start:
        raise item.error("'!{' is never closed", start)
    try:
        return [text[a:b] for a, b in split_commas(text, start + 2, close)]
    except LexError as error:
        raise item.error(f"malformed metadata: {error}", error.offset) from error


class MetadataNode(Item):
    """``!N = [distinct] !{ops}`` (or a specialised node such as ``!DILocation(...)``)."""

    __slots__ = ("_operands",)

    def __init__(self, text: str, offset: int = -1, line: int = 0, key: str | None = None) -> None:
        super().__init__(ItemKind.METADATA, text, offset, line, key)
        self._operands: list[str] | None = None

    @staticmethod
    def create(node_id: int, operands: list[str], *, distinct: bool = False) -> MetadataNode:
        """A new node ``!node_id = !{operands}``."""
        node = MetadataNode("", key=f"!{node_id}")
        node.set_operands(operands, distinct=distinct)
        return node

    def invalidate(self) -> None:
        self._operands = None

    @property
    def node_id(self) -> int:
        """The ``N`` of ``!N``."""
        return int((self.key or "!-1")[1:])

    def _head(self) -> re.Match[str]:
        match = _NODE_HEAD.match(self.text)
        if match is None:
            raise self.error("expected '!N = ...'")
        return match

    @property
    def is_distinct(self) -> bool:
        """Whether the node is ``distinct``."""
        return self._head().group(2) is not None

    @property
    def is_tuple(self) -> bool:
        """Whether the node is a plain tuple ``!{...}`` (not ``!DILocation(...)`` etc.)."""
        return self.text.startswith("!{", self._head().end())

    @property
    def operands(self) -> list[str]:
        """Operand texts of a tuple node (``i32 1``, ``!"x"``, ``!3``, ``ptr @k``, ``null``)."""
        if self._operands is None:
            found = _tuple_operands(self, self._head().end())
            if found is None:
                raise self.error(f"!{self.node_id} is not a tuple node '!{{...}}'")
            self._operands = found
        return list(self._operands)

    def set_operands(self, operands: list[str], *, distinct: bool | None = None) -> None:
        """Replace the operand list (keeping ``distinct`` unless told otherwise)."""
        keep = self.is_distinct if distinct is None and self.text else bool(distinct)
        prefix = "distinct " if keep else ""
        self.text = f"!{self.node_id} = {prefix}!{{{', '.join(operands)}}}\n"


class NamedMetadata(Item):
    """``!name = !{!0, !1}``: a named list of node references."""

    __slots__ = ("_operands",)

    def __init__(self, text: str, offset: int = -1, line: int = 0, key: str | None = None) -> None:
        super().__init__(ItemKind.NAMED_METADATA, text, offset, line, key)
        self._operands: list[str] | None = None

    @staticmethod
    def create(name: str, operands: list[str]) -> NamedMetadata:
        """A new ``!name = !{operands}``."""
        node = NamedMetadata("", key=f"!{name}")
        node.set_operands(operands)
        return node

    def invalidate(self) -> None:
        self._operands = None

    @property
    def name(self) -> str:
        """The name without the ``!``."""
        return (self.key or "!")[1:]

    @property
    def operands(self) -> list[str]:
        """The operand texts (``!0``, ``!1``, ...)."""
        if self._operands is None:
            match = _NAMED_HEAD.match(self.text)
            found = None if match is None else _tuple_operands(self, match.end())
            if found is None:
                raise self.error("expected '!name = !{...}'")
            self._operands = found
        return list(self._operands)

    def set_operands(self, operands: list[str]) -> None:
        """Replace the operand list."""
        self.text = f"!{self.name} = !{{{', '.join(operands)}}}\n"
