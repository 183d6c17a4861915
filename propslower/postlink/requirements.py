"""Requirement property sets: "SYCL/image-requirements" (design), "SYCL/device requirements"."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from propslower.postlink.propset import PropertySet, PropertyValue

IMAGE_REQUIREMENTS = "SYCL/image-requirements"
DEVICE_REQUIREMENTS = "SYCL/device requirements"


@dataclass(frozen=True)
class Requirements:
    """What an image or kernel needs: aspect values, reqd sub-group size, reqd work-group size."""

    aspects: tuple[int, ...] = ()
    reqd_sub_group_size: int | None = None
    reqd_work_group_size: tuple[int, ...] | None = None


def _canonical(aspects: Iterable[int]) -> list[int]:
    """Deduplicated, ascending, internal (negative) aspects dropped."""
    return sorted({value for value in aspects if value >= 0})


def image_requirements(requirements: Requirements) -> PropertySet:
    """The design's "SYCL/image-requirements" set: ``aspect`` (only when non-empty),
    ``reqd_sub_group_size``, ``reqd_work_group_size`` (dim count then dims), all BYTE_ARRAY of
    uint32."""
    result = PropertySet(IMAGE_REQUIREMENTS)
    aspects = _canonical(requirements.aspects)
    if aspects:
        result.properties["aspect"] = PropertyValue.uint32_array(aspects)
    if requirements.reqd_sub_group_size is not None:
        size = requirements.reqd_sub_group_size
        result.properties["reqd_sub_group_size"] = PropertyValue.uint32_array([size])
    dims = requirements.reqd_work_group_size
    if dims is not None:
        value = PropertyValue.uint32_array([len(dims), *dims])
        result.properties["reqd_work_group_size"] = value
    return result


@dataclass(frozen=True)
class DeviceRequirementsInput:
    """Everything DPC++'s "SYCL/device requirements" set can carry, per output module."""

    requirements: Requirements
    fixed_targets: tuple[int, ...] = ()
    work_group_num_dim: int | None = None
    joint_matrix: str | None = None
    joint_matrix_mad: str | None = None
    compile_target: str | None = None
    split_mode_none: bool = False


def device_requirements(spec: DeviceRequirementsInput) -> PropertySet:
    """The DPC++ set: names ascending, ``aspects`` always present, ``compile_target`` last."""
    req = spec.requirements
    values: dict[str, PropertyValue] = {
        "aspects": PropertyValue.uint32_array(_canonical(req.aspects)),
    }
    fixed = _canonical(spec.fixed_targets)
    if fixed:
        values["fixed_target"] = PropertyValue.uint32_array(fixed)
    if spec.joint_matrix:
        values["joint_matrix"] = PropertyValue.string(spec.joint_matrix)
    if spec.joint_matrix_mad:
        values["joint_matrix_mad"] = PropertyValue.string(spec.joint_matrix_mad)
    if req.reqd_sub_group_size is not None:
        values["reqd_sub_group_size"] = PropertyValue.uint32(req.reqd_sub_group_size)
    dims = req.reqd_work_group_size
    if dims is not None and not spec.split_mode_none:
        values["reqd_work_group_size_uint64_t"] = PropertyValue.uint64_array(dims)
    if spec.work_group_num_dim is not None:
        values["work_group_num_dim"] = PropertyValue.uint32(spec.work_group_num_dim)
    result = PropertySet(DEVICE_REQUIREMENTS, dict(sorted(values.items())))
    if spec.compile_target is not None:
        result.properties["compile_target"] = PropertyValue.string(spec.compile_target)
    return result


def requirements_of(prop_set: PropertySet) -> Requirements:
    """Read back the requirements from either set (``ValueError`` when malformed)."""
    aspects: Sequence[int] = ()
    for key in ("aspect", "aspects"):
        if key in prop_set:
            aspects = prop_set[key].as_uint32_array()
    return Requirements(tuple(aspects), _sub_group(prop_set), _work_group(prop_set))


def _sub_group(prop_set: PropertySet) -> int | None:
    if "reqd_sub_group_size" not in prop_set:
        return None
    value = prop_set["reqd_sub_group_size"]
    if isinstance(value.data, int):
        return value.data
    words = value.as_uint32_array()
    if len(words) != 1:
        raise ValueError("reqd_sub_group_size must hold exactly one uint32")
    return words[0]


def _work_group(prop_set: PropertySet) -> tuple[int, ...] | None:
    if "reqd_work_group_size_uint64_t" in prop_set:
        return prop_set["reqd_work_group_size_uint64_t"].as_uint64_array()
    if "reqd_work_group_size" not in prop_set:
        return None
    words = prop_set["reqd_work_group_size"].as_uint32_array()
    if prop_set.name == IMAGE_REQUIREMENTS:
        if not words or words[0] != len(words) - 1:
            raise ValueError("reqd_work_group_size: dim count does not match the dims")
        return words[1:]
    return words
