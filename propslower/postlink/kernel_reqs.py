"""The per-kernel "SYCL/kernel reqs" set: entry count, then typed requirement entries.

It comes from the earliest optional-kernel-features design (docs/design/aspects.md).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from propslower.postlink.propset import PropertySet, PropertyValue

KERNEL_REQS = "SYCL/kernel reqs"


class EntryType(enum.IntEnum):
    """The ``entry_type`` word."""

    ASPECT = 0
    REQD_WORK_GROUP_SIZE = 1
    REQD_SUB_GROUP_SIZE = 2


@dataclass(frozen=True)
class KernelRequirement:
    """One entry: ``params`` are aspect_id, or the dims, or the sub-group size; then a spec id."""

    type: EntryType
    params: tuple[int, ...]
    spec_id: int

    def words(self) -> list[int]:
        if self.type is EntryType.REQD_WORK_GROUP_SIZE:
            return [self.type, len(self.params), *self.params, self.spec_id]
        return [self.type, *self.params, self.spec_id]


def aspect_entry(aspect: int, spec_id: int) -> KernelRequirement:
    return KernelRequirement(EntryType.ASPECT, (aspect,), spec_id)


def work_group_entry(dims: Sequence[int], spec_id: int) -> KernelRequirement:
    return KernelRequirement(EntryType.REQD_WORK_GROUP_SIZE, tuple(dims), spec_id)


def sub_group_entry(size: int, spec_id: int) -> KernelRequirement:
    return KernelRequirement(EntryType.REQD_SUB_GROUP_SIZE, (size,), spec_id)


def kernel_reqs(kernels: Mapping[str, Sequence[KernelRequirement]]) -> PropertySet:
    """One BYTE_ARRAY property per kernel name: ``[count] [type] params… [spec_id]…``."""
    result = PropertySet(KERNEL_REQS)
    for name, entries in kernels.items():
        words = [len(entries)]
        for entry in entries:
            words.extend(entry.words())
        result.properties[name] = PropertyValue.uint32_array(words)
    return result


def decode_entries(words: Sequence[int]) -> list[KernelRequirement]:
    """Parse one property value's uint32 words (``ValueError`` when malformed)."""
    if not words:
        raise ValueError("missing entry count")
    count, position, entries = words[0], 1, []
    for _ in range(count):
        entry, position = _entry(words, position)
        entries.append(entry)
    if position != len(words):
        raise ValueError(f"{len(words) - position} words left after {count} entries")
    return entries


def _entry(words: Sequence[int], position: int) -> tuple[KernelRequirement, int]:
    def take(count: int) -> tuple[int, ...]:
        nonlocal position
        if position + count > len(words):
            raise ValueError("entry runs past the end of the value")
        chunk = tuple(words[position : position + count])
        position += count
        return chunk

    (code,) = take(1)
    if code not in EntryType.__members__.values():
        raise ValueError(f"unknown entry type {code}")
    kind = EntryType(code)
    if kind is EntryType.REQD_WORK_GROUP_SIZE:
        (dim_count,) = take(1)
        params = take(dim_count)
    else:
        params = take(1)
    (spec_id,) = take(1)
    return KernelRequirement(kind, params, spec_id), position
