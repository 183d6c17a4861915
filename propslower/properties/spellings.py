"""Every attribute spelling propslower understands: design and DPC++ names, sites, namespaces."""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from propslower.properties.model import Site


class AttributeKind(enum.Enum):
    """What an attribute's arguments mean."""

    PROPERTIES = "properties"
    ALLOWED_ASPECTS = "allowed aspects"
    USED_ASPECTS = "used aspects"
    WORK_GROUP_SIZE = "work-group size"
    SUB_GROUP_SIZE = "sub-group size"


@dataclass(frozen=True)
class AttributeSpec:
    """One attribute spelling: its kind, its site, and the namespaces it may be written in."""

    name: str
    kind: AttributeKind
    site: Site | None
    namespaces: frozenset[str]
    leading_pointer: bool = False
    """The DPC++ builtin takes the annotated pointer before the property arguments."""


_DETAIL = frozenset({"sycl_detail", ""})
_SYCL = frozenset({"sycl", ""})
_SYCL_OR_INTEL = frozenset({"sycl", "intel", ""})

ATTRIBUTES: dict[str, AttributeSpec] = {
    spec.name: spec
    for spec in (
        AttributeSpec(
            "add_ir_global_variable_attributes",
            AttributeKind.PROPERTIES,
            Site.GLOBAL_VARIABLE,
            _DETAIL,
        ),
        AttributeSpec(
            "add_ir_kernel_parameter_attributes",
            AttributeKind.PROPERTIES,
            Site.KERNEL_PARAMETER,
            _DETAIL,
        ),
        AttributeSpec(
            "add_ir_function_attributes", AttributeKind.PROPERTIES, Site.FUNCTION, _DETAIL
        ),
        AttributeSpec("add_ir_member_annotation", AttributeKind.PROPERTIES, Site.MEMBER, _DETAIL),
        AttributeSpec(
            "add_ir_attributes_global_variable",
            AttributeKind.PROPERTIES,
            Site.GLOBAL_VARIABLE,
            _DETAIL,
        ),
        AttributeSpec(
            "add_ir_attributes_kernel_parameter",
            AttributeKind.PROPERTIES,
            Site.KERNEL_PARAMETER,
            _DETAIL,
        ),
        AttributeSpec(
            "add_ir_attributes_function", AttributeKind.PROPERTIES, Site.FUNCTION, _DETAIL
        ),
        AttributeSpec("add_ir_annotations_member", AttributeKind.PROPERTIES, Site.MEMBER, _DETAIL),
        AttributeSpec(
            "builtin_intel_sycl_ptr_annotation",
            AttributeKind.PROPERTIES,
            Site.MEMBER,
            frozenset({""}),
            leading_pointer=True,
        ),
        AttributeSpec("requires", AttributeKind.ALLOWED_ASPECTS, None, _SYCL),
        AttributeSpec("device_has", AttributeKind.ALLOWED_ASPECTS, None, _SYCL),
        AttributeSpec("uses_aspects", AttributeKind.USED_ASPECTS, None, _DETAIL),
        AttributeSpec("reqd_work_group_size", AttributeKind.WORK_GROUP_SIZE, None, _SYCL_OR_INTEL),
        AttributeSpec("reqd_sub_group_size", AttributeKind.SUB_GROUP_SIZE, None, _SYCL_OR_INTEL),
    )
}
"""Keyed by the name with any surrounding double underscores removed."""


def strip_underscores(component: str) -> str:
    """``__sycl_detail__`` → ``sycl_detail``; ``__uses_aspects__`` → ``uses_aspects``."""
    if component.startswith("__"):
        component = component[2:]
    if component.endswith("__"):
        component = component[:-2]
    return component


@functools.lru_cache(maxsize=256)
def lookup(qualified: tuple[str, ...]) -> AttributeSpec | None:
    """The spec for a written name such as ``('__sycl_detail__', 'add_ir_function_attributes')``."""
    if not qualified:
        return None
    spec = ATTRIBUTES.get(strip_underscores(qualified[-1]))
    if spec is None:
        return None
    namespace = "::".join(strip_underscores(part) for part in qualified[:-1])
    return spec if namespace in spec.namespaces else None
