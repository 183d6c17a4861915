"""Property values: each knows its C++ kind and how it becomes an IR string.

The encodings are in docs/design/properties.md, "Values and their IR strings".
"""

from __future__ import annotations

import enum
import struct
from dataclasses import dataclass, field
from typing import ClassVar

from propslower.diagnostics import Span
from propslower.frozen import fast_init


class ValueKind(enum.Enum):
    """The C++ kind a property value had in the attribute."""

    STRING = "string"
    INTEGER = "integer"
    FLOATING = "floating"
    BOOL = "bool"
    CHAR = "char"
    ENUMERATOR = "enumerator"
    NULLPTR = "nullptr"
    NO_VALUE = "no value"
    UNRESOLVED = "unresolved"


def string_text(data: bytes) -> str:
    """The text a string value holds for the narrow-string bytes ``data`` (see ``StringValue``)."""
    return data.decode("utf-8", errors="surrogateescape")


def string_bytes(text: str) -> bytes:
    """The narrow-string bytes a string value's ``text`` stands for (see ``StringValue``).

    Raises ``UnicodeEncodeError`` for a lone surrogate outside U+DC80..U+DCFF, which no
    reader produces (every reader checks, see ``unencodable``).
    """
    return text.encode("utf-8", errors="surrogateescape")


def unencodable(text: str) -> int | None:
    """The index of the first character ``string_bytes`` cannot encode, or ``None``."""
    if text.isascii():
        return None
    for index, char in enumerate(text):
        if "\ud800" <= char <= "\udfff" and not "\udc80" <= char <= "\udcff":
            return index
    return None


@fast_init
@dataclass(frozen=True)
class StringValue:
    """A string literal or ``constexpr const char *``; ``""`` means "no value".

    C++ property values are narrow strings, i.e. bytes, which reach the IR unchanged (LLVM
    prints a byte outside printable ASCII as ``\\HH``). ``text`` holds those bytes decoded as
    UTF-8 with Python's ``surrogateescape`` (PEP 383): valid UTF-8 is ordinary text
    (``"é"`` is the bytes C3 A9, printed ``\\C3\\A9``), and each byte that is not part of
    valid UTF-8 is the lone surrogate U+DC80 + byte (``"\\xff"`` is U+DCFF, the byte FF,
    printed ``\\FF``). ``string_bytes`` and ``string_text`` convert; the mapping is one to
    one, so values compare by their bytes.
    """

    kind: ClassVar[ValueKind] = ValueKind.STRING
    text: str
    span: Span | None = field(default=None, compare=False)

    def ir_string(self) -> str | None:
        return self.text or None


@fast_init
@dataclass(frozen=True)
class IntegerValue:
    """An integer of a known signedness, printed as ``std::to_string`` does (decimal)."""

    kind: ClassVar[ValueKind] = ValueKind.INTEGER
    value: int
    signed: bool = True
    span: Span | None = field(default=None, compare=False)

    def ir_string(self) -> str | None:
        return str(self.value)


@fast_init
@dataclass(frozen=True)
class FloatingValue:
    """A ``float`` or ``double``, printed as ``std::to_string`` does (``%f``)."""

    kind: ClassVar[ValueKind] = ValueKind.FLOATING
    value: float
    single: bool = False
    span: Span | None = field(default=None, compare=False)

    def ir_string(self) -> str | None:
        value = self.value
        if self.single:
            value = struct.unpack("f", struct.pack("f", value))[0]
        return f"{value:f}"


@fast_init
@dataclass(frozen=True)
class BoolValue:
    """``true`` or ``false``."""

    kind: ClassVar[ValueKind] = ValueKind.BOOL
    value: bool
    span: Span | None = field(default=None, compare=False)

    def ir_string(self) -> str | None:
        return "true" if self.value else "false"


@fast_init
@dataclass(frozen=True)
class CharValue:
    """A character literal; lowered as its integer value."""

    kind: ClassVar[ValueKind] = ValueKind.CHAR
    code: int
    span: Span | None = field(default=None, compare=False)

    def ir_string(self) -> str | None:
        return str(self.code)


@fast_init
@dataclass(frozen=True)
class EnumeratorValue:
    """A resolved enumerator: its qualified name and integer value (lowered as the integer)."""

    kind: ClassVar[ValueKind] = ValueKind.ENUMERATOR
    name: str
    value: int
    span: Span | None = field(default=None, compare=False)

    def ir_string(self) -> str | None:
        return str(self.value)


@fast_init
@dataclass(frozen=True)
class NullptrValue:
    """``nullptr`` (or a null ``const char *``): a property with no value."""

    kind: ClassVar[ValueKind] = ValueKind.NULLPTR
    span: Span | None = field(default=None, compare=False)

    def ir_string(self) -> str | None:
        return None


@fast_init
@dataclass(frozen=True)
class NoValue:
    """A property given without a value (for example from a YAML ``null``)."""

    kind: ClassVar[ValueKind] = ValueKind.NO_VALUE
    span: Span | None = field(default=None, compare=False)

    def ir_string(self) -> str | None:
        return None


@fast_init
@dataclass(frozen=True)
class UnresolvedValue:
    """Something only the C++ front-end can evaluate: a pack expansion or an unknown enumerator."""

    kind: ClassVar[ValueKind] = ValueKind.UNRESOLVED
    text: str
    reason: str
    span: Span | None = field(default=None, compare=False)

    def ir_string(self) -> str | None:
        raise ValueError(f"'{self.text}' is unresolved: {self.reason}")


PropertyValue = (
    StringValue
    | IntegerValue
    | FloatingValue
    | BoolValue
    | CharValue
    | EnumeratorValue
    | NullptrValue
    | NoValue
    | UnresolvedValue
)
