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
    An item read from a module keeps only its range in the module's text until it is
    read or edited. Subclasses parse their text lazily and drop the parse whenever the
    text changes.
    """

    __slots__ = ("_end", "_src", "_text", "file", "key", "kind", "line", "offset", "removed")

    def __init__(
        self, kind: ItemKind, text: str, offset: int = -1, line: int = 0, key: str | None = None
    ) -> None:
        self.kind = kind
        self._text: str | None = text
        self._src: str | None = None
        """The module text the item still equals a range of (None once edited)."""
        self._end = 0
        self.offset = offset
        self.line = line
        self.key = key
        self.removed = False
        self.file = "<new>"
        """The file the item was read from (set by the reader)."""

    def _attach_source(self, source: str, end: int, file: str) -> None:
        """Back the item by ``source[self.offset:end]`` instead of its own text."""
        self._src = source
        self._end = end
        self._text = None
        self.file = file

    @property
    def text(self) -> str:
        text = self._text
        if text is None:
            assert self._src is not None
            text = self._text = self._src[self.offset : self._end]
        return text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value
        self._src = None
        self.invalidate()

    @property
    def pristine(self) -> bool:
        """Whether the text is still exactly the range of the module text it was read from."""
        return self._src is not None

    def contains(self, needle: str) -> bool:
        """Whether ``needle`` occurs in the text (without copying a source-backed text)."""
        if self._text is None and self._src is not None:
            return self._src.find(needle, self.offset, self._end) >= 0
        return needle in self.text

    def pieces(self) -> list[str]:
        """The text in consecutive pieces (their concatenation is ``text``)."""
        return [self.text]

    def invalidate(self) -> None:
        """Forget any cached parse of the text (subclasses override)."""

    def error(self, message: str, offset: int = 0) -> DiagnosticError:
        """A positioned error about ``self.text[offset:]`` (no position for new items)."""
        if self.is_new:
            return DiagnosticError(Diagnostic.error(message))
        text = self.text
        offset = max(0, min(offset, len(text)))
        line = self.line + text.count("\n", 0, offset)
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return DiagnosticError(Diagnostic.error(message, Span(self.file, line, column)))

    @property
    def is_new(self) -> bool:
        """Whether an edit created this item (it has no original position)."""
        return self.offset < 0

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind.value} {self.key or ''} line {self.line}>"
