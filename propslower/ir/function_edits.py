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

    __slots__ = ("_number", "_store", "is_definition", "key")

    def __init__(self, store: ItemStore, number: int, key: str | None, definition: bool) -> None:
        self._store = store
        self._number = number
        self.key = key
        """``@name`` as written."""
        self.is_definition = definition

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
            yield Function(store, number, key or store.read_key(number), definition), text
        elif not item.removed and item.kind in _KINDS:
            definition = item.kind is ItemKind.DEFINITION
            yield Function(store, number, item.key, definition), item.text
