"""How a module's items are held: offsets into the text as read, objects made on demand."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import Any

from propslower.ir.attributes import AttributeGroup
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import Item, ItemKind
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.nogc import gc_paused
from propslower.ir.reader import key_at
from propslower.ir.scan import scan_items
from propslower.ir.strings import name_of

_FUNCTION_KINDS = (ItemKind.DEFINITION, ItemKind.DECLARATION)
_ANCHOR_CHAINS: dict[ItemKind, tuple[ItemKind, ...]] = {
    ItemKind.GLOBAL: (ItemKind.GLOBAL, ItemKind.TYPE, ItemKind.HEADER),
    ItemKind.DECLARATION: (*_FUNCTION_KINDS, ItemKind.GLOBAL, ItemKind.TYPE, ItemKind.HEADER),
    ItemKind.ATTRIBUTES: (ItemKind.ATTRIBUTES, *_FUNCTION_KINDS, ItemKind.GLOBAL, ItemKind.HEADER),
    ItemKind.NAMED_METADATA: (ItemKind.NAMED_METADATA, ItemKind.METADATA),
    ItemKind.METADATA: (ItemKind.METADATA, ItemKind.NAMED_METADATA),
}
_OPAQUE_PTR = re.compile(r'(?<![\w@%$."!#-])ptr(?=[\s,)\]}>])')
_TYPED_PTR = re.compile(r"[\w)\]}>*]\*")
_STRIP_STRINGS = re.compile(r'"[^"]*"')
_POINTER_KINDS = frozenset({ItemKind.GLOBAL, ItemKind.DECLARATION, ItemKind.DEFINITION})
_NODE_START = re.compile(r"!(\d+)[ \t]*=")
"""The start of a numbered metadata node's line (``!7 = ...``)."""
_BARE_CR = re.compile(r"\r(?!\n)")
_NODE_DEFINITION = re.compile(r"!(\d+)\s*=")
_GROUP_DEFINITION = re.compile(r"attributes\s+#(\d+)\s*=")

_CLASSES: dict[ItemKind, Callable[..., Item]] = {
    ItemKind.GLOBAL: GlobalItem,
    ItemKind.DEFINITION: partial(FunctionItem, ItemKind.DEFINITION),
    ItemKind.DECLARATION: partial(FunctionItem, ItemKind.DECLARATION),
    ItemKind.ATTRIBUTES: AttributeGroup,
    ItemKind.METADATA: MetadataNode,
    ItemKind.NAMED_METADATA: NamedMetadata,
}
"""The item class for each kind read (any other kind is a plain ``Item``)."""


@dataclass(frozen=True, slots=True)
class _Index:
    """Where items of one class are found by key: the store's index and the item's key in it."""

    index: str
    """The ``ItemStore`` attribute holding the index."""
    key: Callable[[Any], Hashable]
    next_id: str | None = None
    """The ``ItemStore`` attribute holding the next fresh id, for numbered items."""
    counted: bool = False
    """Whether adding or removing one counts in ``groups_changed``."""


_INDEXES: dict[type[Item], _Index] = {
    FunctionItem: _Index("functions", lambda item: name_of(item.key)),
    GlobalItem: _Index("globals", lambda item: name_of(item.key)),
    AttributeGroup: _Index("groups", lambda item: item.group_id, "next_group", counted=True),
    MetadataNode: _Index("nodes", lambda item: item.node_id, "next_node"),
    NamedMetadata: _Index("named", lambda item: item.name),
}
"""By item class: the index that finds its items."""


def _index_of(item: Item) -> _Index | None:
    for cls in type(item).__mro__:
        found = _INDEXES.get(cls)
        if found is not None:
            return found
    return None


