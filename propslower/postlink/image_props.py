"""Property sets of one split image: its requirements set and the per-kernel "SYCL/kernel reqs"."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from propslower.ir.functions import FunctionItem
from propslower.postlink.entry_points import EntryPoint
from propslower.postlink.function_facts import FactsReader
from propslower.postlink.kernel_reqs import (
    KernelRequirement,
    aspect_entry,
    kernel_reqs,
    sub_group_entry,
    work_group_entry,
)
from propslower.postlink.propset import PropertySet
from propslower.postlink.requirements import (
    DEVICE_REQUIREMENTS,
    IMAGE_REQUIREMENTS,
    DeviceRequirementsInput,
    Requirements,
    device_requirements,
    image_requirements,
)
from propslower.properties.attribute import (
    WORK_GROUP_NUM_DIM_METADATA,
    WORK_GROUP_SIZE_METADATA,
)

FIXED_TARGETS = "sycl_fixed_targets"
JOINT_MATRIX = ("sycl_joint_matrix", "sycl_joint_matrix_mad")


@dataclass(frozen=True)
class ImageRequirements:
    """What an image needs, plus the DPC++-only extras of its requirements set."""

    requirements: Requirements
    work_group_num_dim: int | None = None
    split_mode_none: bool = False
    fixed_targets: tuple[int, ...] = ()
    joint_matrix: str | None = None
    joint_matrix_mad: str | None = None


def _design_set(image: ImageRequirements, _target: str | None) -> PropertySet:
    return image_requirements(image.requirements)


def _dpcpp_set(image: ImageRequirements, target: str | None) -> PropertySet:
    spec = DeviceRequirementsInput(
        image.requirements,
        fixed_targets=image.fixed_targets,
        work_group_num_dim=image.work_group_num_dim,
        joint_matrix=image.joint_matrix,
        joint_matrix_mad=image.joint_matrix_mad,
        compile_target=target,
        split_mode_none=image.split_mode_none,
    )
    return device_requirements(spec)


@dataclass(frozen=True)
class RequirementsWriter:
    """How one requirements set is written; ``per_target`` sets name the target they are for."""

    build: Callable[[ImageRequirements, str | None], PropertySet]
    per_target: bool


REQUIREMENT_WRITERS: dict[str, RequirementsWriter] = {
    IMAGE_REQUIREMENTS: RequirementsWriter(_design_set, per_target=False),
    DEVICE_REQUIREMENTS: RequirementsWriter(_dpcpp_set, per_target=True),
}
"""``Profile.requirements_set`` → its writer (DPC++ appends ``compile_target`` per target)."""


def image_requirements_of(
    entries: Sequence[EntryPoint], aspects: set[int], split_mode_none: bool
) -> ImageRequirements:
    """The image's requirements: ``aspects`` (entry points' and every function's), and the
    first required sub-group / work-group size among its entry points."""
    values = set(aspects)
    for entry in entries:
        values.update(entry.aspect_values)
    sub_group = next((e.reqd_sub_group_size for e in entries if e.reqd_sub_group_size), None)
    work_group = next((e.reqd_work_group_size for e in entries if e.reqd_work_group_size), None)
    dims = next((e.work_group_num_dim for e in entries if e.work_group_num_dim), None)
    requirements = Requirements(tuple(sorted(values)), sub_group, work_group)
    return ImageRequirements(requirements, dims, split_mode_none)


def every_function_requirements(
    reader: FactsReader,
    functions: Sequence[FunctionItem],
    entries: Sequence[EntryPoint],
    aspects: set[int],
    split_mode_none: bool,
) -> ImageRequirements:
    """SYCLDeviceRequirements over the image's ``functions`` (module order): aspects of all,
    fixed targets of all, the first ``!reqd_work_group_size``, ``!work_group_num_dim`` while no
    work-group size was seen, the last non-empty joint-matrix strings; the sub-group size of
    the first entry point with one."""
    work_group: tuple[int, ...] | None = None
    dims: int | None = None
    fixed: list[int] = []
    matrix: dict[str, str] = {}
    for item in functions:
        fixed.extend(v & 0xFFFF_FFFF for v in reader.ints(item, FIXED_TARGETS) or ())
        found_dims = reader.ints(item, WORK_GROUP_NUM_DIM_METADATA)
        if found_dims and work_group is None:
            dims = found_dims[0]
        sizes = reader.ints(item, WORK_GROUP_SIZE_METADATA)
        if sizes is not None and work_group is None:
            work_group = sizes
        for kind in JOINT_MATRIX:
            texts = reader.texts(item, kind)
            if texts:
                matrix[kind] = texts[0]
    sub_group = next((e.reqd_sub_group_size for e in entries if e.reqd_sub_group_size), None)
    requirements = Requirements(tuple(sorted(aspects)), sub_group, work_group)
    return ImageRequirements(
        requirements,
        dims,
        split_mode_none,
        tuple(sorted(set(fixed))),
        matrix.get(JOINT_MATRIX[0]),
        matrix.get(JOINT_MATRIX[1]),
    )


def kernel_reqs_set(entries: Sequence[EntryPoint]) -> PropertySet:
    """The "SYCL/kernel reqs" set of one image's kernels; equal requirements share a spec id."""
    spec_ids: dict[Hashable, int] = {}

    def spec(key: Hashable) -> int:
        return spec_ids.setdefault(key, len(spec_ids))

    kernels: dict[str, list[KernelRequirement]] = {}
    for entry in entries:
        if not entry.is_kernel:
            continue
        found = [aspect_entry(v, spec(("aspect", v))) for v in entry.aspect_values if v >= 0]
        if entry.reqd_work_group_size is not None:
            dims = entry.reqd_work_group_size
            found.append(work_group_entry(dims, spec(("work-group", dims))))
        if entry.reqd_sub_group_size is not None:
            size = entry.reqd_sub_group_size
            found.append(sub_group_entry(size, spec(("sub-group", size))))
        kernels[entry.name] = found
    return kernel_reqs(kernels)
