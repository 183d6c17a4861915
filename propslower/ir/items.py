"""Top-level items of a module: their kinds and the text each keeps."""

from __future__ import annotations

import enum

from propslower.diagnostics import Diagnostic, DiagnosticError, Span


class ItemKind(enum.Enum):
    """What a top-level item is."""

    HEADER = "header"
    TRIVIA = "trivia"
    TYPE = "type"
    GLOBAL = "global"
    DECLARATION = "declaration"
    DEFINITION = "definition"
    ATTRIBUTES = "attributes"
    NAMED_METADATA = "named metadata"
    METADATA = "metadata"
    OPAQUE = "opaque"

    __hash__ = object.__hash__  # members are singletons; Enum's own hash runs Python code


class Item:
    """One top-level item: its exact text (with its line break) and where it started.

    ``key`` names the item where it has a name: ``@g``, ``%struct.S``, ``#3``, ``!7``,
    ``!llvm.ident``. Items created by edits have ``offset == -1`` and ``line == 0``.
    Subclasses parse their text lazily and drop the parse whenever the text changes.
    """

    __slots__ = ("_text", "file", "followers", "key", "kind", "line", "offset", "removed")

    def __init__(
        self, kind: ItemKind, text: str, offset: int = -1, line: int = 0, key: str | None = None
    ) -> None:
        self.kind = kind
        self._text = text
        self.offset = offset
        self.line = line
        self.key = key
        self.removed = False
        self.file = "<new>"
        """The file the item was read from (set by the reader)."""
        self.followers: list[Item] = []
        """Items inserted right after this one by edits (rendered in order)."""

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value
        self.invalidate()

    def invalidate(self) -> None:
        """Forget any cached parse of the text (subclasses override)."""

    def error(self, message: str, offset: int = 0) -> DiagnosticError:
        """A positioned error about ``self.text[offset:]`` (no position for new items)."""
        if self.is_new:
            return DiagnosticError(Diagnostic.error(message))
        offset = max(0, min(offset, len(self._text)))
        line = self.line + self._text.count("\n", 0, offset)
        column = offset - (self._text.rfind("\n", 0, offset) + 1) + 1
        return DiagnosticError(Diagnostic.error(message, Span(self.file, line, column)))

    @property
    def is_new(self) -> bool:
        """Whether an edit created this item (it has no original position)."""
        return self.offset < 0

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind.value} {self.key or ''} line {self.line}>"