class ItemStore:
    """The items of one module: read ones as offset ranges of the text until an object is
    asked for, edited ones as objects or new texts, new ones after the item they follow.

    The IR layer's editors and the renderer use it; passes see the ``Module`` only.
    """

    def __init__(self, text: str, name: str, *, split: bool = False) -> None:
        self.source = text
        self.name = name
        with gc_paused():
            table = scan_items(text, name, split=split)
        self.table = table
        self.count = len(table)
        """How many items were read."""
        self.objects: list[Item | None] = [None] * self.count
        """Item objects by number: made on demand for read items, then every new item."""
        self.made: dict[ItemKind, array[int]] = {}
        """Numbers of the read items made into objects, by kind, in the order they were made."""
        self.rewritten: dict[int, str] = {}
        """New texts of read items edited without being made into objects (``rewrite``)."""
        self.followers: dict[int, list[int]] = {}
        """Numbers of the items inserted right after a read item (by its number), in order."""
        self.front: list[int] = []
        self.place: dict[int, tuple[int, int]] = {}
        """Where each new item goes: (anchor's number or -1 for the front, position)."""
        self.functions: dict[str, int] = table.functions
        self.globals: dict[str, int] = table.globals
        self.groups: dict[int, int] = table.groups
        self.nodes = table.nodes
        self.named: dict[str, int] = table.named
        self.bulk: list[int] = []
        """Numbers of new metadata items holding several nodes in one text (a pass's batch),
        not yet split into one ``MetadataNode`` per node (``split_bulk``)."""
        self.next_group = max(table.groups, default=-1) + 1
        self.groups_changed = 0
        self.next_node = table.nodes.top + 1
        if "\r" in text and _BARE_CR.search(text):
            # LLVM reads a bare CR as a blank, so definitions may hide after one inside a
            # line the item scanner takes whole: new ids must not reuse theirs
            self.next_node = max(self.next_node, _top(_NODE_DEFINITION, text) + 1)
            self.next_group = max(self.next_group, _top(_GROUP_DEFINITION, text) + 1)

    # -- objects -----------------------------------------------------------------------------

    def item(self, number: int) -> Item:
        """The object for item ``number`` (made from the text on first use)."""
        item = self.objects[number]
        if item is None:
            item = self.materialize(number)
        return item

    def materialize(self, number: int, key: str | None = None) -> Item:
        """Make the object for read item ``number`` (``key``: its key, when known)."""
        table = self.table
        kind = table.kinds[number]
        start, end = table.starts[number], table.starts[number + 1]
        key = key or key_at(kind, self.source, start, end)
        make = _CLASSES.get(kind)
        item = Item(kind, "", key=key) if make is None else make("", key=key)
        item.offset = start
        item.line = table.lines[number]
        item._attach_source(self.source, end, self.name)
        rewritten = self.rewritten.pop(number, None)
        if rewritten is not None:
            item.text = rewritten
        self.objects[number] = item
        made = self.made.get(kind)
        if made is None:
            made = self.made[kind] = array("q")
        made.append(number)
        return item

    def lookup(self, index: dict[str, int], name: str) -> Item | None:
        """The item ``@name`` of a name index (read as ``@name`` unless spelled otherwise)."""
        number = index.get(name)
        if number is None:
            return None
        item = self.objects[number]
        if item is None:
            item = self.materialize(number, self.table.spelled.get(number) or f"@{name}")
        return item

    def register(self, item: Item) -> int:
        """Number a new item and enter it in its class's index."""
        number = len(self.objects)
        self.objects.append(item)
        spec = None if item.key is None else _index_of(item)
        if spec is None:
            return number
        key = spec.key(item)
        getattr(self, spec.index)[key] = number
        if spec.counted:
            self.groups_changed += 1
        if spec.next_id is not None:
            assert isinstance(key, int)
            setattr(self, spec.next_id, max(getattr(self, spec.next_id), key + 1))
        return number

    def unregister(self, item: Item) -> None:
        """Drop a removed item from its class's index."""
        spec = None if item.key is None else _index_of(item)
        if spec is None:
            return
        getattr(self, spec.index).pop(spec.key(item), None)
        if spec.counted:
            self.groups_changed += 1

    # -- read items without objects ----------------------------------------------------------

    def unmade_global(self, name: str) -> tuple[int, str] | None:
        """(number, text) of the global ``@name`` while no object has been made for it."""
        number = self.globals.get(name)
        text = None if number is None else self.unmade(number)
        return None if number is None or text is None else (number, text)

    def read_key(self, number: int) -> str | None:
        """The key the object for read item ``number`` has (or will have when made)."""
        item = self.objects[number]
        if item is not None:
            return item.key
        table = self.table
        spelled = table.spelled.get(number)
        if spelled is not None:
            return spelled
        starts = table.starts
        return key_at(table.kinds[number], self.source, starts[number], starts[number + 1])

    def is_unmade(self, number: int) -> bool:
        """Whether read item ``number`` has no object yet."""
        return number < self.count and self.objects[number] is None

    def unmade(self, number: int) -> str | None:
        """The text of read item ``number`` while no object has been made for it, else None."""
        if number >= self.count or self.objects[number] is not None:
            return None
        text = self.rewritten.get(number)
        if text is None:
            starts = self.table.starts
            text = self.source[starts[number] : starts[number + 1]]
        return text

    def rewrite(self, number: int, text: str) -> None:
        """Set the text of read item ``number``, for which no object has been made, as
        ``item.text = text`` would, without making one (the object made later has it)."""
        assert number < self.count and self.objects[number] is None
        self.rewritten[number] = text

    def item_text(self, number: int) -> str:
        """The current text of read item ``number`` (without making an object for it)."""
        item = self.objects[number]
        if item is not None:
            return item.text
        if number in self.rewritten:
            return self.rewritten[number]
        starts = self.table.starts
        return self.source[starts[number] : starts[number + 1]]

    def read_item_at(self, offset: int) -> tuple[int, ItemKind, int, int]:
        """The read item whose text held ``offset`` of the module text: its number, kind,
        start and end."""
        starts = self.table.starts
        number = bisect_right(starts, offset) - 1
        return number, self.table.kinds[number], starts[number], starts[number + 1]

    def changed_items(self, kinds: Iterable[ItemKind]) -> list[tuple[int, str | None]]:
        """(number, text) of each item of ``kinds`` whose text is not its range of the
        module text as read (edited or new; None for a removed one); in no particular
        order."""
        wanted = frozenset(kinds)
        objects = self.objects
        made = chain.from_iterable(self.made.get(kind, ()) for kind in wanted)
        out: list[tuple[int, str | None]] = []
        for number in chain(made, range(self.count, len(objects))):
            item = objects[number]
            new = number >= self.count
            if item is not None and item.kind in wanted and (new or changed(item)):
                out.append((number, None if item.removed else item.text))
        kinds_read = self.table.kinds
        out.extend((n, t) for n, t in self.rewritten.items() if kinds_read[n] in wanted)
        return out

    def order_key(self, number: int) -> tuple[int, int]:
        """Sorts item numbers into output order."""
        return self.place.get(number, (number, 0))

    # -- order and search --------------------------------------------------------------------

    def numbers(self) -> Iterator[int]:
        """The number of every item, live or not, in output order."""
        yield from self.front
        followers = self.followers
        for number in range(self.count):
            yield number
            yield from followers.get(number, ())

    def items_of(self, kinds: Iterable[ItemKind]) -> Iterator[Item]:
        """The live items of ``kinds`` in output order (the others are not made)."""
        wanted = frozenset(kinds)
        kinds_read = self.table.kinds
        objects = self.objects
        for number in self.numbers():
            item = objects[number]
            if item is None:
                if kinds_read[number] not in wanted:
                    continue
                item = self.materialize(number)
            if not item.removed and item.kind in wanted:
                yield item

    def texts_containing(
        self, needle: str, kinds: Iterable[ItemKind]
    ) -> list[tuple[int, str, int, int]]:
        """``(number, text, start, end)`` for each live item of ``kinds`` whose text
        ``text[start:end]`` contains ``needle``, in output order (``item(number)`` is
        the item). Items still equal to their part of the module text are not made into
        objects.
        """
        out: list[tuple[int, str, int, int]] = []
        starts = self.table.starts
        for number in self.containing(needle, frozenset(kinds)):
            item = self.objects[number]
            rewritten = self.rewritten.get(number)
            if rewritten is not None:
                out.append((number, rewritten, 0, len(rewritten)))
            elif item is None or item.pristine:
                out.append((number, self.source, starts[number], starts[number + 1]))
            else:
                text = item.text
                out.append((number, text, 0, len(text)))
        return out

    def containing(self, needle: str, wanted: frozenset[ItemKind]) -> list[int]:
        """Numbers of the live items of ``wanted`` kinds holding ``needle``, in output order:
        objects and rewritten texts each, the items still equal to their part of the module
        text by one search of it."""
        found = self._made_containing(needle, wanted)
        found.extend(self._read_containing(needle, wanted))
        return self.in_order(found)

    def _made_containing(self, needle: str, wanted: frozenset[ItemKind]) -> list[int]:
        objects = self.objects
        found: list[int] = []
        made = (self.made.get(kind, ()) for kind in wanted)
        for number in chain(*made, range(self.count, len(objects))):
            item = objects[number]
            live = item is not None and item.kind in wanted and not item.removed
            if live and item is not None and item.contains(needle):
                found.append(number)
        kinds_read = self.table.kinds
        rewritten = self.rewritten
        found.extend(n for n, t in rewritten.items() if kinds_read[n] in wanted and needle in t)
        return found

    def _read_containing(self, needle: str, wanted: frozenset[ItemKind]) -> Iterator[int]:
        """The read items without an object or new text that hold ``needle``."""
        objects, rewritten = self.objects, self.rewritten
        starts, kinds_read = self.table.starts, self.table.kinds
        first, last = self._read_numbers(wanted)
        if not needle:
            yield from (
                n
                for n in range(first, last)
                if objects[n] is None and kinds_read[n] in wanted and n not in rewritten
            )
        source = self.source
        limit = starts[last]
        at = source.find(needle, starts[first], limit) if needle and first < last else -1
        while at >= 0:
            number = bisect_right(starts, at) - 1
            end = starts[number + 1]
            unmade = objects[number] is None and number not in rewritten
            if unmade and kinds_read[number] in wanted and _holds(source, needle, at, end):
                yield number
            at = source.find(needle, end, limit)

    def _read_numbers(self, kinds: Iterable[ItemKind]) -> tuple[int, int]:
        """From the first read item of ``kinds`` to just past the last (empty if none)."""
        table = self.table
        firsts = [table.first[kind] for kind in kinds if kind in table.first]
        if not firsts:
            return 0, 0
        return min(firsts), max(table.last[kind] for kind in kinds if kind in table.last) + 1

    def read_span(self, kinds: Iterable[ItemKind]) -> tuple[int, int]:
        """The part of the module text from the first read item of ``kinds`` to the end of
        the last (where a search for what only such items hold can stay)."""
        first, last = self._read_numbers(tuple(kinds))
        starts = self.table.starts
        return (starts[first], starts[last]) if first < last else (0, 0)

    def in_order(self, numbers: list[int]) -> list[int]:
        """``numbers`` (each once) in output order: read items by number, each followed by
        the new items inserted after it."""
        count = self.count
        reads = sorted(n for n in numbers if n < count)
        news = sorted((n for n in numbers if n >= count), key=self.place.__getitem__)
        if not news:
            return reads
        place = self.place
        out: list[int] = []
        at = 0
        for number in reads:
            while at < len(news) and place[news[at]][0] < number:
                out.append(news[at])
                at += 1
            out.append(number)
        out.extend(news[at:])
        return out

    # -- placing new items -------------------------------------------------------------------

    def insert(self, item: Item) -> None:
        """Place a new item after the last read item of its kind (or a related kind), and
        after the items that share that one's last line."""
        kinds = _ANCHOR_CHAINS.get(item.kind, (item.kind,))
        last = self.table.last
        anchor = next((last[kind] for kind in kinds if kind in last), None)
        if anchor is None and self.count:
            anchor = self.count - 1
        if anchor is not None:
            anchor = self._line_end_item(anchor)
        number = self.register(item)
        if item.kind is ItemKind.METADATA and not isinstance(item, MetadataNode):
            self.bulk.append(number)
        if anchor is None:
            self.front.append(number)
            self.place[number] = (-1, len(self.front))
        else:
            followers = self.followers.setdefault(anchor, [])
            followers.append(number)
            self.place[number] = (anchor, len(followers))

    def _line_end_item(self, number: int) -> int:
        """The last read item on the line where item ``number`` ends."""
        starts, source = self.table.starts, self.source
        while number + 1 < self.count and source[starts[number + 1] - 1] != "\n":
            number += 1
        return number

    def split_bulk(self) -> None:
        """Replace each batch of new metadata nodes inserted as one item (the spirv pass
        writes its nodes so) by one ``MetadataNode`` item per node, in the same place, so
        lookups see them; the rendered text does not change."""
        bulk, self.bulk = self.bulk, []
        for number in bulk:
            batch = self.objects[number]
            if batch is None or batch.removed:
                continue
            anchor = self.place[number][0]
            siblings = self.front if anchor < 0 else self.followers[anchor]
            at = siblings.index(number)
            parts: list[Item] = []
            for line in batch.text.splitlines(keepends=True):
                match = _NODE_START.match(line)
                if match is not None:
                    parts.append(MetadataNode(line, key=f"!{match.group(1)}"))
                elif parts:
                    parts[-1].text += line
                else:
                    parts.append(Item(ItemKind.METADATA, line))
            batch.removed = True
            numbers = [self.register(part) for part in parts]
            siblings[at : at + 1] = numbers
            for position, sibling in enumerate(siblings[at:], start=at + 1):
                self.place[sibling] = (anchor, position)

    # -- whole-module questions --------------------------------------------------------------

    def opaque_pointers(self) -> bool:
        """Whether the first global or function spelling a pointer spells ``ptr``."""
        kinds = self.table.kinds
        for number in range(self.count):
            if kinds[number] not in _POINTER_KINDS:
                continue
            text = self.item_text(number)
            if "ptr" not in text and "*" not in text:
                continue
            text = _STRIP_STRINGS.sub("", text)
            if _OPAQUE_PTR.search(text):
                return True
            if _TYPED_PTR.search(text):
                return False
        return True


def changed(item: Item | None) -> bool:
    """Whether ``item`` is an object no longer equal to its range of the text as read."""
    return item is not None and (item.removed or not item.pristine)


def _holds(text: str, needle: str, at: int, end: int) -> bool:
    """Whether ``text[:end]``, where ``needle`` is found at ``at``, holds it before ``end``."""
    return at + len(needle) <= end or text.find(needle, at + 1, end) >= 0


def _top(pattern: re.Pattern[str], text: str) -> int:
    """The largest number ``pattern`` defines anywhere in ``text`` (-1 if none)."""
    return max((int(number) for number in pattern.findall(text)), default=-1)
