"""Where a property list goes in a module: a global, a function, a kernel parameter or a member."""

from __future__ import annotations

from dataclasses import dataclass, field

from propslower.diagnostics import Span
from propslower.properties.model import PropertyList


@dataclass(frozen=True)
class GlobalTarget:
    """A global variable, by its IR name without ``@``."""

    name: str

    def describe(self) -> str:
        return f"global '@{self.name}'"


@dataclass(frozen=True)
class FunctionTarget:
    """A function definition, by its IR name without ``@``."""

    name: str

    def describe(self) -> str:
        return f"function '@{self.name}'"


@dataclass(frozen=True)
class ParameterTarget:
    """Parameter ``index`` (0-based) of a function definition."""

    function: str
    index: int

    def describe(self) -> str:
        return f"parameter {self.index} of '@{self.function}'"


@dataclass(frozen=True)
class MemberTarget:
    """Field ``field`` of the IR struct type ``struct`` (``class.annotated_ptr``, no ``%``)."""

    struct: str
    field: int

    def describe(self) -> str:
        return f"field {self.field} of '%{self.struct}'"


Target = GlobalTarget | FunctionTarget | ParameterTarget | MemberTarget


@dataclass(frozen=True)
class Placement:
    """A property list to put on one target; ``span`` says where the request came from."""

    target: Target
    properties: PropertyList
    span: Span | None = field(default=None, compare=False)
    owner_span: Span | None = field(default=None, compare=False)
    """Where the struct or function holding the target was named, if not at ``span``."""

    @property
    def owner_position(self) -> Span | None:
        """Where to report that the target's struct or function does not exist."""
        return self.owner_span or self.span
