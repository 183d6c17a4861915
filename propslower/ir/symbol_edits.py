"""Module-level symbols: private string constants, declarations, fresh global names."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import ItemKind
from propslower.ir.strings import escape_bytes, name_of, unescape_bytes

if TYPE_CHECKING:
    from propslower.ir.module import Module

_STRING_CONSTANT = re.compile(
    r'(@(?:[-\w$.]+|"[^"]*"))\s*=\s*private unnamed_addr (?:addrspace\((\d+)\) )?'
    r'constant \[\d+ x i8\] c"([^"]*)"(?:, section "([^"]*)")?(?:, align \d+)?\s*'
)
_StringKey = tuple[bytes, int, str | None]
_STRING_NEEDLE = "private unnamed_addr "
"""Text every match of ``_STRING_CONSTANT`` holds (finds candidates with one text search)."""


class SymbolState:
    """What a ``SymbolEditor`` remembers between uses (the module keeps it)."""

    __slots__ = ("counters", "declared", "found", "strings")

    def __init__(self) -> None:
        self.strings: _StringIndex | None = None
        self.found: dict[_StringKey, GlobalItem | None] = {}
        """String constants by content, as looked up or made (None: there is none)."""
        self.counters: dict[str, int] = {}
        self.declared: dict[str, str] = {}
        """Declaration text → the bare name it declares (its header parsed once)."""


class SymbolEditor:
    """String constants and declarations for one module (``module.symbols``)."""

    def __init__(self, module: Module, state: SymbolState | None = None) -> None:
        self._module = module
        self._state = state or SymbolState()

    def fresh_global_name(self, base: str) -> str:
        """A bare global name ``base.N`` that no global or function uses yet."""
        counter = self._state.counters.get(base, 0)
        while True:
            candidate = f"{base}.{counter}" if counter else base
            counter += 1
            if not self._module.has_global_name(candidate):
                self._state.counters[base] = counter
                return candidate

    def string_constant(
        self, data: str | bytes, address_space: int = 0, section: str | None = "llvm.metadata"
    ) -> GlobalItem:
        """A private NUL-terminated ``[L x i8]`` constant holding ``data``, reused if present."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        key: _StringKey = (raw, address_space, section)
        if key in self._state.found:
            existing = self._state.found[key]
        else:
            if self._state.strings is None:
                self._state.strings = _StringIndex(self._module)
            existing = self._state.found[key] = self._state.strings.first(self._module, key)
        if existing is not None and not existing.removed:
            return existing
        name = self.fresh_global_name(".str")
        space = f"addrspace({address_space}) " if address_space else ""
        tail = f', section "{section}"' if section is not None else ""
        body = escape_bytes(raw + b"\0")
        text = (
            f"@{name} = private unnamed_addr {space}constant [{len(raw) + 1} x i8] "
            f'c"{body}"{tail}\n'
        )
        item = GlobalItem(text, key=f"@{name}")
        self._module.insert(item)
        self._state.found[key] = item
        return item

    def declare(self, text: str) -> FunctionItem:
        """Add ``declare ...`` unless a function of that name exists; return the function."""
        line = text.strip() + "\n"
        name = self._state.declared.get(line)
        if name is not None:
            existing = self._module.function(name)
            if existing is not None:
                return existing
        item = FunctionItem(ItemKind.DECLARATION, line)
        token = item.parsed_header.name
        item.key = token
        self._state.declared[line] = name_of(token)
        existing = self._module.function(name_of(token))
        if existing is not None:
            return existing
        self._module.insert(item)
        return item


class _StringIndex:
    """The module's string constants as they were when first asked for.

    When every ``c"..."`` body of the module is spelled as ``escape_bytes`` spells it, a
    content has one spelling, so a constant holding it is found by searching the module
    text for that spelling (read items still equal to their range of the text), plus the
    texts of the items that were not (kept as they were). Otherwise every constant's key
    is worked out at once.
    """

    def __init__(self, module: Module) -> None:
        self._changed: set[int] = set()
        """Read or new globals that were not their range of the module text."""
        self._texts: dict[int, str] = {}
        """The texts those had, where they held a string constant."""
        for number, text in module.store.changed_items((ItemKind.GLOBAL,)):
            self._changed.add(number)
            if text is not None and _STRING_NEEDLE in text:
                self._texts[number] = text
        self._span = module.store.read_span((ItemKind.GLOBAL,))
        unusual = not module.source.isascii() or _UNUSUAL_BODY.search(module.source, *self._span)
        texts = self._texts.values()
        self._keys: dict[_StringKey, int] | None = None
        if unusual or not all(t.isascii() and _UNUSUAL_BODY.search(t) is None for t in texts):
            self._keys = {}
            for number, text, start, end in module.store.texts_containing(
                _STRING_NEEDLE, (ItemKind.GLOBAL,)
            ):
                key = _key_of(text, start, end)
                if key is not None:
                    self._keys.setdefault(key, number)

    def first(self, module: Module, key: _StringKey) -> GlobalItem | None:
        """The first constant of ``module`` holding ``key``'s content, as the index was
        taken (the module it was taken of)."""
        number = self._first(module, key)
        if number is None:
            return None
        item = module.store.item(number)
        assert isinstance(item, GlobalItem)
        return item

    def _first(self, module: Module, key: _StringKey) -> int | None:
        if self._keys is not None:
            return self._keys.get(key)
        spelling = 'c"' + escape_bytes(key[0] + _NUL) + '"'
        found = [n for n, text in self._texts.items() if _key_of(text, 0, len(text)) == key]
        source = module.source
        low, high = self._span
        at = source.find(spelling, low, high)
        while at >= 0:
            number, kind, start, end = module.store.read_item_at(at)
            candidate = kind is ItemKind.GLOBAL and number not in self._changed
            if candidate and _key_of(source, start, end) == key:
                found.append(number)
                break
            at = source.find(spelling, end, high)
        return min(found, key=module.store.order_key, default=None)


_NUL = b"\0"
_UNUSUAL_BODY = re.compile(
    r'\] c"[ !#-\[\]-~]*+(?:\\(?:[01][0-9A-F]|22|5C|7F|[89A-F][0-9A-F])[ !#-\[\]-~]*+)*+(?!")'
)
"""A string constant's body not spelled as ``escape_bytes`` spells bytes (so the same
content could be spelled otherwise)."""


def _key_of(text: str, start: int, end: int) -> _StringKey | None:
    """The content key of the string constant ``text[start:end]``, or None if it is not one."""
    match = _STRING_CONSTANT.fullmatch(text, start, end)
    if match is None:
        return None
    raw = unescape_bytes(match.group(3))
    if not raw.endswith(b"\0"):
        return None
    return raw[:-1], int(match.group(2) or 0), match.group(4)
