"""Aspect sets as Python integers: each aspect value gets a bit, union is ``|``."""

from __future__ import annotations

from collections.abc import Iterable


class AspectBits:
    """Interns aspect values (negative internal ones included) as bit positions."""

    def __init__(self) -> None:
        self._bit: dict[int, int] = {}
        self._value: list[int] = []

    def bit(self, value: int) -> int:
        """The single-bit mask of ``value`` (allocated on first use)."""
        position = self._bit.get(value)
        if position is None:
            position = len(self._value)
            self._bit[value] = position
            self._value.append(value)
        return 1 << position

    def mask(self, values: Iterable[int]) -> int:
        """The mask holding every value of ``values``."""
        result = 0
        for value in values:
            result |= self.bit(value)
        return result

    def known_mask(self, values: Iterable[int]) -> int:
        """Like ``mask`` but without allocating: values never interned are left out."""
        result = 0
        for value in values:
            position = self._bit.get(value)
            if position is not None:
                result |= 1 << position
        return result

    def values(self, mask: int) -> frozenset[int]:
        """The aspect values in ``mask``."""
        out: list[int] = []
        position = 0
        while mask:
            if mask & 1:
                out.append(self._value[position])
            mask >>= 1
            position += 1
        return frozenset(out)

    def ordered(self, mask: int) -> list[int]:
        """The aspect values in ``mask`` in the order they were interned."""
        out: list[int] = []
        position = 0
        while mask:
            if mask & 1:
                out.append(self._value[position])
            mask >>= 1
            position += 1
        return out

    @property
    def width(self) -> int:
        """How many values have a bit so far."""
        return len(self._value)
