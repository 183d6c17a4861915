"""The aspect table: aspect names and their DPC++ numbers, with deprecated entries and aliases."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Aspect:
    """One enumerator of ``sycl::aspect``; ``deprecated`` holds the deprecation message."""

    name: str
    value: int
    deprecated: str | None = None


@dataclass(frozen=True)
class AspectAlias:
    """A deprecated second spelling of an aspect (``usm_system_allocator``)."""

    name: str
    target: str
    message: str


class AspectTable:
    """Name ↔ number lookups over the aspects, ordered by value; aliases resolve to their target."""

    def __init__(self, aspects: Iterable[Aspect], aliases: Iterable[AspectAlias] = ()) -> None:
        self.aspects: tuple[Aspect, ...] = tuple(sorted(aspects, key=lambda a: a.value))
        self.aliases: tuple[AspectAlias, ...] = tuple(aliases)
        self._by_name = {aspect.name: aspect for aspect in self.aspects}
        self._by_value = {aspect.value: aspect for aspect in self.aspects}
        if len(self._by_name) != len(self.aspects) or len(self._by_value) != len(self.aspects):
            raise ValueError("aspect names and values must be unique")
        for alias in self.aliases:
            if alias.name in self._by_name:
                raise ValueError(f"alias '{alias.name}' repeats an aspect name")
            if alias.target not in self._by_name:
                raise ValueError(f"alias '{alias.name}' names unknown aspect '{alias.target}'")
        self._aliases = {alias.name: self._by_name[alias.target] for alias in self.aliases}

    def __iter__(self) -> Iterator[Aspect]:
        return iter(self.aspects)

    def __len__(self) -> int:
        return len(self.aspects)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.by_name(name) is not None

    def by_name(self, name: str) -> Aspect | None:
        """The aspect called ``name`` (aliases included), or ``None``."""
        return self._by_name.get(name) or self._aliases.get(name)

    def by_value(self, value: int) -> Aspect | None:
        return self._by_value.get(value)

    def value_of(self, name: str) -> int | None:
        aspect = self.by_name(name)
        return None if aspect is None else aspect.value

    def name_of(self, value: int) -> str | None:
        aspect = self._by_value.get(value)
        return None if aspect is None else aspect.name

    def describe(self, value: int) -> str:
        """``'fp64' (6)`` for a known value, ``6`` otherwise: for messages."""
        name = self.name_of(value)
        return str(value) if name is None else f"'{name}' ({value})"

    @property
    def values(self) -> frozenset[int]:
        return frozenset(self._by_value)

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every name the table accepts: aspects in value order, then aliases."""
        return tuple(a.name for a in self.aspects) + tuple(a.name for a in self.aliases)
