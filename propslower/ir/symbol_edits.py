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


class SymbolEditor:
    """String constants and declarations for one module (``module.symbols``)."""

    def __init__(self, module: Module) -> None:
        self._module = module
        self._strings: dict[_StringKey, GlobalItem] | None = None
        self._counters: dict[str, int] = {}
        self._declared: dict[str, str] = {}
        """Declaration text → the bare name it declares (its header parsed once)."""

    def fresh_global_name(self, base: str) -> str:
        """A bare global name ``base.N`` that no global or function uses yet."""
        counter = self._counters.get(base, 0)
        while True:
            candidate = f"{base}.{counter}" if counter else base
            counter += 1
            if not self._module.has_global_name(candidate):
                self._counters[base] = counter
                return candidate

    def string_constant(
        self, data: str | bytes, address_space: int = 0, section: str | None = "llvm.metadata"
    ) -> GlobalItem:
        """A private NUL-terminated ``[L x i8]`` constant holding ``data``, reused if present."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        key: _StringKey = (raw, address_space, section)
        strings = self._string_index()
        existing = strings.get(key)
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
        strings[key] = item
        return item

    def _string_index(self) -> dict[_StringKey, GlobalItem]:
        if self._strings is not None:
            return self._strings
        self._strings = {}
        for item in self._module.globals():
            match = _STRING_CONSTANT.fullmatch(item.text)
            if match is None:
                continue
            raw = unescape_bytes(match.group(3))
            if not raw.endswith(b"\0"):
                continue
            key: _StringKey = (raw[:-1], int(match.group(2) or 0), match.group(4))
            self._strings.setdefault(key, item)
        return self._strings

    def declare(self, text: str) -> FunctionItem:
        """Add ``declare ...`` unless a function of that name exists; return the function."""
        line = text.strip() + "\n"
        name = self._declared.get(line)
        if name is not None:
            existing = self._module.function(name)
            if existing is not None:
                return existing
        item = FunctionItem(ItemKind.DECLARATION, line)
        token = item.header.name
        item.key = token
        self._declared[line] = name_of(token)
        existing = self._module.function(name_of(token))
        if existing is not None:
            return existing
        self._module.insert(item)
        return item
