from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.postlink.propset import PropertyValue, read_prop, write_prop
from propslower.postlink.requirements import (
    DEVICE_REQUIREMENTS,
    IMAGE_REQUIREMENTS,
    DeviceRequirementsInput,
    Requirements,
    device_requirements,
    image_requirements,
    requirements_of,
)


def test_image_requirements_exact() -> None:
    prop_set = image_requirements(Requirements((6, 6), 8, (16,)))
    assert write_prop([prop_set]) == (
        "[SYCL/image-requirements]\n"
        "aspect=2|gAAAAAAAAAgBAAAA\n"
        "reqd_sub_group_size=2|gAAAAAAAAAACAAAA\n"
        "reqd_work_group_size=2|ABAAAAAAAAQAAAAAQAAAAA\n"
    )


def test_image_requirements_aspect_only_when_non_empty() -> None:
    prop_set = image_requirements(Requirements())
    assert prop_set.name == IMAGE_REQUIREMENTS
    assert prop_set.properties == {}
    dims = image_requirements(Requirements(reqd_work_group_size=(8, 4, 2)))
    assert dims["reqd_work_group_size"].as_uint32_array() == (3, 8, 4, 2)


def test_device_requirements_exact() -> None:
    spec = DeviceRequirementsInput(
        Requirements((6, 5, -3, 5), 16, (8, 4, 1)),
        fixed_targets=(53,),
        work_group_num_dim=3,
        compile_target="intel_gpu_pvc",
    )
    prop_set = device_requirements(spec)
    assert prop_set.name == DEVICE_REQUIREMENTS
    assert list(prop_set.properties) == [
        "aspects",
        "fixed_target",
        "reqd_sub_group_size",
        "reqd_work_group_size_uint64_t",
        "work_group_num_dim",
        "compile_target",
    ]
    text = write_prop([prop_set])
    assert "aspects=2|ABAAAAAAAAQBAAAAGAAAAA\n" in text
    assert "reqd_sub_group_size=1|16\n" in text
    assert prop_set["reqd_work_group_size_uint64_t"].as_uint64_array() == (8, 4, 1)
    assert prop_set["compile_target"] == PropertyValue.string("intel_gpu_pvc")


def test_device_requirements_always_has_aspects() -> None:
    prop_set = device_requirements(DeviceRequirementsInput(Requirements()))
    assert write_prop([prop_set]) == "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n"


def test_device_requirements_split_none_and_num_dim() -> None:
    spec = DeviceRequirementsInput(Requirements(reqd_work_group_size=(4,)), split_mode_none=True)
    assert "reqd_work_group_size_uint64_t" not in device_requirements(spec)
    spec = DeviceRequirementsInput(Requirements(), work_group_num_dim=2, joint_matrix="m")
    prop_set = device_requirements(spec)
    assert prop_set["work_group_num_dim"] == PropertyValue.uint32(2)
    assert prop_set["joint_matrix"].as_bytes == b"m"


def test_requirements_of_rejects_bad_dim_count() -> None:
    prop_set = image_requirements(Requirements())
    prop_set.properties["reqd_work_group_size"] = PropertyValue.uint32_array([2, 8])
    with pytest.raises(ValueError):
        requirements_of(prop_set)


aspect_lists = st.lists(st.integers(0, 200), max_size=8)
sizes = st.none() | st.integers(1, 2**32 - 1)
dims = st.none() | st.lists(st.integers(1, 2**32 - 1), min_size=1, max_size=3).map(tuple)


@given(aspect_lists, sizes, dims)
def test_round_trip_both_sets(
    aspects: list[int], size: int | None, wg: tuple[int, ...] | None
) -> None:
    req = Requirements(tuple(aspects), size, wg)
    expected = Requirements(tuple(sorted(set(aspects))), size, wg)
    for prop_set in (image_requirements(req), device_requirements(DeviceRequirementsInput(req))):
        decoded = read_prop(write_prop([prop_set]), "f.prop").sets[0]
        assert requirements_of(decoded) == expected
