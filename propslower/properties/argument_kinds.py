"""Attribute arguments as values: constants, names, packs, filter lists, calls (no parser)."""

from __future__ import annotations

from dataclasses import dataclass

from propslower.diagnostics import Span
from propslower.frozen import fast_init
from propslower.properties.ctypes import CType
from propslower.properties.values import PropertyValue


@fast_init
@dataclass(frozen=True)
class ValueArgument:
    """A constant with its C++ type (``None`` for strings and ``nullptr``)."""

    value: PropertyValue
    ctype: CType | None
    span: Span


@fast_init
@dataclass(frozen=True)
class NameArgument:
    """A qualified name (an enumerator or a constant) that needs a table or the front-end."""

    name: str
    span: Span
    cast: CType | None = None


@fast_init
@dataclass(frozen=True)
class PackArgument:
    """A pack expansion such as ``Props::meta_name...``; only the C++ front-end can expand it."""

    text: str
    span: Span


@fast_init
@dataclass(frozen=True)
class BracedArgument:
    """A brace-enclosed list, the DPC++ filter list."""

    items: tuple[Argument, ...]
    span: Span


@fast_init
@dataclass(frozen=True)
class CallArgument:
    """A call such as ``has(aspect::fp16)`` or the attribute itself."""

    name: tuple[str, ...]
    arguments: tuple[Argument, ...]
    span: Span
    name_span: Span


@fast_init
@dataclass(frozen=True)
class InvalidArgument:
    """An argument that already produced an error diagnostic."""

    span: Span


Argument = (
    ValueArgument | NameArgument | PackArgument | BracedArgument | CallArgument | InvalidArgument
)
