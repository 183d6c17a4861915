"""What the reader finds: one property list bound to one IR entity."""

from __future__ import annotations

from dataclasses import dataclass, field

from propslower.diagnostics import Diagnostic, Span
from propslower.frontend.feature_model import TranslationUnitFeatures
from propslower.properties.model import PropertyList, Site


@dataclass(frozen=True)
class PropertyRecord:
    """A property list for an IR global, function, kernel parameter or member.

    ``ir_name`` is the mangled name the IR uses (for members: the C++ qualified field name);
    ``param_index`` is the IR parameter index for kernel parameters (``this`` counts).
    """

    site: Site
    ir_name: str
    param_index: int | None
    properties: PropertyList
    span: Span | None = field(default=None, compare=False)
    attribute: str = field(default="", compare=False)


@dataclass(frozen=True)
class FunctionRef:
    """A kernel or SYCL_EXTERNAL function found in the translation unit."""

    ir_name: str
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class EntryPoint:
    """A ``sycl_kernel_entry_point`` function and the kernel clang 22 generates for it
    (``_ZTS<KernelName>``; ``None`` when ``kernel_names.py`` cannot write the name)."""

    ir_name: str
    kernel: str | None
    span: Span | None = field(default=None, compare=False)
    declared: bool = True
    """Written with ``sycl_kernel_entry_point`` as libclang reads it (an older ``sycl_kernel``
    template kernel is ``False``: a clang 22 build may still generate its kernel)."""


@dataclass(frozen=True)
class UniqueGlobal:
    """A global whose type asks for a unique id: its IR name and whether it is internal."""

    ir_name: str
    internal: bool
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class ReadResult:
    """Everything the reader found in one translation unit."""

    records: tuple[PropertyRecord, ...] = ()
    kernels: tuple[FunctionRef, ...] = ()
    externals: tuple[FunctionRef, ...] = ()
    features: TranslationUnitFeatures = field(default_factory=TranslationUnitFeatures)
    """Optional-kernel-feature facts (read only when asked for)."""
    warnings: tuple[Diagnostic, ...] = ()
    """clang's unknown-attribute warnings for the attributes propslower does not read."""
    pointer_annotations: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The ``__builtin_intel_sycl_ptr_annotation`` shim's specialisations called from device
    code: IR name → the C++ kinds of its parameters (``pointer_annotations.py``)."""
    entry_points: tuple[EntryPoint, ...] = ()
    """Functions whose kernel a compiler generates (clang 22), or ``cc`` makes (older)."""
    unique_globals: tuple[UniqueGlobal, ...] = ()
    """Device globals and host pipes: they get ``"sycl-unique-id"`` (``unique_ids.py``)."""
    unplaced: tuple[Diagnostic, ...] = ()
    """``-v`` notes on properties no stock clang gives a place (``special_classes.py``)."""

    def of_site(self, site: Site) -> tuple[PropertyRecord, ...]:
        return tuple(r for r in self.records if r.site is site)
