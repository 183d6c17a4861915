"""Property sets and the ``.prop`` text format (``[Set]`` sections of ``name=type|value`` lines)."""

from __future__ import annotations

import enum
import re
import struct
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from propslower.diagnostics import Diagnostic, Diagnostics, Span
from propslower.postlink import base64

_UINT32_MAX = 0xFFFF_FFFF
_LINE_BREAKS = re.compile(r"[\n\r\0]")
"""What no name may hold: the file is read line by line."""
_PREFIX_BYTES = 8


class PropertyType(enum.IntEnum):
    """The type code written before ``|``."""

    NONE = 0
    UINT32 = 1
    BYTE_ARRAY = 2


@dataclass(frozen=True)
class PropertyValue:
    """A typed value: an ``int`` for UINT32, the data ``bytes`` (no bit-count prefix) otherwise."""

    type: PropertyType
    data: int | bytes

    @staticmethod
    def uint32(value: int) -> PropertyValue:
        if not 0 <= value <= _UINT32_MAX:
            raise ValueError(f"{value} does not fit in uint32")
        return PropertyValue(PropertyType.UINT32, value)

    @staticmethod
    def byte_array(data: bytes) -> PropertyValue:
        return PropertyValue(PropertyType.BYTE_ARRAY, bytes(data))

    @staticmethod
    def uint32_array(values: Iterable[int]) -> PropertyValue:
        items = list(values)
        return PropertyValue.byte_array(struct.pack(f"<{len(items)}I", *items))

    @staticmethod
    def uint64_array(values: Iterable[int]) -> PropertyValue:
        items = list(values)
        return PropertyValue.byte_array(struct.pack(f"<{len(items)}Q", *items))

    @staticmethod
    def string(text: str) -> PropertyValue:
        return PropertyValue.byte_array(text.encode("utf-8"))

    @property
    def as_int(self) -> int:
        if not isinstance(self.data, int):
            raise TypeError("not a UINT32 property")
        return self.data

    @property
    def as_bytes(self) -> bytes:
        if not isinstance(self.data, bytes):
            raise TypeError("not a BYTE_ARRAY property")
        return self.data

    def as_uint32_array(self) -> tuple[int, ...]:
        """The data read as little-endian uint32 values (``ValueError`` if the size is not 4k)."""
        return _unpack(self.as_bytes, "I", 4)

    def as_uint64_array(self) -> tuple[int, ...]:
        return _unpack(self.as_bytes, "Q", 8)


def _unpack(data: bytes, code: str, width: int) -> tuple[int, ...]:
    if len(data) % width:
        raise ValueError(f"{len(data)} bytes is not a whole number of {width}-byte values")
    return struct.unpack(f"<{len(data) // width}{code}", data)


@dataclass
class PropertySet:
    """A named set of properties, in file order."""

    name: str
    properties: dict[str, PropertyValue] = field(default_factory=dict)

    def __getitem__(self, key: str) -> PropertyValue:
        return self.properties[key]

    def __contains__(self, key: object) -> bool:
        return key in self.properties

    def __iter__(self) -> Iterator[tuple[str, PropertyValue]]:
        return iter(self.properties.items())


@dataclass
class PropertyFile:
    """The sets of one ``.prop`` file, in file order."""

    sets: list[PropertySet] = field(default_factory=list)

    def get(self, name: str) -> PropertySet | None:
        return next((s for s in self.sets if s.name == name), None)


def encode_byte_array(data: bytes) -> str:
    """The text of a BYTE_ARRAY: Base64 of an 8-byte LE bit count followed by ``data``."""
    return base64.encode(struct.pack("<Q", len(data) * 8) + data)


def decode_byte_array(text: str) -> bytes:
    """The data bytes of a BYTE_ARRAY text (``base64.Base64Error`` / ``ValueError`` if broken)."""
    raw = base64.decode(text)
    if len(raw) < _PREFIX_BYTES:
        raise ValueError("byte array shorter than its 8-byte size prefix")
    (bits,) = struct.unpack("<Q", raw[:_PREFIX_BYTES])
    data = raw[_PREFIX_BYTES:]
    if (bits + 7) // 8 != len(data):
        raise ValueError(f"size prefix says {bits} bits but {len(data)} data bytes follow")
    return data


