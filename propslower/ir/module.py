"""The module: its items in order, indexes by name and id, rendering, and insertion points."""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain

from propslower.ir.attribute_edits import AttributeEditor, AttributeState
from propslower.ir.attributes import AttributeGroup
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import Item, ItemKind
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.metadata_edits import MetadataEditor, MetadataState
from propslower.ir.nogc import gc_paused
from propslower.ir.reader import key_at
from propslower.ir.scan import scan_items
from propslower.ir.strings import name_of
from propslower.ir.symbol_edits import SymbolEditor, SymbolState

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
_PIECE = 1 << 20
_PIECES = 4096
"""``render_pieces`` joins about this many characters, or pieces, into each piece."""


def _make(kind: ItemKind, key: str | None) -> Item:
    """An empty item of the class for ``kind`` (text attached by the caller)."""
    if kind is ItemKind.GLOBAL:
        return GlobalItem("", key=key)
    if kind is ItemKind.DEFINITION or kind is ItemKind.DECLARATION:
        return FunctionItem(kind, "", key=key)
    if kind is ItemKind.ATTRIBUTES:
        return AttributeGroup("", key=key)
    if kind is ItemKind.METADATA:
        return MetadataNode("", key=key)
    if kind is ItemKind.NAMED_METADATA:
        return NamedMetadata("", key=key)
    return Item(kind, "", key=key)


