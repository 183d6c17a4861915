"""``llvm::SmallSet<int, 4>`` as DPC++'s passes iterate it: insertion order, sorted when large.

DPC++ keeps aspect and condition sets in ``SmallSet<int, 4>``: up to four elements it is a
vector (iteration in insertion order), from the fifth on a ``std::set`` (ascending), and it
never goes back. The order in which a pass writes a list is that iteration order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

SMALL_SIZE = 4
"""The ``N`` of ``SmallSet<int, N>`` in SYCLPropagateAspectsUsage."""


class SmallSet:
    """A set of ints iterated as ``llvm::SmallSet<int, 4>`` iterates."""

    __slots__ = ("_items", "_large")

    def __init__(self, values: Iterable[int] = ()) -> None:
        self._items: list[int] = []
        self._large = False
        self.update(values)

    def add(self, value: int) -> None:
        """Insert ``value`` (a no-op when present)."""
        if value in self._items:
            return
        self._items.append(value)
        if len(self._items) > SMALL_SIZE:
            self._large = True

    def update(self, values: Iterable[int]) -> None:
        """Insert each of ``values`` in turn."""
        items = self._items
        for value in values:
            if value not in items:
                items.append(value)
        if len(items) > SMALL_SIZE:
            self._large = True

    def copy(self) -> SmallSet:
        """An independent copy (same order, same mode)."""
        other = SmallSet()
        other._items = list(self._items)
        other._large = self._large
        return other

    def __iter__(self) -> Iterator[int]:
        return iter(sorted(self._items) if self._large else self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, value: object) -> bool:
        return value in self._items

    def __eq__(self, other: object) -> bool:
        """Set equality, as ``llvm::SmallSet``'s ``operator==``."""
        if not isinstance(other, SmallSet):
            return NotImplemented
        return len(self._items) == len(other._items) and set(self._items) == set(other._items)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SmallSet({list(self)})"
