"""Writing a module's items back: untouched runs as slices of the text as read, edits as made."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from propslower.ir.items import Item
from propslower.ir.store import ItemStore, changed

_PIECE = 1 << 20
_PIECES = 4096
"""``render_pieces`` joins about this many characters, or pieces, into each piece."""


def render_pieces(store: ItemStore) -> Iterator[str]:
    """The module text in pieces of about ``_PIECE`` characters or more, with ``\\n`` line
    breaks: runs of untouched items are single slices of the text, and nothing holds the
    whole output."""
    writer = _Writer(store)
    for number in store.front:
        writer.item(store.item(number))
    special = {n for made in store.made.values() for n in made if changed(store.objects[n])}
    special.update(store.followers)
    special.update(store.rewritten)
    for number in sorted(special):
        writer.special(number)
        if writer.size >= _PIECE or len(writer.out) >= _PIECES:
            yield writer.take()
    writer.rest()
    if writer.out:
        yield writer.take()


class _Writer:
    """The pieces written so far and what the last one ended with."""

    def __init__(self, store: ItemStore) -> None:
        self.store = store
        self.out: list[str] = []
        self.size = 0
        self.run = 0
        """The first read item not written yet."""
        self.ends_line: bool | None = None
        """Whether the last item written ended with a line break (None: nothing written)."""
        self.adjacent = -1
        """The item that followed the last one written, when that was written as it was
        read: it may go on the same line (``align 4!9 = !{}`` is two items on one line)."""

    def take(self) -> str:
        piece = "".join(self.out)
        self.out.clear()
        self.size = 0
        return piece

    def item(self, item: Item) -> None:
        self.ends_line = _add_item(self.out, item, self.ends_line)

    def source(self, first: int, stop: int) -> None:
        """The read items ``first`` to ``stop`` as they were read."""
        broken = self.ends_line is False and self.adjacent != first
        self.ends_line = _add_source(self.out, self.store, first, stop, broken=broken)
        self.adjacent = stop

    def special(self, number: int) -> None:
        """The untouched items before read item ``number``, then it as it now is, then the
        items inserted after it."""
        store, out = self.store, self.out
        starts = store.table.starts
        if self.run < number:
            self.source(self.run, number)
            self.size += starts[number] - starts[self.run]
        item = store.objects[number]
        text = store.rewritten.get(number) if item is None else None
        if text is not None:
            self.ends_line = _add_text(out, text, self.ends_line)
            self.adjacent = -1
        elif item is None or (item.pristine and not item.removed):
            self.source(number, number + 1)
        else:
            self.item(item)
            ending = store.source[starts[number + 1] - 1]
            kept = ending != "\n" and self.ends_line is False and _ends_with(out, ending)
            self.adjacent = number + 1 if kept else -1
        for follower in store.followers.get(number, ()):
            self.item(store.item(follower))
            self.adjacent = -1
        self.run = number + 1

    def rest(self) -> None:
        """The untouched items after the last special one."""
        if self.run < self.store.count:
            self.source(self.run, self.store.count)


def _add_source(out: list[str], store: ItemStore, first: int, stop: int, *, broken: bool) -> bool:
    """Append the source text of items ``first`` to ``stop``, after a line break when
    ``broken``; whether it ends with one."""
    source, starts = store.source, store.table.starts
    if broken:
        out.append("\n")
    out.append(source[starts[first] : starts[stop]])
    return source[starts[stop] - 1] == "\n"


def _ends_with(out: Sequence[str], char: str) -> bool:
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