class Module:
    """A textual LLVM IR module: the items as read, plus edits; ``render()`` writes it back.

    Untouched items are written back byte for byte. Lookups are by bare name (``k`` for
    ``@k``, ``a b`` for ``@"a b"``) or by numeric id, through indexes built in one pass.
    Items read from the text are numbered in order and made into objects only when looked
    up or iterated; rendering copies the runs of untouched items as single slices.
    """

    def __init__(self, text: str, name: str = "<module>") -> None:
        self.name = name
        """The file name diagnostics print."""
        self.newline, text = line_convention(text)
        """The input's line break (``\\n``, ``\\r\\n`` or ``\\r``): ``render`` writes every line
        break with it; the items hold ``\\n`` (see ``line_convention``)."""
        self.source = text
        """The text as read, line breaks as ``\\n`` (diagnostic spans for original items point
        into it; lines and columns are those of the input)."""
        with gc_paused():
            table = scan_items(text, name)
        self._table = table
        self._count = len(table)
        self._objects: list[Item | None] = [None] * self._count
        """Item objects by number: made on demand for read items, then every new item."""
        self._made: dict[ItemKind, array[int]] = {}
        """Numbers of the read items made into objects, by kind, in the order they were made."""
        self._rewritten: dict[int, str] = {}
        """New texts of read items edited without being made into objects (``rewrite``)."""
        self._followers: dict[int, list[int]] = {}
        """Numbers of the items inserted right after a read item (by its number), in order."""
        self._front: list[int] = []
        self._place: dict[int, tuple[int, int]] = {}
        """Where each new item goes: (anchor's number or -1 for the front, position)."""
        self._functions: dict[str, int] = table.functions
        self._globals: dict[str, int] = table.globals
        self._groups: dict[int, int] = table.groups
        self._nodes = table.nodes
        self._named: dict[str, int] = table.named
        self._bulk: list[int] = []
        """Numbers of new metadata items holding several nodes in one text (a pass's batch),
        not yet split into one ``MetadataNode`` per node (``_split_bulk``)."""
        self._next_group = max(table.groups, default=-1) + 1
        self.groups_changed = 0
        """Counts the attribute groups added and removed (what ``attribute_group`` gives
        for an id changes only then: editors never change a group's text)."""
        self._next_node = table.nodes.top + 1
        if "\r" in text and _BARE_CR.search(text):
            # LLVM reads a bare CR as a blank, so definitions may hide after one inside a
            # line the item scanner takes whole: new ids must not reuse theirs
            self._next_node = max(self._next_node, _top(_NODE_DEFINITION, text) + 1)
            self._next_group = max(self._next_group, _top(_GROUP_DEFINITION, text) + 1)
        self._opaque: bool | None = None
        self._attribute_state = AttributeState()
        self._symbol_state = SymbolState()
        self._metadata_state = MetadataState()

    # The editors are views made on each use, so that the module holds no reference to
    # anything that refers back to it: freed by its reference count, not the cycle collector.

    @property
    def attributes(self) -> AttributeEditor:
        """Read and add attributes on functions, globals and parameters."""
        return AttributeEditor(self, self._attribute_state)

    @property
    def metadata(self) -> MetadataEditor:
        """Add, attach, extend and read metadata."""
        return MetadataEditor(self, self._metadata_state)

    @property
    def symbols(self) -> SymbolEditor:
        """String constants, declarations and fresh global names."""
        return SymbolEditor(self, self._symbol_state)

    @staticmethod
    def parse(text: str, name: str = "<module>") -> Module:
        """Read ``text``; raise ``DiagnosticError`` (with a span) on malformed structure."""
        return Module(text, name)

    # -- item objects ------------------------------------------------------------------------

    def _item(self, number: int) -> Item:
        """The object for item ``number`` (made from the text on first use)."""
        item = self._objects[number]
        if item is None:
            item = self._materialize(number)
        return item

    def _materialize(self, number: int, key: str | None = None) -> Item:
        """Make the object for read item ``number`` (``key``: its key, when known)."""
        table = self._table
        kind = table.kinds[number]
        start, end = table.starts[number], table.starts[number + 1]
        item = _make(kind, key or key_at(kind, self.source, start, end))
        item.offset = start
        item.line = table.lines[number]
        item._attach_source(self.source, end, self.name)
        rewritten = self._rewritten.pop(number, None)
        if rewritten is not None:
            item.text = rewritten
        self._objects[number] = item
        made = self._made.get(kind)
        if made is None:
            made = self._made[kind] = array("q")
        made.append(number)
        return item

    def _lookup(self, index: dict[str, int], name: str) -> Item | None:
        """The item ``@name`` of a name index (read as ``@name`` unless spelled otherwise)."""
        number = index.get(name)
        if number is None:
            return None
        item = self._objects[number]
        if item is None:
            item = self._materialize(number, self._table.spelled.get(number) or f"@{name}")
        return item

    def _register(self, item: Item) -> int:
        number = len(self._objects)
        self._objects.append(item)
        key = item.key
        if key is None:
            return number
        if isinstance(item, FunctionItem):
            self._functions[name_of(key)] = number
        elif isinstance(item, GlobalItem):
            self._globals[name_of(key)] = number
        elif isinstance(item, AttributeGroup):
            self._groups[item.group_id] = number
            self.groups_changed += 1
            self._next_group = max(self._next_group, item.group_id + 1)
        elif isinstance(item, MetadataNode):
            self._nodes[item.node_id] = number
            self._next_node = max(self._next_node, item.node_id + 1)
        elif isinstance(item, NamedMetadata):
            self._named[item.name] = number
        return number

    def item_at(self, number: int) -> Item:
        """The item numbered ``number`` (see ``texts_containing``)."""
        return self._item(number)

    def unmade_global(self, name: str) -> tuple[int, str] | None:
        """(number, text) of the global ``@name`` while no object has been made for it."""
        number = self._globals.get(name)
        text = None if number is None else self.unmade(number)
        return None if number is None or text is None else (number, text)

    def read_key(self, number: int) -> str | None:
        """The key the object for read item ``number`` has (or will have when made)."""
        item = self._objects[number]
        if item is not None:
            return item.key
        table = self._table
        spelled = table.spelled.get(number)
        if spelled is not None:
            return spelled
        starts = table.starts
        return key_at(table.kinds[number], self.source, starts[number], starts[number + 1])

    def is_unmade(self, number: int) -> bool:
        """Whether read item ``number`` has no object yet."""
        return number < self._count and self._objects[number] is None

    def unmade(self, number: int) -> str | None:
        """The text of read item ``number`` while no object has been made for it, else None."""
        if number >= self._count or self._objects[number] is not None:
            return None
        text = self._rewritten.get(number)
        if text is None:
            starts = self._table.starts
            text = self.source[starts[number] : starts[number + 1]]
        return text

    def rewrite(self, number: int, text: str) -> None:
        """Set the text of read item ``number``, for which no object has been made, as
        ``item.text = text`` would, without making one (the object made later has it)."""
        assert number < self._count and self._objects[number] is None
        self._rewritten[number] = text

    def read_item_at(self, offset: int) -> tuple[int, ItemKind, int, int]:
        """The read item whose text held ``offset`` of the module text: its number, kind,
        start and end."""
        starts = self._table.starts
        number = bisect_right(starts, offset) - 1
        return number, self._table.kinds[number], starts[number], starts[number + 1]

    def changed_items(self, kinds: Iterable[ItemKind]) -> list[tuple[int, str | None]]:
        """(number, text) of each item of ``kinds`` whose text is not its range of the
        module text as read (edited or new; None for a removed one); in no particular
        order."""
        wanted = frozenset(kinds)
        objects = self._objects
        made = chain.from_iterable(self._made.get(kind, ()) for kind in wanted)
        out: list[tuple[int, str | None]] = []
        for number in chain(made, range(self._count, len(objects))):
            item = objects[number]
            new = number >= self._count
            if item is not None and item.kind in wanted and (new or _changed(item)):
                out.append((number, None if item.removed else item.text))
        kinds_read = self._table.kinds
        out.extend((n, t) for n, t in self._rewritten.items() if kinds_read[n] in wanted)
        return out

    def order_key(self, number: int) -> tuple[int, int]:
        """Sorts item numbers into output order."""
        return self._place.get(number, (number, 0))

    # -- iteration and rendering -------------------------------------------------------------

    def _numbers(self) -> Iterator[int]:
        """The number of every item, live or not, in output order."""
        yield from self._front
        followers = self._followers
        for number in range(self._count):
            yield number
            yield from followers.get(number, ())

    def items(self) -> Iterator[Item]:
        """Every live item in output order (inserted items included, removed ones skipped)."""
        for number in self._numbers():
            item = self._item(number)
            if not item.removed:
                yield item

    def items_of(self, kinds: Iterable[ItemKind]) -> Iterator[Item]:
        """The live items of ``kinds`` in output order (the others are not made)."""
        wanted = frozenset(kinds)
        kinds_read = self._table.kinds
        objects = self._objects
        for number in self._numbers():
            item = objects[number]
            if item is None:
                if kinds_read[number] not in wanted:
                    continue
                item = self._materialize(number)
            if not item.removed and item.kind in wanted:
                yield item

    def items_containing(self, needle: str, kinds: Iterable[ItemKind]) -> list[Item]:
        """The live items of ``kinds`` whose text contains ``needle``, in output order."""
        return [self._item(number) for number in self._containing(needle, frozenset(kinds))]

    def texts_containing(
        self, needle: str, kinds: Iterable[ItemKind]
    ) -> list[tuple[int, str, int, int]]:
        """``(number, text, start, end)`` for each live item of ``kinds`` whose text
        ``text[start:end]`` contains ``needle``, in output order (``item_at(number)`` is
        the item). Items still equal to their part of the module text are not made into
        objects.
        """
        out: list[tuple[int, str, int, int]] = []
        starts = self._table.starts
        for number in self._containing(needle, frozenset(kinds)):
            item = self._objects[number]
            rewritten = self._rewritten.get(number)
            if rewritten is not None:
                out.append((number, rewritten, 0, len(rewritten)))
            elif item is None or item.pristine:
                out.append((number, self.source, starts[number], starts[number + 1]))
            else:
                text = item.text
                out.append((number, text, 0, len(text)))
        return out

    def _containing(self, needle: str, wanted: frozenset[ItemKind]) -> list[int]:
        """Numbers of the live items of ``wanted`` kinds holding ``needle``, in output order.

        Items still equal to their part of the module text are found by one search of it.
        """
        objects = self._objects
        found: list[int] = []
        made = (self._made.get(kind, ()) for kind in wanted)
        for number in chain(*made, range(self._count, len(objects))):
            item = objects[number]
            live = item is not None and item.kind in wanted and not item.removed
            if live and item is not None and item.contains(needle):
                found.append(number)
        table = self._table
        starts, kinds_read = table.starts, table.kinds
        rewritten = self._rewritten
        found.extend(n for n, t in rewritten.items() if kinds_read[n] in wanted and needle in t)
        source = self.source
        first, last = self._read_numbers(wanted)
        if not needle:
            found.extend(
                n
                for n in range(first, last)
                if objects[n] is None and kinds_read[n] in wanted and n not in rewritten
            )
        limit = starts[last]
        at = source.find(needle, starts[first], limit) if needle and first < last else -1
        while at >= 0:
            number = bisect_right(starts, at) - 1
            end = starts[number + 1]
            unmade = objects[number] is None and number not in rewritten
            if unmade and kinds_read[number] in wanted and _holds(source, needle, at, end):
                found.append(number)
            at = source.find(needle, end, limit)
        return self._in_order(found)

    def _read_numbers(self, kinds: Iterable[ItemKind]) -> tuple[int, int]:
        """From the first read item of ``kinds`` to just past the last (empty if none)."""
        table = self._table
        firsts = [table.first[kind] for kind in kinds if kind in table.first]
        if not firsts:
            return 0, 0
        return min(firsts), max(table.last[kind] for kind in kinds if kind in table.last) + 1

    def read_span(self, kinds: Iterable[ItemKind]) -> tuple[int, int]:
        """The part of the module text from the first read item of ``kinds`` to the end of
        the last (where a search for what only such items hold can stay)."""
        first, last = self._read_numbers(tuple(kinds))
        starts = self._table.starts
        return (starts[first], starts[last]) if first < last else (0, 0)

    def _in_order(self, numbers: list[int]) -> list[int]:
        """``numbers`` (each once) in output order: read items by number, each followed by
        the new items inserted after it."""
        count = self._count
        reads = sorted(n for n in numbers if n < count)
        news = sorted((n for n in numbers if n >= count), key=self._place.__getitem__)
        if not news:
            return reads
        place = self._place
        out: list[int] = []
        at = 0
        for number in reads:
            while at < len(news) and place[news[at]][0] < number:
                out.append(news[at])
                at += 1
            out.append(number)
        out.extend(news[at:])
        return out

    def render(self) -> str:
        """The module text: untouched items byte for byte, edited and new items as rewritten."""
        return "".join(self.render_pieces())

    def render_pieces(self) -> Iterator[str]:
        """``render()`` in pieces of about ``_PIECE`` characters or more: runs of untouched
        items are single slices of the text, and nothing holds the whole output. Line
        breaks are the input's (``newline``)."""
        pieces = self._internal_pieces()
        newline = self.newline
        if newline == "\n":
            return pieces
        return (piece.replace("\n", newline) for piece in pieces)

    def external(self, text: str) -> str:
        """``text`` (with ``\\n`` line breaks, as items hold them) with the input's line breaks."""
        return text if self.newline == "\n" else text.replace("\n", self.newline)

    def _internal_pieces(self) -> Iterator[str]:
        """``render_pieces`` with ``\\n`` line breaks."""
        source = self.source
        starts = self._table.starts
        objects = self._objects
        followers = self._followers
        out: list[str] = []
        ends_line: bool | None = None
        """Whether the last item written ended with a line break (None: nothing written)."""
        adjacent = -1
        """The item that followed the last one written, when that was written as it was read:
        it may go on the same line (``align 4!9 = !{}`` is two items on one line)."""
        for number in self._front:
            ends_line = _add_item(out, self._item(number), ends_line)
        special = {n for made in self._made.values() for n in made if _changed(objects[n])}
        special.update(followers)
        special.update(self._rewritten)
        rewritten = self._rewritten
        run = 0
        size = 0
        for number in sorted(special):
            if run < number:
                broken = ends_line is False and adjacent != run
                ends_line = _add_source(out, source, starts, run, number, broken=broken)
                size += starts[number] - starts[run]
                adjacent = number
            item = objects[number]
            text = rewritten.get(number) if item is None else None
            if text is not None:
                ends_line = _add_text(out, text, ends_line)
                adjacent = -1
            elif item is None or (item.pristine and not item.removed):
                broken = ends_line is False and adjacent != number
                ends_line = _add_source(out, source, starts, number, number + 1, broken=broken)
                adjacent = number + 1
            else:
                ends_line = _add_item(out, item, ends_line)
                ending = source[starts[number + 1] - 1]
                kept = ending != "\n" and ends_line is False and _ends_with(out, ending)
                adjacent = number + 1 if kept else -1
            for follower in followers.get(number, ()):
                ends_line = _add_item(out, self._item(follower), ends_line)
                adjacent = -1
            run = number + 1
            if size >= _PIECE or len(out) >= _PIECES:
                yield "".join(out)
                out.clear()
                size = 0
        if run < self._count:
            broken = ends_line is False and adjacent != run
            _add_source(out, source, starts, run, self._count, broken=broken)
        if out:
            yield "".join(out)

    def __str__(self) -> str:
        return self.render()

    def insert(self, item: Item) -> Item:
        """Add a new item after the last original item of its kind (or a related kind), and
        after the items that share that one's last line."""
        chain = _ANCHOR_CHAINS.get(item.kind, (item.kind,))
        last = self._table.last
        anchor = next((last[kind] for kind in chain if kind in last), None)
        if anchor is None and self._count:
            anchor = self._count - 1
        if anchor is not None:
            anchor = self._line_end_item(anchor)
        number = self._register(item)
        if item.kind is ItemKind.METADATA and not isinstance(item, MetadataNode):
            self._bulk.append(number)
        if anchor is None:
            self._front.append(number)
            self._place[number] = (-1, len(self._front))
        else:
            followers = self._followers.setdefault(anchor, [])
            followers.append(number)
            self._place[number] = (anchor, len(followers))
        return item

    def _line_end_item(self, number: int) -> int:
        """The last original item on the line where item ``number`` ends."""
        starts, source = self._table.starts, self.source
        while number + 1 < self._count and source[starts[number + 1] - 1] != "\n":
            number += 1
        return number

    def remove(self, item: Item) -> None:
        """Drop ``item`` from the output and from the indexes."""
        item.removed = True
        key = item.key
        if key is None:
            return
        if isinstance(item, FunctionItem):
            self._functions.pop(name_of(key), None)
        elif isinstance(item, GlobalItem):
            self._globals.pop(name_of(key), None)
        elif isinstance(item, AttributeGroup):
            self._groups.pop(item.group_id, None)
            self.groups_changed += 1
        elif isinstance(item, MetadataNode):
            self._nodes.pop(item.node_id)
        elif isinstance(item, NamedMetadata):
            self._named.pop(item.name, None)

    # -- lookups -----------------------------------------------------------------------------

    def functions(self) -> list[FunctionItem]:
        """Every function (definitions and declarations) in output order."""
        return [i for i in self.items_of(_FUNCTION_KINDS) if isinstance(i, FunctionItem)]

    def function(self, name: str) -> FunctionItem | None:
        """The function ``@name`` (bare name), or None."""
        item = self._lookup(self._functions, name)
        return item if isinstance(item, FunctionItem) else None

    def globals(self) -> list[GlobalItem]:
        """Every global variable, alias and ifunc in output order."""
        return [i for i in self.items_of((ItemKind.GLOBAL,)) if isinstance(i, GlobalItem)]

    def global_variable(self, name: str) -> GlobalItem | None:
        """The global ``@name`` (bare name), or None."""
        item = self._lookup(self._globals, name)
        return item if isinstance(item, GlobalItem) else None

    def has_global_name(self, name: str) -> bool:
        """Whether ``@name`` names any global value (variable or function)."""
        return name in self._globals or name in self._functions

    def attribute_group(self, group_id: int) -> AttributeGroup | None:
        """The group ``#group_id``, or None."""
        number = self._groups.get(group_id)
        item = None if number is None else self._item(number)
        return item if isinstance(item, AttributeGroup) else None

    def attribute_groups(self) -> list[AttributeGroup]:
        """Every attribute group (original ones first, then new ones)."""
        return [
            item
            for number in self._groups.values()
            if isinstance(item := self._item(number), AttributeGroup)
        ]

    def metadata_node(self, ref: int | str) -> MetadataNode | None:
        """The node ``!N`` given ``N`` or the reference text ``"!N"``."""
        if isinstance(ref, str):
            if not ref.startswith("!") or not ref[1:].isdigit():
                return None
            ref = int(ref[1:])
        number = self._nodes.get(ref)
        if number is None and self._bulk:
            self._split_bulk()
            number = self._nodes.get(ref)
        item = None if number is None else self._item(number)
        return item if isinstance(item, MetadataNode) else None

    def _split_bulk(self) -> None:
        """Replace each batch of new metadata nodes inserted as one item (the spirv pass
        writes its nodes so) by one ``MetadataNode`` item per node, in the same place, so
        lookups see them; the rendered text does not change."""
        bulk, self._bulk = self._bulk, []
        for number in bulk:
            batch = self._objects[number]
            if batch is None or batch.removed:
                continue
            anchor = self._place[number][0]
            siblings = self._front if anchor < 0 else self._followers[anchor]
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
            numbers = [self._register(part) for part in parts]
            siblings[at : at + 1] = numbers
            for position, sibling in enumerate(siblings[at:], start=at + 1):
                self._place[sibling] = (anchor, position)

    def named_metadata(self, name: str) -> NamedMetadata | None:
        """``!name`` (without the ``!``), or None."""
        number = self._named.get(name)
        item = None if number is None else self._item(number)
        return item if isinstance(item, NamedMetadata) else None

    def fresh_group_id(self) -> int:
        """An attribute-group id no item uses (one past the largest)."""
        group_id = self._next_group
        self._next_group += 1
        return group_id

    def fresh_metadata_id(self) -> int:
        """A metadata id no node uses (one past the largest)."""
        node_id = self._next_node
        self._next_node += 1
        return node_id

    @property
    def opaque_pointers(self) -> bool:
        """Whether the module uses opaque ``ptr`` (True) or typed ``i8*`` pointers (False)."""
        if self._opaque is None:
            self._opaque = self._detect_opaque()
        return self._opaque

    def _detect_opaque(self) -> bool:
        for number in range(self._count):
            if self._table.kinds[number] not in _POINTER_KINDS:
                continue
            text = self._item_text(number)
            if "ptr" not in text and "*" not in text:
                continue
            text = _STRIP_STRINGS.sub("", text)
            if _OPAQUE_PTR.search(text):
                return True
            if _TYPED_PTR.search(text):
                return False
        return True

    def _item_text(self, number: int) -> str:
        """The current text of read item ``number`` (without making an object for it)."""
        item = self._objects[number]
        if item is not None:
            return item.text
        if number in self._rewritten:
            return self._rewritten[number]
        starts = self._table.starts
        return self.source[starts[number] : starts[number + 1]]


