"""Self-contained sub-modules: a fast reference scanner, transitive closure and rendering."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from propslower.diagnostics import DiagnosticError
from propslower.ir.globals import GlobalItem
from propslower.ir.items import Item, ItemKind
from propslower.ir.lex import LexError, split_commas
from propslower.ir.metadata import NamedMetadata
from propslower.ir.module import Module
from propslower.ir.strings import name_of

_REFERENCE = re.compile(
    r"""
      c?"[^"]*"                              # a string: nothing inside it is a reference
    | ;[^\n]*                                # a comment
    | @(?P<symbol>"[^"]*"|[-\w$.]+)
    | %(?P<type>"[^"]*"|[-\w$.]+)
    | \#(?P<group>\d+)
    | !(?P<node>\d+)
    | \$(?P<comdat>"[^"]*"|[-\w$.]+)
    """,
    re.VERBOSE,
)
_COMDAT_ITEM = re.compile(r'\s*\$("[^"]*"|[-\w$.]+)\s*=\s*comdat\b')
_BARE_COMDAT = re.compile(r"\bcomdat\b(?!\s*\()")
_NAMED_HEAD = re.compile(r'\s*!(?:"[^"]*"|[-\w$.\\]+)\s*=\s*')
_ARRAY_TYPE = re.compile(r"\[\s*\d+\s+x\s+(.*)\]\s*$", re.DOTALL)
_SYMBOL_KINDS = frozenset({ItemKind.GLOBAL, ItemKind.DEFINITION, ItemKind.DECLARATION})
_ALWAYS_KINDS = frozenset({ItemKind.HEADER})


@dataclass(frozen=True, slots=True)
class References:
    """The names one item's text mentions (bare names; ``!N`` / ``#N`` as numbers)."""

    symbols: tuple[str, ...]
    types: tuple[str, ...]
    groups: tuple[int, ...]
    nodes: tuple[int, ...]
    comdats: tuple[str, ...]


def scan_references(text: str) -> References:
    """Every ``@name``, ``%name``, ``#N``, ``!N`` and ``$name`` outside strings and comments.

    Local values (``%0``, ``%x``) come out as types too; callers keep only defined types.
    """
    symbols: list[str] = []
    types: list[str] = []
    groups: list[int] = []
    nodes: list[int] = []
    comdats: list[str] = []
    for match in _REFERENCE.finditer(text):
        kind = match.lastgroup
        if kind is None:
            continue
        token = match.group(kind)
        if kind == "symbol":
            symbols.append(name_of("@" + token))
        elif kind == "type":
            types.append(name_of("%" + token))
        elif kind == "group":
            groups.append(int(token))
        elif kind == "node":
            nodes.append(int(token))
        else:
            comdats.append(name_of("$" + token))
    return References(tuple(symbols), tuple(types), tuple(groups), tuple(nodes), tuple(comdats))


@dataclass
class _NamedInfo:
    """A named metadata item: each operand with the symbol items its nodes reach."""

    index: int
    operands: list[tuple[str, frozenset[int]]]


@dataclass
class _ArrayInfo:
    """An ``appending`` ``llvm.*`` array: element texts and the symbol items each mentions."""

    index: int
    element_type: str
    initializer: str
    type_text: str
    elements: list[tuple[str, frozenset[int]]]


