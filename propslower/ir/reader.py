"""Split module text into top-level items in one linear pass, with positioned errors.

``read_items`` is the general reader; ``scan_items`` gives the same items as a compact
table (offsets, kinds, lines, name indexes), matching the plain one-line shapes clang
writes with one anchored pattern each and handing anything else to the general reader.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable
from itertools import accumulate
from typing import NoReturn

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.ir.attributes import AttributeGroup
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.headers import function_key, function_key_at
from propslower.ir.items import Item, ItemKind
from propslower.ir.lex import OPENERS
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.strings import name_of

_STRING = re.compile(r'"[^"\n]*"')
_GLOBAL_KEY = re.compile(r'@(?:"[^"]*"|[-\w$.]+)')
_TYPE_KEY = re.compile(r'%(?:"[^"]*"|[-\w$.]+)')
_GROUP_KEY = re.compile(r"attributes\s+(#\d+)")
_METADATA_KEY = re.compile(r'!(?:\d+|"[^"]*"|[-\w$.\\]+)')
_CLOSERS = {v: k for k, v in OPENERS.items()}

_WORD_KINDS: dict[str, ItemKind] = {
    "define": ItemKind.DEFINITION,
    "declare": ItemKind.DECLARATION,
    "attributes": ItemKind.ATTRIBUTES,
    "source_filename": ItemKind.HEADER,
    "target": ItemKind.HEADER,
    "module": ItemKind.HEADER,
    "deplibs": ItemKind.HEADER,
    "uselistorder": ItemKind.OPAQUE,
    "uselistorder_bb": ItemKind.OPAQUE,
}
_SIGIL_KINDS: dict[str, ItemKind] = {
    "@": ItemKind.GLOBAL,
    "%": ItemKind.TYPE,
    "$": ItemKind.OPAQUE,
    "^": ItemKind.OPAQUE,
}
_WORD = re.compile(r"[A-Za-z_]+")
_LEADING = re.compile(r"[ \t]*")


def _make_item(kind: ItemKind, text: str, offset: int, line: int) -> Item:
    key = _key(kind, text)
    factory = _FACTORIES.get(kind)
    if factory is not None:
        return factory(kind, text, offset, line, key)
    if kind in (ItemKind.DEFINITION, ItemKind.DECLARATION):
        return FunctionItem(kind, text, offset, line, key)
    return Item(kind, text, offset, line, key)


_FACTORIES: dict[ItemKind, Callable[[ItemKind, str, int, int, str | None], Item]] = {
    ItemKind.GLOBAL: lambda _k, t, o, n, key: GlobalItem(t, o, n, key),
    ItemKind.ATTRIBUTES: lambda _k, t, o, n, key: AttributeGroup(t, o, n, key),
    ItemKind.METADATA: lambda _k, t, o, n, key: MetadataNode(t, o, n, key),
    ItemKind.NAMED_METADATA: lambda _k, t, o, n, key: NamedMetadata(t, o, n, key),
}

_KEY_PATTERNS: dict[ItemKind, re.Pattern[str]] = {
    ItemKind.GLOBAL: _GLOBAL_KEY,
    ItemKind.TYPE: _TYPE_KEY,
    ItemKind.METADATA: _METADATA_KEY,
    ItemKind.NAMED_METADATA: _METADATA_KEY,
}


def item_key(kind: ItemKind, text: str) -> str | None:
    """The key of an item of ``kind`` whose text is ``text`` (None for unnamed kinds)."""
    return _key(kind, text)


def _key(kind: ItemKind, text: str) -> str | None:
    if kind in (ItemKind.DEFINITION, ItemKind.DECLARATION):
        return function_key(text[: text.find("\n") if "\n" in text else len(text)])
    if kind is ItemKind.ATTRIBUTES:
        match = _GROUP_KEY.match(text)
        return None if match is None else match.group(1)
    pattern = _KEY_PATTERNS.get(kind)
    if pattern is None:
        return None
    match = pattern.match(text.lstrip())
    return None if match is None else match.group()


def read_items(text: str, file: str) -> list[Item]:
    """The top-level items of ``text``; raise ``DiagnosticError`` on malformed structure."""
    items: list[Item] = []
    pos = 0
    line = 1
    size = len(text)
    while pos < size:
        end, kind = _classified_end(text, pos, file)
        item_text = text[pos:end]
        item = _make_item(kind, item_text, pos, line)
        item.file = file
        items.append(item)
        line += item_text.count("\n")
        pos = end
    return items


_SHAPES: dict[ItemKind, tuple[re.Pattern[str], str]] = {
    ItemKind.TYPE: (re.compile(r'\s*%(?:"[^"]*"|[-\w$.]+)\s*=\s*type\b'), "'%name = type ...'"),
    ItemKind.GLOBAL: (re.compile(r'\s*@(?:"[^"]*"|[-\w$.]+)\s*=\s*\S'), "'@name = ...'"),
    ItemKind.ATTRIBUTES: (
        re.compile(r"\s*attributes\s+#\d+\s*=\s*\{"),
        "'attributes #N = { ... }'",
    ),
    ItemKind.METADATA: (re.compile(r"\s*!\d+\s*=\s*\S"), "'!N = ...'"),
    ItemKind.NAMED_METADATA: (
        re.compile(r'\s*!(?:"[^"]*"|[-\w$.\\]+)\s*=\s*!\{'),
        "'!name = !{...}'",
    ),
    ItemKind.DEFINITION: (re.compile(r"\s*define\b[^\n]*@"), "'define ... @name(...) {'"),
    ItemKind.DECLARATION: (re.compile(r"\s*declare\b[^\n]*@"), "'declare ... @name(...)'"),
}


def _check_shape(kind: ItemKind, text: str, pos: int, file: str) -> None:
    shape = _SHAPES.get(kind)
    if shape is None or shape[0].match(text, pos):
        return
    start = _LEADING.match(text, pos)
    _fail(file, text, pos if start is None else start.end(), f"expected {shape[1]}")


def _line_end(text: str, pos: int) -> int:
    newline = text.find("\n", pos)
    return len(text) if newline < 0 else newline + 1


def _classify(text: str, pos: int, file: str) -> ItemKind:
    stripped_at = pos
    while stripped_at < len(text) and text[stripped_at] in " \t\r":
        stripped_at += 1
    first = text[stripped_at : stripped_at + 1]
    if first in ("", "\n", ";"):
        return ItemKind.TRIVIA
    if first == "!":
        return _metadata_kind(text, stripped_at)
    sigil_kind = _SIGIL_KINDS.get(first)
    if sigil_kind is not None:
        return sigil_kind
    word = _WORD.match(text, stripped_at)
    kind = None if word is None else _WORD_KINDS.get(word.group())
    if kind is None:
        end = _line_end(text, pos)
        raise DiagnosticError(
            Diagnostic.error(
                "expected a top-level entity (global, function, metadata, attribute group)",
                Span.at_offset(file, text, stripped_at, min(end, stripped_at + 40)),
            )
        )
    return kind


def _metadata_kind(text: str, pos: int) -> ItemKind:
    numbered = pos + 1 < len(text) and text[pos + 1].isdigit()
    return ItemKind.METADATA if numbered else ItemKind.NAMED_METADATA


def _statement_end(text: str, pos: int, file: str) -> int:
    """End of the line at ``pos``, or of later lines while brackets stay open."""
    end = _line_end(text, pos)
    segment = text[pos:end]
    if '"' in segment:
        segment = _STRING.sub("", segment)
    if '"' not in segment:
        segment = segment.split(";", 1)[0]
        if _balanced_counts(segment):
            return end
    return _scan_statement(text, pos, file)


def _balanced_counts(segment: str) -> bool:
    return all(segment.count(o) == segment.count(c) for o, c in OPENERS.items())


def _scan_statement(text: str, pos: int, file: str) -> int:
    stack: list[tuple[str, int]] = []
    i = pos
    size = len(text)
    while i < size:
        ch = text[i]
        if ch == '"':
            close = text.find('"', i + 1)
            if close < 0:
                _fail(file, text, i, "unterminated string")
            i = close + 1
            continue
        if ch == ";":
            i = text.find("\n", i)
            i = size if i < 0 else i
            continue
        if ch == "\n" and not stack:
            return i + 1
        if ch in OPENERS:
            stack.append((ch, i))
        elif ch in _CLOSERS:
            if not stack or stack[-1][0] != _CLOSERS[ch]:
                _fail(file, text, i, f"unbalanced '{ch}'")
            stack.pop()
        i += 1
    if stack:
        opener, where = stack[-1]
        _fail(file, text, where, f"'{opener}' is never closed (truncated input?)")
    return size


def _definition_end(text: str, pos: int, file: str) -> int:
    header_end = _line_end(text, pos)
    close = text.find("\n}", header_end - 1)
    if close < 0:
        _fail(file, text, pos, "function body is never closed with '}' (truncated input?)")
    next_define = text.find("\ndefine ", header_end - 1, close)
    if next_define >= 0:
        _fail(file, text, pos, "function body is not closed with '}' before the next 'define'")
    return _line_end(text, close + 1)


def _fail(file: str, text: str, offset: int, message: str) -> NoReturn:
    end = _line_end(text, offset)
    raise DiagnosticError(
        Diagnostic.error(message, Span.at_offset(file, text, offset, min(end - 1, offset + 1)))
    )


_PLAIN = r'[^\n"()\[\]{}<>;]'


def _one_line_content(depth: int) -> str:
    """A line's code: plain characters, complete strings, and bracket groups nested properly
    up to ``depth`` deep (what the general reader's bracket counting accepts, and less)."""
    inner = r'"[^"\n]*"'
    if depth > 0:
        below = _one_line_content(depth - 1)
        inner += "".join(f"|\\{o}{below}\\{c}" for o, c in ("()", "[]", "{}", "<>"))
    return f"{_PLAIN}*+(?:(?:{inner}){_PLAIN}*+)*+"


_CONTENT = _one_line_content(2)
_LINE_END = r'(?:;[^\n"]*)?(?:\n|\Z)'
_GLOBAL_LINE = rf"@([-\w$.]+)[ \t]*=[ \t]*(?=\S){_CONTENT}{_LINE_END}"
_NODE_LINE = rf"!([0-9]+)[ \t]*=[ \t]*(?=\S){_CONTENT}{_LINE_END}"
_GLOBAL_RUN = re.compile(f"(?:{_GLOBAL_LINE})++")
_NODE_RUN = re.compile(f"(?:{_NODE_LINE})++")
"""Runs of one-line globals and metadata nodes of the plain shape."""
_GLOBAL_NAMES = re.compile(r"@([-\w$.]+)[^\n]*+(?:\n|\Z)")
_NODE_IDS = re.compile(r"!([0-9]+)[^\n]*+(?:\n|\Z)")
"""The name or id of each line of such a run."""
_FAST_TYPE = re.compile(rf"%[-\w$.]+[ \t]*=[ \t]*type\b{_CONTENT}{_LINE_END}")
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

    def pop(self, node_id: int) -> None:
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


def scan_items(text: str, file: str) -> ItemTable:
    """The items ``read_items`` finds, as a table; the same errors for malformed text."""
    return _Scanner(text, file).scan()


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

    def scan(self) -> ItemTable:
        text, table = self.text, self.table
        starts, kinds, lines = table.starts, table.kinds, table.lines
        size = len(text)
        pos = 0
        line = 1
        kind_trivia, kind_definition = ItemKind.TRIVIA, ItemKind.DEFINITION
        find, define = text.find, _DEFINE.match
        while pos < size:
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
                    pos, line = self._run(first == "@", pos, run.end(), line)
                    continue
            elif first == "d" and define(text, pos):
                newline = find("\n", pos)
                close = find("\n}", newline) if newline >= 0 else -1
                if close < 0 or find("\ndefine ", newline, close) >= 0:
                    _definition_end(text, pos, self.file)  # raises the general reader's error
                end = find("\n", close + 1) + 1 or size
                key = function_key_at(text, pos, newline)
                if key is not None:
                    _index_one(table, kind_definition, key, len(kinds))
                starts.append(pos)
                kinds.append(kind_definition)
                lines.append(line)
                line += text.count("\n", pos, end)
                pos = end
                continue
            pos, line = self._other(first, pos, line)
        starts.append(size)
        table.globals.update(zip(self.global_names, self.global_ids, strict=True))
        table.nodes = IdIndex(self.node_ids, self.node_items)
        reverse = kinds[::-1]
        table.last = {kind: len(kinds) - 1 - reverse.index(kind) for kind in set(kinds)}
        table.first = {kind: kinds.index(kind) for kind in table.last}
        return table

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
        key = None if kind in _UNNAMED else _key(kind, _key_text(kind, text, pos, end))
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
        if match is not None:
            return match.end(), ItemKind.TYPE
    elif first == "a":
        match = _FAST_GROUP.match(text, pos)
        if match is not None:
            return match.end(), ItemKind.ATTRIBUTES
    return _classified_end(text, pos, file)


def _classified_end(text: str, pos: int, file: str) -> tuple[int, ItemKind]:
    """End and kind of the item at ``pos``, its shape checked; the general, slower path."""
    kind = _classify(text, pos, file)
    if kind is ItemKind.DEFINITION:
        end = _definition_end(text, pos, file)
    elif kind is ItemKind.TRIVIA:
        end = _line_end(text, pos)
    else:
        end = _statement_end(text, pos, file)
    _check_shape(kind, text, pos, file)
    return end, kind


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


def _key_text(kind: ItemKind, text: str, pos: int, end: int) -> str:
    """As much of the item's text as its key can depend on."""
    if kind is ItemKind.DEFINITION or kind is ItemKind.DECLARATION:
        newline = text.find("\n", pos, end)
        return text[pos : end if newline < 0 else newline]
    return text[pos:end]


def key_at(kind: ItemKind, text: str, pos: int, end: int) -> str | None:
    """The key of the item ``text[pos:end]`` of ``kind``."""
    if kind is ItemKind.DEFINITION or kind is ItemKind.DECLARATION:
        newline = text.find("\n", pos, end)
        return function_key_at(text, pos, end if newline < 0 else newline)
    pattern = _KEY_PATTERNS.get(kind)
    if pattern is not None and pos < end and not text[pos].isspace():
        found = pattern.match(text, pos, end)
        return None if found is None else found.group()
    if kind in (ItemKind.TRIVIA, ItemKind.HEADER, ItemKind.OPAQUE):
        return None
    return _key(kind, _key_text(kind, text, pos, end))
