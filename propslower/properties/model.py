"""Properties, property lists in source order, and the sites a list applies to."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

from propslower.diagnostics import Span
from propslower.frozen import fast_init
from propslower.properties.values import PropertyValue


class Site(enum.Enum):
    """Where a property list applies; the value is the name used in JSON and specs."""

    GLOBAL_VARIABLE = "global_variable"
    KERNEL_PARAMETER = "kernel_parameter"
    FUNCTION = "function"
    MEMBER = "member"


@fast_init
@dataclass(frozen=True)
class Property:
    """A property name and its value."""

    name: str
    value: PropertyValue
    span: Span | None = field(default=None, compare=False)

    def ir_value(self) -> str | None:
        """The value as written into IR (docs/design/properties.md); ``None`` for no value."""
        return self.value.ir_string()


@fast_init
@dataclass(frozen=True)
class PropertyList:
    """Properties in source order."""

    properties: tuple[Property, ...] = ()

    def __iter__(self) -> Iterator[Property]:
        return iter(self.properties)

    def __len__(self) -> int:
        return len(self.properties)

    def __bool__(self) -> bool:
        return bool(self.properties)

    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.properties)

    def get(self, name: str) -> Property | None:
        return next((p for p in self.properties if p.name == name), None)

    def ir_pairs(self) -> tuple[tuple[str, str | None], ...]:
        """``(name, value-or-None)`` pairs in source order."""
        return tuple((p.name, p.ir_value()) for p in self.properties)


@fast_init
@dataclass(frozen=True)
class SiteProperties:
    """A property list together with the kind of site it applies to."""

    site: Site
    properties: PropertyList
    attribute: str = ""
    span: Span | None = field(default=None, compare=False)
