"""The textual IR forms propslower parse shows: string attribute lists, kernel sizes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from propslower.lowering.attribute_text import kernel_size_metadata, metadata_attachment
from propslower.properties.attribute import spirv_order
from propslower.properties.profiles import DESIGN, DPCPP
from propslower.properties.spellings import AttributeKind
from tests.profiles import EVERY_PROFILE


@given(st.lists(st.integers(1, 1024), min_size=1, max_size=3))
def test_work_group_sizes_per_profile(sizes: list[int]) -> None:
    kind = AttributeKind.WORK_GROUP_SIZE
    assert kernel_size_metadata(DESIGN, kind, sizes) == [("reqd_work_group_size", tuple(sizes))]
    assert kernel_size_metadata(DPCPP, kind, sizes) == [
        ("work_group_num_dim", (len(sizes),)),
        ("reqd_work_group_size", spirv_order(sizes)),
    ]


def test_sub_group_size_is_the_same_in_every_profile() -> None:
    for profile in EVERY_PROFILE:
        metadata = kernel_size_metadata(profile, AttributeKind.SUB_GROUP_SIZE, [16])
        assert metadata == [("intel_reqd_sub_group_size", (16,))]


def test_metadata_attachment_text() -> None:
    assert metadata_attachment("reqd_work_group_size", (2, 4, 8)) == (
        "!reqd_work_group_size !{i32 2, i32 4, i32 8}"
    )
