"""What the C++ front-end finds about optional kernel features, per function of one TU."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from propslower.aspects.table import AspectTable
from propslower.diagnostics import Diagnostic, Span
from propslower.properties.spellings import AttributeKind

TableLoader = Callable[[], AspectTable]


def builtin_table() -> AspectTable:
    """The built-in aspect table, as a ``TableLoader``: its reader (and lark with it) is
    imported only when a translation unit needs the table, not on every ``cc`` start."""
    from propslower.aspects.def_file import default_table  # noqa: PLC0415

    return default_table()


"""The aspect table, loaded when first needed (building it costs a grammar and a parse)."""


@dataclass(frozen=True)
class FeatureAttribute:
    """One ``requires`` / ``device_has`` / ``uses_aspects`` / ``reqd_*`` attribute as written.

    ``values`` are aspect values (in written order) or the required sizes.
    """

    name: str
    kind: AttributeKind
    values: tuple[int, ...]
    span: Span | None = field(default=None, compare=False)

    @property
    def spelling(self) -> str:
        """How messages name the attribute: ``[[sycl::requires()]]``."""
        namespace = "sycl_detail" if self.kind is AttributeKind.USED_ASPECTS else "sycl"
        return f"[[{namespace}::{self.name}()]]"


@dataclass(frozen=True)
class AspectUse:
    """Where a function itself uses an aspect: a type it uses, or its own attribute.

    ``reason`` completes "'g' uses aspect 'fp16' ..." (``through the type 'sycl::half'``).
    """

    aspect: int
    reason: str
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class CallSite:
    """A call in a function body: the callee's IR name and where the call is written."""

    callee: str
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class FunctionFeatures:
    """One function of the translation unit: its attributes, its own uses, its calls."""

    ir_name: str
    name: str
    """The C++ name messages show (``ns::Class::method``)."""
    is_definition: bool
    allowed: FeatureAttribute | None = None
    uses: tuple[AspectUse, ...] = ()
    """Own uses, the first in source order per aspect (``uses_aspects`` attribute first)."""
    calls: tuple[CallSite, ...] = ()
    """Direct calls in source order, one per callee."""
    work_group_size: FeatureAttribute | None = None
    sub_group_size: FeatureAttribute | None = None

    @property
    def used_values(self) -> frozenset[int]:
        return frozenset(use.aspect for use in self.uses)


@dataclass(frozen=True)
class TypeEntry:
    """A class that uses aspects under the IR struct name clang gives it (``class.amx``)."""

    ir_type: str
    aspects: tuple[int, ...]


@dataclass(frozen=True)
class TranslationUnitFeatures:
    """Every function the front-end saw (definitions and called declarations), in visit order."""

    functions: tuple[FunctionFeatures, ...] = ()
    types: tuple[TypeEntry, ...] = ()
    notices: tuple[Diagnostic, ...] = ()
    """Warnings about attributes propslower could not read (C++20 ``requires``)."""

    def by_name(self) -> dict[str, FunctionFeatures]:
        return {function.ir_name: function for function in self.functions}


FeatureWork = Callable[[], TranslationUnitFeatures]
"""What reads a translation unit's features once its records are read (``reader.py``)."""
