"""Aspects that IR types bring: ``double``, structs listed as using aspects, and containment.

A struct uses the aspects of every struct (and ``double``) it contains, through arrays,
vectors and nested structs; pointer fields are ignored (DPC++ does the same). A function
uses a type when its text mentions it other than as a pointer (``%T*``), and a global's value
type when it mentions the global.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from propslower.aspects.aspect_metadata import TypeAspects
from propslower.aspects.bitsets import AspectBits
from propslower.diagnostics import DiagnosticError
from propslower.ir.globals import GlobalItem
from propslower.ir.items import ItemKind
from propslower.ir.module import Module
from propslower.ir.strings import name_of, name_token

DOUBLE = "double"
_NOT_POINTER = r"(?!\s*(?:addrspace\(\d+\)\s*)?\*)"
_TYPE_TOKEN = re.compile(r'%(?:"(?:[^"\\]|\\.)*"|[-\w$.]+)' + _NOT_POINTER)
_DOUBLE_TOKEN = re.compile(r"(?<![-\w$.%@\"])double(?![-\w$.])" + _NOT_POINTER)
_TYPE_BODY = re.compile(r"=\s*type\b")
_PREFILTER_LIMIT = 16
"""Up to this many tokens, a plain substring test rules most functions out first."""


def _contained(body: str) -> Iterator[str]:
    """Struct names and ``double`` held (not pointed to) in a type body."""
    for match in _TYPE_TOKEN.finditer(body):
        yield name_of(match.group())
    if _DOUBLE_TOKEN.search(body):
        yield DOUBLE


def type_masks(
    module: Module, listed: list[TypeAspects], bits: AspectBits, fp64: int | None
) -> dict[str, int]:
    """Struct name (no ``%``; ``double`` too) → aspect mask, containment included."""
    masks: dict[str, int] = {}
    if fp64 is not None:
        masks[DOUBLE] = bits.bit(fp64)
    for entry in listed:
        masks[entry.type_name] = masks.get(entry.type_name, 0) | bits.mask(entry.aspects)
    containers: dict[str, list[str]] = {}
    for item in module.items_of((ItemKind.TYPE,)):
        if item.key is None:
            continue
        body = _TYPE_BODY.search(item.text)
        if body is None:
            continue
        name = name_of(item.key)
        for inner in set(_contained(item.text[body.end() :])):
            containers.setdefault(inner, []).append(name)
    work = [name for name, mask in masks.items() if mask]
    while work:
        inner = work.pop()
        mask = masks[inner]
        for outer in containers.get(inner, ()):
            old = masks.get(outer, 0)
            if mask & ~old:
                masks[outer] = old | mask
                work.append(outer)
    return {name: mask for name, mask in masks.items() if mask}


@dataclass(frozen=True)
class TypeUseScanner:
    """Finds, in a function's text, the tokens that bring aspects: types and globals."""

    pattern: re.Pattern[str] | None
    masks: dict[str, int]
    """Token as written (``double``, ``%struct.S``, ``@g``) → aspect mask."""

    def mask_of(self, text: str) -> int:
        """The union of the aspects of every token of ``text`` that brings some."""
        if self.pattern is None:
            return 0
        if len(self.masks) <= _PREFILTER_LIMIT and not any(t in text for t in self.masks):
            return 0
        result = 0
        masks = self.masks
        for match in self.pattern.finditer(text):
            result |= masks[match.group()]
        return result

    def tokens_of(self, text: str) -> list[str]:
        """The tokens found in ``text`` that bring aspects, in order (for explanations)."""
        if self.pattern is None:
            return []
        return [match.group() for match in self.pattern.finditer(text)]


def type_use_scanner(module: Module, types: dict[str, int]) -> TypeUseScanner:
    """A scanner for ``types`` (from ``type_masks``) and the globals whose value type uses one."""
    tokens: dict[str, int] = {}
    for name, mask in types.items():
        tokens[DOUBLE if name == DOUBLE else name_token("%", name)] = mask
    if not tokens:
        return TypeUseScanner(None, {})
    type_pattern = _alternation(tokens)
    for variable in module.globals():
        mask = _global_mask(variable, type_pattern, tokens)
        if mask:
            tokens[name_token("@", name_of(variable.key or "@"))] = mask
    return TypeUseScanner(_alternation(tokens), tokens)


def _global_mask(variable: GlobalItem, pattern: re.Pattern[str], tokens: dict[str, int]) -> int:
    if variable.key is None or pattern.search(variable.text) is None:
        return 0
    try:
        parts = variable.parts
    except DiagnosticError:
        return 0
    if parts.kind not in ("global", "constant"):
        return 0
    result = 0
    for match in pattern.finditer(f" {parts.type_text} "):
        result |= tokens[match.group()]
    return result


def _alternation(tokens: dict[str, int]) -> re.Pattern[str]:
    ordered = sorted(tokens, key=len, reverse=True)
    body = "|".join(re.escape(token) for token in ordered)
    return re.compile(rf"(?<![-\w$.%@\"])(?:{body})(?![-\w$.]){_NOT_POINTER}")
