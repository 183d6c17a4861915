"""Functions as a pass walks them all: read and given attachments as text while unread."""

from __future__ import annotations

from collections.abc import Iterator

from propslower.ir.function_attachments import KindOrder, set_function_attachment, with_attachment
from propslower.ir.functions import FunctionItem
from propslower.ir.headers import header_end
from propslower.ir.items import ItemKind
from propslower.ir.store import ItemStore

_KINDS = (ItemKind.DEFINITION, ItemKind.DECLARATION)


class Function:
    """One function of a module. While no object has been made for it, its text is read
    from the module's and an attachment replaces that text; otherwise both go through its
    ``FunctionItem``. Either way the module renders the same."""

    __slots__ = ("_key", "_number", "_store", "is_definition")

    def __init__(self, store: ItemStore, number: int, key: str | None, definition: bool) -> None:
        self._store = store
        self._number = number
        self._key = key
        self.is_definition = definition

    @property
    def key(self) -> str | None:
        """``@name`` as written (read from the header when it was not given)."""
        if self._key is None:
            self._key = self._store.read_key(self._number)
        return self._key

    @property
    def number(self) -> int:
        """The function's item number in the module's store (stable for its lifetime)."""
        return self._number

    @property
    def header_text(self) -> str:
        """The header line as it is now (edited or not)."""
        text = self._store.unmade(self._number)
        if text is None:
            return self.item().header_text
        return text[: header_end(text, 0, len(text))] if self.is_definition else text

    def body_span(self) -> tuple[int, int] | None:
        """Where the function was read in the module's source, while its body is still the
        text read there (its header may have been edited): two equal answers mean equal
        bodies. None for a function made or rewritten since, or whose body was edited."""
        store, number = self._store, self._number
        item = store.objects[number]
        if item is None:
            if number >= store.count or number in store.rewritten:
                return None
            starts = store.table.starts
            return starts[number], starts[number + 1]
        return item.span_in(store.source) if isinstance(item, FunctionItem) else None

    def item(self) -> FunctionItem:
        """The function's item (made now if it was not)."""
        item = self._store.item(self._number)
        assert isinstance(item, FunctionItem)
        return item

    @property
    def text(self) -> str:
        """The function's current text."""
        return self._store.item_text(self._number)

    def set_attachment(self, kind: str, ref: str, order: KindOrder | None = None) -> None:
        """``set_function_attachment`` without making the item of an unread function."""
        text = self._store.unmade(self._number)
        if text is None:
            set_function_attachment(self.item(), kind, ref, order)
            return
        definition = self.is_definition
        at = header_end(text, 0, len(text)) if definition else len(text)
        header = with_attachment(text[:at], definition, self.key, kind, ref, order=order)
        self._store.rewrite(self._number, header + text[at:])

    @property
    def unread(self) -> bool:
        """Whether no object has been made for the function (its text is edited as text)."""
        return self._store.is_unmade(self._number)

    @property
    def body_as_text(self) -> bool:
        """Whether the body can be edited as text (``set_body``): the function is unread, or
        its item has not split or pinned the body (its header may have been edited)."""
        item = self._store.objects[self._number]
        return item is None or (isinstance(item, FunctionItem) and item.body_untouched)

    def set_body(self, body: str) -> None:
        """Replace what follows the header line of a definition whose ``body_as_text``
        (no object is made for an unread one)."""
        text = self._store.unmade(self._number)
        if text is None:
            item = self.item()
            assert item.body_untouched, "set_body edits bodies that are still text only"
            item.set_body(body)
            return
        self._store.rewrite(self._number, text[: header_end(text, 0, len(text))] + body)


def function_positions(store: ItemStore) -> dict[str, int]:
    """Bare name → position of every live function of ``store`` in output order (the order
    ``function_texts`` yields them in)."""
    objects, kinds_read = store.objects, store.table.kinds
    position: dict[int, int] = {}
    for number in store.numbers():
        item = objects[number]
        if item is None:
            if kinds_read[number] in _KINDS:
                position[number] = len(position)
        elif not item.removed and item.kind in _KINDS:
            position[number] = len(position)
    return {name: position[n] for name, n in store.functions.items() if n in position}


def functions_containing(
    store: ItemStore, needle: str, kinds: tuple[ItemKind, ...] = _KINDS
) -> Iterator[Function]:
    """The live functions of ``kinds`` whose text held ``needle`` when asked, in output order;
    read functions are not made into objects."""
    objects, kinds_read = store.objects, store.table.kinds
    for number in store.containing(needle, frozenset(kinds)):
        item = objects[number]
        kind = kinds_read[number] if item is None else item.kind
        yield Function(store, number, None, kind is ItemKind.DEFINITION)


def function_texts(store: ItemStore) -> Iterator[tuple[Function, str]]:
    """Every live function of ``store`` in output order with its current text; read functions
    without an object are not made into one."""
    names = {number: name for name, number in store.functions.items()}
    table = store.table
    spelled, kinds_read, starts = table.spelled, table.kinds, table.starts
    objects, rewritten, source = store.objects, store.rewritten, store.source
    for number in store.numbers():
        item = objects[number]
        if item is None:
            kind = kinds_read[number]
            if kind not in _KINDS:
                continue
            name = names.get(number)
            key = spelled.get(number) or (None if name is None else f"@{name}")
            text = rewritten.get(number)
            if text is None:
                text = source[starts[number] : starts[number + 1]]
            definition = kind is ItemKind.DEFINITION
            yield Function(store, number, key, definition), text  # key: read when asked
        elif not item.removed and item.kind in _KINDS:
            definition = item.kind is ItemKind.DEFINITION
            yield Function(store, number, item.key, definition), item.text
