"""The fast reader: a module text's items as a compact table (offsets, kinds, lines, name
indexes) in one pass.

The plain one-line shapes clang writes are matched with one anchored pattern each (runs of
globals and metadata nodes at once); anything else goes to the general reader in
``reader.py``, so the items and the errors are the same as ``read_items`` gives.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable
from functools import partial
from itertools import accumulate

from propslower.forked import Forked, can_fork
from propslower.ir.headers import function_key_at
from propslower.ir.items import ItemKind
from propslower.ir.lex import item_content
from propslower.ir.reader import (
    classified_end,
    closing_line_end,
    continuation,
    definition_end,
    key_at,
)
from propslower.ir.strings import name_of

_CONTENT = item_content()
_LINE_END = r'(?:;[^\n"]*)?(?:\n|\Z)'
_GLOBAL_LINE = rf"@([-\w$.]+)[ \t]*=[ \t]*(?=\S){_CONTENT}{_LINE_END}"
_NODE_LINE = rf"!([0-9]+)[ \t]*=[ \t]*(?=\S){_CONTENT}{_LINE_END}"
_GLOBAL_RUN = re.compile(f"(?:{_GLOBAL_LINE})++")
_NODE_RUN = re.compile(f"(?:{_NODE_LINE})++")
"""Runs of one-line globals and metadata nodes of the plain shape."""
_GLOBAL_NAMES = re.compile(r"@([-\w$.]+)[^\n]*+(?:\n|\Z)")
_NODE_IDS = re.compile(r"!([0-9]+)[^\n]*+(?:\n|\Z)")
"""The name or id of each line of such a run."""
_FAST_TYPE = re.compile(rf'%(?:[-\w$.]+|"[^"\n]*")[ \t]*=[ \t]*type\b{_CONTENT}{_LINE_END}')
_FAST_COMDAT = re.compile(rf'\$(?:[-\w$.]+|"[^"\n]*")[ \t]*=[ \t]*comdat\b{_CONTENT}{_LINE_END}')
"""Types (clang quotes a C++ class's name) and comdats: one line, no second item."""
_FAST_GROUP = re.compile(rf"attributes[ \t]+#([0-9]+)[ \t]*=[ \t]*\{{{_CONTENT}\}}{_LINE_END}")
_DEFINE = re.compile(r"define(?![A-Za-z_])\b[^@\n]*@")
"""A definition's header the general reader accepts (``define`` is the whole first word)."""


class IdIndex:
    """Ids (``N`` of ``!N``) → item numbers: an array indexed by id where ids are dense (as
    metadata ids are), a dict for the others."""

    __slots__ = ("_dense", "_sparse", "top")

    def __init__(self, ids: list[int], numbers: list[int]) -> None:
        self.top = max(ids, default=-1)
        """The largest id ever added."""
        size = self.top + 1 if self.top < 4 * len(ids) + 1024 else 0
        self._dense = array("q", [-1]) * size
        self._sparse: dict[int, int] = {}
        dense = self._dense
        for node_id, number in zip(ids, numbers, strict=True):
            if node_id < size:
                dense[node_id] = number
            else:
                self._sparse[node_id] = number

    def get(self, node_id: int) -> int | None:
        if 0 <= node_id < len(self._dense):
            number = self._dense[node_id]
            return None if number < 0 else number
        return self._sparse.get(node_id)

    def __setitem__(self, node_id: int, number: int) -> None:
        self.top = max(self.top, node_id)
        if 0 <= node_id < len(self._dense):
            self._dense[node_id] = number
        else:
            self._sparse[node_id] = number

    def pop(self, node_id: int, _default: None = None) -> None:
        """Forget ``node_id`` (called as ``dict.pop(key, None)`` is: a missing id is fine)."""
        if 0 <= node_id < len(self._dense):
            self._dense[node_id] = -1
        else:
            self._sparse.pop(node_id, None)


class ItemTable:
    """The items of a module text as parallel arrays, plus name indexes to item numbers."""

    __slots__ = (
        "first",
        "functions",
        "globals",
        "groups",
        "kinds",
        "last",
        "lines",
        "named",
        "nodes",
        "spelled",
        "starts",
    )

    def __init__(self) -> None:
        self.starts = array("q")
        """Offset of each item, then the text's length."""
        self.kinds: list[ItemKind] = []
        self.lines = array("q")
        self.functions: dict[str, int] = {}
        self.globals: dict[str, int] = {}
        self.groups: dict[int, int] = {}
        self.nodes = IdIndex([], [])
        self.named: dict[str, int] = {}
        self.first: dict[ItemKind, int] = {}
        self.last: dict[ItemKind, int] = {}
        """The numbers of the first and the last item of each kind."""
        self.spelled: dict[int, str] = {}
        """Keys of functions and globals not spelled ``@`` + their name (quoted names)."""

    def __len__(self) -> int:
        return len(self.kinds)


SPLIT_AT = 8 << 20
"""The text size from which ``scan_items(..., split=True)`` scans in two processes."""


def scan_items(text: str, file: str, *, split: bool = False) -> ItemTable:
    """The items ``read_items`` finds, as a table; the same errors for malformed text.

    With ``split`` and a text of ``SPLIT_AT`` or more, a forked child scans from the first
    ``define`` line past the middle while this process scans up to it (``_in_two``)."""
    scanner = _Scanner(text, file)
    at = _split_point(text) if split and len(text) >= SPLIT_AT else None
    if at is None:
        scanner.part(0, 1, len(text))
    else:
        _in_two(scanner, at)
    return scanner.finish()


def _split_point(text: str) -> int | None:
    found = text.find("\ndefine ", len(text) // 2)
    return None if found < 0 else found + 1


def _in_two(scanner: _Scanner, at: int) -> None:
    """Scan ``text[at:]`` in a forked child and the rest here (``_join``); where no child
    can be forked, all of it here."""
    if not can_fork():
        scanner.part(0, 1, len(scanner.text))
        return
    with Forked.start(partial(_tail, scanner.text, scanner.file, at)) as pending:
        _join(scanner, at, pending.result)


def _tail(text: str, file: str, at: int) -> tuple[int, _Part]:
    """The items from ``at`` on, and the line ``at`` is on."""
    line = text.count("\n", 0, at) + 1
    rest = _Scanner(text, file)
    rest.part(at, line, len(text))
    return line, rest.piece()


def _join(scanner: _Scanner, at: int, tail: Callable[[], tuple[int, _Part]]) -> None:
    """Scan up to ``at`` and take ``tail()``'s items from there. They are the whole scan's
    when this scan ends an item exactly at ``at`` (the scanner's only state between items is
    the offset and the line); otherwise this scan goes on. A ``DiagnosticError`` of
    ``tail()`` is then the whole scan's first error: this half had none."""
    pos, line = scanner.part(0, 1, at)
    if pos == at:
        started, piece = tail()
        if started == line:
            scanner.absorb(piece)
            return
    scanner.part(pos, line, len(scanner.text))


_Part = tuple[
    "array[int]",
    list[ItemKind],
    "array[int]",
    tuple[list[str], list[int], list[int], list[int]],
    tuple[dict[str, int], dict[int, int], dict[str, int], dict[int, str]],
]
"""A scanner's items for ``_Scanner.absorb``: offsets, kinds, lines, the global and node
numbers, the function, group, named-metadata and spelled-key indexes."""


class _Scanner:
    """One pass over a module text, filling an ``ItemTable``."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self.table = ItemTable()
        self.global_names: list[str] = []
        self.global_ids: list[int] = []
        self.node_ids: list[int] = []
        self.node_items: list[int] = []

    def part(self, pos: int, line: int, stop: int) -> tuple[int, int]:
        """Scan the items from ``pos`` (on ``line``) until one ends at or past ``stop``;
        where it stopped and on which line."""
        text, table = self.text, self.table
        starts, kinds, lines = table.starts, table.kinds, table.lines
        size = len(text)
        kind_trivia, kind_definition = ItemKind.TRIVIA, ItemKind.DEFINITION
        find, define = text.find, _DEFINE.match
        while pos < stop:
            first = text[pos]
            if first in "\n;":
                end = pos + 1 if first == "\n" else (find("\n", pos) + 1 or size)
                starts.append(pos)
                kinds.append(kind_trivia)
                lines.append(line)
                pos = end
                line += 1
                continue
            if first in "@!":
                run = (_GLOBAL_RUN if first == "@" else _NODE_RUN).match(text, pos)
                if run is not None:
                    pos, line = self._run_or_other(first, pos, run.end(), line)
                    continue
            elif first == "d" and define(text, pos):
                newline = find("\n", pos)
                close = find("\n}", newline) if newline >= 0 else -1
                if close < 0 or find("\ndefine ", newline, close) >= 0:
                    definition_end(text, pos, self.file)  # raises the general reader's error
                end = closing_line_end(text, close + 1)
                key = function_key_at(text, pos, newline)
                if key is None:
                    key = key_at(kind_definition, text, pos, end)
                if key is not None:
                    _index_one(table, kind_definition, key, len(kinds))
                starts.append(pos)
                kinds.append(kind_definition)
                lines.append(line)
                line += text.count("\n", pos, end)
                pos = end
                continue
            pos, line = self._other(first, pos, line)
        return pos, line

    def piece(self) -> _Part:
        """What ``absorb`` takes: this scanner's items, numbered from 0."""
        table = self.table
        return (
            table.starts,
            table.kinds,
            table.lines,
            (self.global_names, self.global_ids, self.node_ids, self.node_items),
            (table.functions, table.groups, table.named, table.spelled),
        )

    def absorb(self, piece: _Part) -> None:
        """Append the items another scanner read from where this one stopped."""
        table = self.table
        base = len(table.kinds)
        starts, kinds, lines, (names, ids, nodes, items), indexes = piece
        table.starts.extend(starts)
        table.kinds.extend(kinds)
        table.lines.extend(lines)
        self.global_names += names
        self.global_ids += [number + base for number in ids]
        self.node_ids += nodes
        self.node_items += [number + base for number in items]
        functions, groups, named, spelled = indexes
        table.functions.update({name: number + base for name, number in functions.items()})
        table.groups.update({group: number + base for group, number in groups.items()})
        table.named.update({name: number + base for name, number in named.items()})
        table.spelled.update({number + base: key for number, key in spelled.items()})

    def finish(self) -> ItemTable:
        """The table, once every item is scanned."""
        text, table = self.text, self.table
        kinds = table.kinds
        table.starts.append(len(text))
        table.globals.update(zip(self.global_names, self.global_ids, strict=True))
        table.nodes = IdIndex(self.node_ids, self.node_items)
        reverse = kinds[::-1]
        table.last = {kind: len(kinds) - 1 - reverse.index(kind) for kind in set(kinds)}
        table.first = {kind: kinds.index(kind) for kind in table.last}
        return table

    def _run_or_other(self, first: str, pos: int, end: int, line: int) -> tuple[int, int]:
        """The run of one-line items ``text[pos:end]``, but for a last item that goes on
        over the next line (``continuation``): that one is read as any other item."""
        text = self.text
        if continuation(text, end) >= 0:
            end = text.rfind("\n", pos, end - 1) + 1
            if end <= pos:
                return self._other(first, pos, line)
        return self._run(first == "@", pos, end, line)

    def _run(self, named: bool, pos: int, end: int, line: int) -> tuple[int, int]:
        """A run of one-line globals (``named``) or metadata nodes of the plain shape."""
        text, table = self.text, self.table
        index = len(table.kinds)
        names = (_GLOBAL_NAMES if named else _NODE_IDS).findall(text, pos, end)
        numbers = range(index, index + len(names))
        if named:
            self.global_names += names
            self.global_ids += numbers
        else:
            self.node_ids += map(int, names)
            self.node_items += numbers
        lengths = [len(piece) + 1 for piece in text[pos:end].split("\n")]
        table.starts.extend(accumulate(lengths[: len(names) - 1], initial=pos))
        table.kinds.extend([ItemKind.GLOBAL if named else ItemKind.METADATA] * len(names))
        table.lines.extend(range(line, line + len(names)))
        return end, line + (len(names) if text[end - 1] == "\n" else len(names) - 1)

    def _other(self, first: str, pos: int, line: int) -> tuple[int, int]:
        """Any other item, as the general reader reads it."""
        text, table = self.text, self.table
        index = len(table.kinds)
        end, kind = _scan_one(text, pos, self.file, first)
        table.starts.append(pos)
        table.kinds.append(kind)
        table.lines.append(line)
        key = None if kind in _UNNAMED else key_at(kind, text, pos, end)
        if key is not None and kind is ItemKind.GLOBAL:
            self.global_names.append(name_of(key))
            self.global_ids.append(index)
            if key[1:] != self.global_names[-1]:
                table.spelled[index] = key
        elif key is not None and kind is ItemKind.METADATA:
            self.node_ids.append(int(key[1:]))
            self.node_items.append(index)
        elif key is not None:
            _index_one(table, kind, key, index)
        return end, line + text.count("\n", pos, end)


def _scan_one(text: str, pos: int, file: str, first: str) -> tuple[int, ItemKind]:
    """End and kind of the item at ``pos`` that the two commonest shapes did not match."""
    if first == "%":
        match = _FAST_TYPE.match(text, pos)
        if match is not None and continuation(text, match.end()) < 0:
            return match.end(), ItemKind.TYPE
    elif first == "a":
        match = _FAST_GROUP.match(text, pos)
        if match is not None and continuation(text, match.end()) < 0:
            return match.end(), ItemKind.ATTRIBUTES
    elif first == "$":
        match = _FAST_COMDAT.match(text, pos)
        if match is not None and continuation(text, match.end()) < 0:
            return match.end(), ItemKind.OPAQUE
    return classified_end(text, pos, file)


def _index_one(table: ItemTable, kind: ItemKind, key: str, index: int) -> None:
    if kind is ItemKind.DEFINITION or kind is ItemKind.DECLARATION:
        name = name_of(key)
        table.functions[name] = index
        if key[1:] != name:
            table.spelled[index] = key
    elif kind is ItemKind.ATTRIBUTES:
        table.groups[int(key[1:])] = index
    elif kind is ItemKind.NAMED_METADATA:
        table.named[key[1:]] = index


_UNNAMED = frozenset({ItemKind.TRIVIA, ItemKind.HEADER, ItemKind.OPAQUE, ItemKind.TYPE})