def encode_value(value: PropertyValue) -> str:
    """``<type>|<text>`` for one value."""
    if value.type is PropertyType.UINT32:
        return f"{int(value.type)}|{value.as_int}"
    if value.type is PropertyType.BYTE_ARRAY:
        return f"{int(value.type)}|{encode_byte_array(value.as_bytes)}"
    raise ValueError("a NONE property cannot be written")


def write_prop(sets: PropertyFile | Sequence[PropertySet]) -> str:
    """The ``.prop`` text of ``sets`` (``ValueError`` for a name the reader could not read
    back: a line break or NUL, a key with '=' or a leading '[')."""
    items = sets.sets if isinstance(sets, PropertyFile) else sets
    lines: list[str] = []
    for prop_set in items:
        if not prop_set.name or _LINE_BREAKS.search(prop_set.name):
            raise ValueError(f"property set name {prop_set.name!r} cannot be written")
        lines.append(f"[{prop_set.name}]")
        for name, value in prop_set:
            if not name or _LINE_BREAKS.search(name) or "=" in name or name.startswith("["):
                raise ValueError(f"property name {name!r} cannot be written as a key")
            lines.append(f"{name}={encode_value(value)}")
    return "".join(line + "\n" for line in lines)


def read_prop(text: str, name: str) -> PropertyFile:
    """Parse ``.prop`` text; every mistake is reported at its line and column."""
    reader = _Reader(name)
    for number, line in enumerate(text.splitlines(), start=1):
        reader.line(number, line)
    reader.diagnostics.raise_if_errors()
    return reader.result


class _Reader:
    """Line-by-line ``.prop`` parser collecting diagnostics."""

    def __init__(self, name: str) -> None:
        self.file = name
        self.result = PropertyFile()
        self.current: PropertySet | None = None
        self.diagnostics = Diagnostics()

    def error(self, message: str, line: int, column: int, end: int | None = None) -> None:
        span = Span(self.file, line, column, line if end else None, end)
        self.diagnostics.add(Diagnostic.error(message, span))

    def line(self, number: int, line: str) -> None:
        if not line.strip():
            return
        if line.startswith("["):
            self._section(number, line)
            return
        if self.current is None:
            self.error("property outside any '[set]' section", number, 1)
            return
        key, equals, rest = line.partition("=")
        if not equals or not key:
            self.error("expected 'name=type|value'", number, 1, len(line))
            return
        if key in self.current:
            message = f"duplicate property '{key}' in set '{self.current.name}'"
            self.error(message, number, 1, len(key))
            return
        value = self._value(number, len(key) + 2, rest)
        if value is not None:
            self.current.properties[key] = value

    def _section(self, number: int, line: str) -> None:
        stripped = line.rstrip()
        if not stripped.endswith("]") or len(stripped) < 3:
            self.error("property set header must be '[name]'", number, 1, len(stripped))
            return
        name = stripped[1:-1]
        if self.result.get(name) is not None:
            self.error(f"duplicate property set '{name}'", number, 2, len(stripped) - 1)
            return
        self.current = PropertySet(name)
        self.result.sets.append(self.current)

    def _value(self, number: int, column: int, text: str) -> PropertyValue | None:
        code, bar, payload = text.partition("|")
        if not bar or not code.isdigit():
            self.error("expected '<type code>|<value>'", number, column, column + len(text) - 1)
            return None
        payload_column = column + len(code) + 1
        if int(code) == PropertyType.UINT32:
            return self._uint32(number, payload_column, payload)
        if int(code) == PropertyType.BYTE_ARRAY:
            return self._bytes(number, payload_column, payload)
        self.error(f"invalid property type code {code} (expected 1 or 2)", number, column)
        return None

    def _uint32(self, number: int, column: int, payload: str) -> PropertyValue | None:
        if not payload.isdigit() or not payload.isascii() or int(payload) > _UINT32_MAX:
            end = column + max(len(payload), 1) - 1
            self.error(f"'{payload}' is not a uint32 decimal", number, column, end)
            return None
        return PropertyValue.uint32(int(payload))

    def _bytes(self, number: int, column: int, payload: str) -> PropertyValue | None:
        try:
            return PropertyValue.byte_array(decode_byte_array(payload))
        except base64.Base64Error as error:
            self.error(str(error), number, column + error.offset)
        except ValueError as error:
            self.error(str(error), number, column, column + max(len(payload), 1) - 1)
        return None