def line_convention(text: str) -> tuple[str, str]:
    """The line break of ``text`` and the text with its line breaks as ``\\n``.

    A text whose every ``\\n`` follows a ``\\r`` is CRLF, one with ``\\r`` and no ``\\n``
    is CR-only (both valid for LLVM's lexer): such a text is translated, which ``\\n`` →
    newline reverses exactly. Any other text (LF, or mixed endings) is kept as it is, so
    every reader and pattern sees ``\\n`` line breaks; the LF path costs one search.
    """
    if "\r" not in text:
        return "\n", text
    lines = text.count("\n")
    if not lines:
        return "\r", text.replace("\r", "\n")
    if text.count("\r\n") == lines:
        return "\r\n", text.replace("\r\n", "\n")
    return "\n", text


def _holds(text: str, needle: str, at: int, end: int) -> bool:
    """Whether ``text[:end]``, where ``needle`` is found at ``at``, holds it before ``end``."""
    return at + len(needle) <= end or text.find(needle, at + 1, end) >= 0


def _changed(item: Item | None) -> bool:
    return item is not None and (item.removed or not item.pristine)


def _add_source(
    out: list[str], source: str, starts: Sequence[int], first: int, stop: int, *, broken: bool
) -> bool:
    """Append the source text of items ``first`` to ``stop``, after a line break when
    ``broken``; whether it ends with one."""
    if broken:
        out.append("\n")
    out.append(source[starts[first] : starts[stop]])
    return source[starts[stop] - 1] == "\n"


