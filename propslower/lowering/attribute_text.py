"""The textual IR forms of a parsed attribute, as ``propslower parse`` shows them."""

from __future__ import annotations

from collections.abc import Sequence

from propslower.ir.attributes import string_attribute
from propslower.properties.attribute import (
    KERNEL_SIZE_METADATA,
    WORK_GROUP_NUM_DIM_METADATA,
    spirv_order,
)
from propslower.properties.model import PropertyList
from propslower.properties.profiles import Profile
from propslower.properties.spellings import AttributeKind


def ir_attribute_list(properties: PropertyList) -> str:
    """String attributes as LLVM prints them in a group: sorted by name, ``"k"`` for no value."""
    attributes = sorted(
        (string_attribute(name, value or None) for name, value in properties.ir_pairs()),
        key=lambda attribute: attribute.key,
    )
    return " ".join(attribute.render() for attribute in attributes)


def kernel_size_metadata(
    profile: Profile, kind: AttributeKind, sizes: Sequence[int]
) -> list[tuple[str, tuple[int, ...]]]:
    """The function metadata (kind, values) a kernel-size attribute becomes in ``profile``."""
    name = KERNEL_SIZE_METADATA[kind]
    if kind is AttributeKind.WORK_GROUP_SIZE and profile.work_group_size_in_spirv_order:
        return [(WORK_GROUP_NUM_DIM_METADATA, (len(sizes),)), (name, spirv_order(sizes))]
    return [(name, tuple(sizes))]


def metadata_attachment(kind: str, values: Sequence[int]) -> str:
    """``!kind !{i32 a, i32 b}`` as attached to a function definition."""
    operands = ", ".join(f"i32 {value}" for value in values)
    return f"!{kind} !{{{operands}}}"
