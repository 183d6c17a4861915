"""Global variables as passes edit them: spliced as text while unread, through the item after."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from propslower.ir.function_attachments import mentions_attachment
from propslower.ir.globals import (
    Essentials,
    GlobalItem,
    essentials,
    global_with_attachment,
    with_group_ref,
)
from propslower.ir.items import ItemKind
from propslower.ir.store import ItemStore
from propslower.ir.strings import name_of

_VARIABLE_KINDS = ("global", "constant")
_KINDS = (ItemKind.GLOBAL,)


class Variable:
    """One global of a module. Its questions and edits work on the text of a global no
    object has been made for (an edit replaces that text), and on its ``GlobalItem``
    otherwise or where the text has a shape only the item's parse reads; either way the
    module renders the same.
    """

    __slots__ = ("_number", "_shape", "_store")

    def __init__(self, store: ItemStore, number: int) -> None:
        self._store = store
        self._number = number
        self._shape: tuple[str, Essentials] | bool | None = False
        """The unread text and its ``essentials`` (None: no such text; False: not looked)."""

    def _essentials(self) -> tuple[str, Essentials] | None:
        """The global's text and ``essentials`` while it is unread and of the plain shape."""
        shape = self._shape
        if shape is False:
            text = self._unmade()
            parts = None if text is None else essentials(text)
            shape = self._shape = None if text is None or parts is None else (text, parts)
        assert shape is not True
        return shape

    def _unmade(self) -> str | None:
        return self._store.unmade(self._number)

    def item(self) -> GlobalItem:
        """The global's item (made now if it was not)."""
        item = self._store.item(self._number)
        assert isinstance(item, GlobalItem)
        self._shape = None
        return item

    @property
    def text(self) -> str:
        """The global's current text."""
        return self._store.item_text(self._number)

    def search(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        """``pattern.search`` over the global's current text (no copy of an unread one)."""
        store = self._store
        number = self._number
        if store.objects[number] is None and number not in store.rewritten:
            starts = store.table.starts
            return pattern.search(store.source, starts[number], starts[number + 1])
        return pattern.search(self.text)

    @property
    def name(self) -> str:
        """The global's key (``@g``, ``@"a b"``), or the name its parse finds."""
        key = self._store.read_key(self._number)
        return key or self.item().parts.name

    @property
    def is_variable(self) -> bool:
        """Whether this is a variable (``global``/``constant``), not an alias or ifunc."""
        shape = self._essentials()
        return self.item().is_variable if shape is None else shape[1][0] in _VARIABLE_KINDS

    @property
    def group_ref(self) -> int | None:
        """The ``#N`` attribute group, if any."""
        shape = self._essentials()
        return self.item().group_ref if shape is None else shape[1][1]

    def set_group_ref(self, group_id: int) -> None:
        """Point the global at attribute group ``#group_id`` (added at the end if absent)."""
        shape = self._essentials()
        self._shape = False
        if shape is None:
            self.item().set_group_ref(group_id)
        else:
            self._store.rewrite(self._number, with_group_ref(shape[0], shape[1], group_id))

    def mentions_attachment(self, kind: str) -> bool:
        """Whether the global's text may attach ``kind`` (see ``mentions_attachment``)."""
        store = self._store
        number = self._number
        if store.objects[number] is None and number not in store.rewritten:
            starts = store.table.starts
            text = store.source[starts[number] : starts[number + 1]]
            return mentions_attachment(text, kind)
        return mentions_attachment(self.text, kind)

    def splice_attachment(self, kind: str, ref: str) -> bool:
        """Attach ``kind ref`` last by splicing the text of an unread one-line global that
        attaches no ``kind`` yet; False, having done nothing, for any other."""
        text = self._unmade()
        if text is None or mentions_attachment(text, kind):
            return False
        spliced = global_with_attachment(text, kind, ref)
        if spliced is None:
            return False
        self._store.rewrite(self._number, spliced)
        self._shape = False
        return True


class VariableEditor:
    """The module's globals as ``Variable`` objects (``module.variables``)."""

    def __init__(self, store: ItemStore) -> None:
        self._store = store

    def get(self, name: str) -> Variable | None:
        """The global ``@name`` (bare name), or None."""
        number = self._store.globals.get(name)
        return None if number is None else Variable(self._store, number)

    def splice_attachments(
        self, kind: str, edits: Iterable[tuple[Variable, str]]
    ) -> list[tuple[Variable, str]]:
        """``variable.splice_attachment(kind, ref)`` for each (variable, ref); the edits it
        could not make."""
        store = self._store
        rewritten = store.rewritten
        left: list[tuple[Variable, str]] = []
        for variable, ref in edits:
            number = variable._number
            text = store.unmade(number)
            spliced = None
            if text is not None and not mentions_attachment(text, kind):
                spliced = global_with_attachment(text, kind, ref)
            if spliced is None:
                left.append((variable, ref))
                continue
            rewritten[number] = spliced
            variable._shape = False
        return left

    def named(self) -> Iterator[tuple[Variable, str]]:
        """Every live global in output order, with its bare name (``name_of(variable.name)``):
        the module's name index has it for a global whose text is as read."""
        store = self._store
        names = {number: name for name, number in store.globals.items()}
        objects, rewritten, count = store.objects, store.rewritten, store.count
        for number in store.containing("", frozenset(_KINDS)):
            variable = Variable(store, number)
            read = number < count and objects[number] is None and number not in rewritten
            name = names.get(number) if read else None
            yield variable, name_of(variable.name) if name is None else name

    def __iter__(self) -> Iterator[Variable]:
        """Every live global in output order."""
        store = self._store
        for number in store.containing("", frozenset(_KINDS)):
            yield Variable(store, number)