@dataclass
class ModuleIndex:
    """Items of a module with their references resolved to item indexes, built in one pass."""

    items: list[Item]
    refs: list[tuple[int, ...]] = field(default_factory=list)
    symbols: dict[str, int] = field(default_factory=dict)
    """Bare symbol name → item index (functions, globals, aliases)."""
    nodes: dict[int, int] = field(default_factory=dict)
    """``N`` of ``!N`` → item index."""
    leading: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Trivia (comments, blank lines) written right before an item."""
    always: set[int] = field(default_factory=set)
    named: list[_NamedInfo] = field(default_factory=list)
    arrays: list[_ArrayInfo] = field(default_factory=list)
    _free: list[list[int]] = field(default_factory=list)
    _triggers: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    newline: str = "\n"
    """The module's line break, which ``render`` writes."""

    @staticmethod
    def build(module: Module) -> ModuleIndex:
        """Scan every item of ``module`` once."""
        index = ModuleIndex(list(module.items()), newline=module.newline)
        keys = index._keys()
        pending: list[int] = []
        for position, item in enumerate(index.items):
            if item.kind is ItemKind.TRIVIA:
                pending.append(position)
                index.refs.append(())
                continue
            if pending:
                index.leading[position] = tuple(pending)
                pending = []
            index.refs.append(_resolve(item, keys))
            if item.kind in _ALWAYS_KINDS:
                index.always.add(position)
        index._index_named()
        index._index_arrays()
        return index

    def _keys(self) -> dict[str, int]:
        keys: dict[str, int] = {}
        for position, item in enumerate(self.items):
            key = _index_key(item)
            if key is None:
                continue
            keys[key] = position
            if item.kind in _SYMBOL_KINDS:
                self.symbols[key[1:]] = position
            elif item.kind is ItemKind.METADATA:
                self.nodes[int(key[1:])] = position
        return keys

    def _node_items(self, text: str) -> list[int]:
        return [self.nodes[n] for n in scan_references(text).nodes if n in self.nodes]

    def _node_symbols(self, start: Iterable[int]) -> frozenset[int]:
        """Symbol items reached from metadata nodes through metadata only."""
        seen: set[int] = set()
        found: set[int] = set()
        stack = list(start)
        while stack:
            position = stack.pop()
            if position in seen:
                continue
            seen.add(position)
            kind = self.items[position].kind
            if kind in _SYMBOL_KINDS:
                found.add(position)
            elif kind is ItemKind.METADATA:
                stack.extend(self.refs[position])
        return frozenset(found)

    def _index_named(self) -> None:
        for position, item in enumerate(self.items):
            if not isinstance(item, NamedMetadata):
                continue
            info = _NamedInfo(position, [])
            free: list[int] = []
            for number, operand in enumerate(item.operands):
                symbols = self._node_symbols(self._node_items(operand))
                info.operands.append((operand, symbols))
                if symbols:
                    self._triggers.setdefault(min(symbols), []).append((len(self.named), number))
                else:
                    free.append(number)
            self.named.append(info)
            self._free.append(free)

    def _index_arrays(self) -> None:
        for position, item in enumerate(self.items):
            if not isinstance(item, GlobalItem) or not (item.key or "").startswith("@llvm."):
                continue
            info = _array_info(position, item, self.symbols)
            if info is not None:
                self.arrays.append(info)
                self.refs[position] = ()

    # -- closure -----------------------------------------------------------------------------

    def closure(self, roots: Iterable[str]) -> set[int]:
        """Indexes of every item a sub-module holding the symbols ``roots`` needs.

        Named metadata and trimmed ``llvm.*`` arrays are not included: ``render`` adds them.
        """
        kept = set(self.always)
        self._grow(kept, [self.symbols[name] for name in roots])
        while True:
            added = [p for info in self.arrays for p in _array_extra(info, kept)]
            if not added:
                break
            self._grow(kept, added)
        for number, operands in self._chosen_named(kept).items():
            info = self.named[number]
            self._grow(kept, [p for o in operands for p in self._node_items(info.operands[o][0])])
        return kept

    def _grow(self, kept: set[int], start: Iterable[int]) -> None:
        refs = self.refs
        stack = [p for p in start if p not in kept]
        while stack:
            position = stack.pop()
            if position in kept:
                continue
            kept.add(position)
            stack.extend(p for p in refs[position] if p not in kept)

    def _chosen_named(self, kept: set[int]) -> dict[int, list[int]]:
        """Named list number → its operands (positions) whose symbols are all kept."""
        chosen = {number: list(free) for number, free in enumerate(self._free)}
        for position in kept:
            for number, operand in self._triggers.get(position, ()):
                if self.named[number].operands[operand][1] <= kept:
                    chosen[number].append(operand)
        return {number: sorted(operands) for number, operands in chosen.items()}

    # -- rendering ---------------------------------------------------------------------------

    def render(self, kept: set[int]) -> str:
        """The sub-module text: kept items in module order, named lists and arrays trimmed."""
        texts: dict[int, str] = {}
        for number, operands in self._chosen_named(kept).items():
            info = self.named[number]
            if len(operands) == len(info.operands):
                texts[info.index] = self.items[info.index].text
            elif operands:
                chosen = [info.operands[o][0] for o in operands]
                texts[info.index] = _named_text(self.items[info.index], chosen)
        for array in self.arrays:
            text = _array_text(self.items[array.index].text, array, kept)
            if text is not None:
                texts[array.index] = text
        pieces: list[str] = []
        for position in sorted(kept.union(texts)):
            for trivia in self.leading.get(position, ()):
                _append(pieces, self.items[trivia].text)
            _append(pieces, texts.get(position) or self.items[position].text)
        text = "".join(pieces)
        return text if self.newline == "\n" else text.replace("\n", self.newline)

    def extract(self, roots: Iterable[str]) -> str:
        """The text of a valid module holding ``roots`` and everything they reference."""
        return self.render(self.closure(roots))