def _ends_with(out: list[str], char: str) -> bool:
    """Whether the text written so far ends with ``char``: an edited item that still ends as
    it was read (``}``) may keep its source successor on the same line."""
    for piece in reversed(out):
        if piece:
            return piece[-1] == char
    return False


def _add_text(out: list[str], text: str, ends_line: bool | None) -> bool:
    """Append a rewritten item's text (after a line break if what is before lacks one)."""
    if ends_line is False:
        out.append("\n")
    out.append(text)
    return text.endswith("\n")


def _add_item(out: list[str], item: Item, ends_line: bool | None) -> bool | None:
    """Append a live item's pieces (after a line break if the item before lacks one);
    whether the output now ends with a line break."""
    if item.removed:
        return ends_line
    if ends_line is False:
        out.append("\n")
    pieces = item.pieces()
    out.extend(pieces)
    for piece in reversed(pieces):
        if piece:
            return piece[-1] == "\n"
    return False


_BARE_CR = re.compile(r"\r(?!\n)")
_NODE_DEFINITION = re.compile(r"!(\d+)\s*=")
_GROUP_DEFINITION = re.compile(r"attributes\s+#(\d+)\s*=")


def _top(pattern: re.Pattern[str], text: str) -> int:
    """The largest number ``pattern`` defines anywhere in ``text`` (-1 if none)."""
    return max((int(number) for number in pattern.findall(text)), default=-1)
