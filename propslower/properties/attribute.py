"""What one parsed attribute means: a property list, an aspect list, or a required kernel size."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from propslower.diagnostics import Span
from propslower.frozen import fast_init
from propslower.properties.model import PropertyList, Site
from propslower.properties.spellings import AttributeKind
from propslower.properties.values import UnresolvedValue


@fast_init
@dataclass(frozen=True)
class PropertyAttribute:
    """An ``add_ir_*`` attribute: a property list for a site."""

    attribute: str
    site: Site
    properties: PropertyList
    filter: tuple[str, ...] | None = None
    unresolved: tuple[UnresolvedValue, ...] = ()
    span: Span | None = field(default=None, compare=False)


@fast_init
@dataclass(frozen=True)
class AspectReference:
    """An aspect named in an attribute, such as ``aspect::fp16`` (``name`` is ``fp16``)."""

    name: str
    written: str
    span: Span | None = field(default=None, compare=False)


@fast_init
@dataclass(frozen=True)
class AspectAttribute:
    """``requires`` / ``device_has`` (allowed aspects) or ``uses_aspects`` (used aspects)."""

    attribute: str
    kind: AttributeKind
    aspects: tuple[AspectReference, ...]
    span: Span | None = field(default=None, compare=False)


@fast_init
@dataclass(frozen=True)
class KernelSizeAttribute:
    """``reqd_work_group_size(W...)`` or ``reqd_sub_group_size(S)``."""

    attribute: str
    kind: AttributeKind
    sizes: tuple[int, ...]
    span: Span | None = field(default=None, compare=False)


ParsedAttribute = PropertyAttribute | AspectAttribute | KernelSizeAttribute

WORK_GROUP_SIZE_METADATA = "reqd_work_group_size"
SUB_GROUP_SIZE_METADATA = "intel_reqd_sub_group_size"
WORK_GROUP_NUM_DIM_METADATA = "work_group_num_dim"
"""DPC++'s count of work-group dimensions beside a padded ``!reqd_work_group_size``."""
KERNEL_SIZE_METADATA: dict[AttributeKind, str] = {
    AttributeKind.WORK_GROUP_SIZE: WORK_GROUP_SIZE_METADATA,
    AttributeKind.SUB_GROUP_SIZE: SUB_GROUP_SIZE_METADATA,
}
"""Function metadata the kernel-size attributes become (docs/design/aspects.md)."""


def spirv_order(dims: Sequence[int]) -> tuple[int, ...]:
    """Work-group dimensions as a SYCL attribute lists them (the fastest-moving last) in
    SPIR-V order (the fastest first), padded with 1 to three."""
    return (*reversed(dims), *(1,) * (3 - len(dims)))