def _append(pieces: list[str], text: str) -> None:
    if pieces and not pieces[-1].endswith("\n"):
        pieces.append("\n")
    pieces.append(text)


def _named_text(item: Item, operands: list[str]) -> str:
    head = _NAMED_HEAD.match(item.text)
    prefix = item.text[: head.end()] if head is not None else item.text.split("=", 1)[0] + "= "
    return prefix + "!{" + ", ".join(operands) + "}\n"


def _array_extra(info: _ArrayInfo, kept: set[int]) -> list[int]:
    """Symbols an array element brings in once any symbol it mentions is kept."""
    return [p for _, symbols in info.elements if symbols & kept for p in symbols if p not in kept]


def _index_key(item: Item) -> str | None:
    if item.kind is ItemKind.OPAQUE:
        match = _COMDAT_ITEM.match(item.text)
        return None if match is None else "$" + name_of("$" + match.group(1))
    if item.key is None or item.kind is ItemKind.NAMED_METADATA:
        return None
    if item.kind in _SYMBOL_KINDS:
        return "@" + name_of(item.key)
    if item.kind is ItemKind.TYPE:
        return "%" + name_of(item.key)
    return item.key


def _resolve(item: Item, keys: dict[str, int]) -> tuple[int, ...]:
    found = scan_references(item.text)
    names = [
        *("@" + s for s in found.symbols),
        *("%" + t for t in found.types),
        *(f"#{g}" for g in found.groups),
        *(f"!{n}" for n in found.nodes),
        *("$" + c for c in found.comdats),
    ]
    if item.kind in _SYMBOL_KINDS and item.key is not None:
        header = item.text.split("\n", 1)[0]
        if _BARE_COMDAT.search(header):
            names.append("$" + name_of(item.key))
    own = _index_key(item)
    return tuple(dict.fromkeys(keys[n] for n in names if n in keys and n != own))


def _array_info(position: int, item: GlobalItem, table: dict[str, int]) -> _ArrayInfo | None:
    try:
        parts = item.parts
    except DiagnosticError:  # an unparsable global is simply not trimmed
        return None
    shape = _ARRAY_TYPE.match(parts.type_text)
    init = parts.initializer
    if parts.linkage != "appending" or shape is None or init is None or not init.startswith("["):
        return None
    try:
        pieces = split_commas(init, 1, len(init) - 1)
    except LexError:
        return None
    elements = []
    for start, end in pieces:
        text = init[start:end]
        refs = scan_references(text).symbols
        symbols = frozenset(table[s] for s in refs if s in table)
        elements.append((text, symbols))
    return _ArrayInfo(position, shape.group(1), init, parts.type_text, elements)


def _array_text(text: str, array: _ArrayInfo, kept: set[int]) -> str | None:
    elements = [element for element, symbols in array.elements if symbols & kept]
    if not elements:
        return None
    new_type = f"[{len(elements)} x {array.element_type}]"
    new_init = "[" + ", ".join(elements) + "]"
    head, _, tail = text.partition(array.type_text)
    return head + new_type + tail.replace(array.initializer, new_init, 1)


def extract(module: Module, roots: Iterable[str]) -> str:
    """One-shot: the sub-module of ``module`` holding ``roots`` (build an index for many)."""
    return ModuleIndex.build(module).extract(roots)
