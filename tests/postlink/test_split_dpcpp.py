"""split --profile dpcpp numbers images and writes "SYCL/device requirements" as
sycl-post-link does (facts from intel/llvm's device-code-split and device-requirements tests
and ModuleSplitter / SYCLDeviceRequirements)."""

from __future__ import annotations

from pathlib import Path

from propslower.ir.module import Module
from propslower.postlink.propset import read_prop
from propslower.postlink.requirements import DEVICE_REQUIREMENTS
from propslower.postlink.split import SplitOptions, entry_names, split_module
from propslower.properties.profiles import DESIGN, DPCPP, Profile


def kernel(name: str, attachments: str = "", attrs: str = "") -> str:
    return f"define spir_kernel void @{name}(){attrs} {attachments} {{\n  ret void\n}}\n\n"


def split(text: str, tmp_path: Path, mode: str, profile: Profile = DPCPP) -> list[list[str]]:
    options = SplitOptions(mode=mode, propagate=False)
    result = split_module(Module.parse(text, "in.ll"), profile, tmp_path, "out", options)
    return entry_names(result.images)


SIZES = (
    kernel("k16", "!intel_reqd_sub_group_size !0")
    + kernel("k64", "!intel_reqd_sub_group_size !1")
    + kernel("k32", "!intel_reqd_sub_group_size !2")
    + kernel("none")
    + "!0 = !{i32 16}\n!1 = !{i32 64}\n!2 = !{i32 32}\n"
)


def test_images_are_numbered_by_descending_category(tmp_path: Path) -> None:
    # per-reqd-sub-group-size-split: image 0 holds the largest key ("-64-" > "-32-" > "-16-")
    assert split(SIZES, tmp_path / "a", "auto") == [["k64"], ["k32"], ["k16"], ["none"]]
    # per-kernel: the category is the name
    assert split(SIZES, tmp_path / "b", "per_kernel") == [["none"], ["k64"], ["k32"], ["k16"]]
    # design keeps first-entry-point order
    assert split(SIZES, tmp_path / "c", "auto", DESIGN) == [["k16"], ["k64"], ["k32"], ["none"]]


def test_work_group_sizes_compare_as_text(tmp_path: Path) -> None:
    text = (
        kernel("a", "!reqd_work_group_size !0")
        + kernel("b", "!reqd_work_group_size !1")
        + kernel("c", "!reqd_work_group_size !2")
        + "!0 = !{i32 16, i32 16, i32 16}\n!1 = !{i32 64, i32 64}\n!2 = !{i32 32}\n"
    )
    assert split(text, tmp_path, "auto") == [["b"], ["c"], ["a"]]


def test_virtual_function_sets_are_split_apart(tmp_path: Path) -> None:
    text = (
        "define spir_func void @va() #0 {\n  ret void\n}\n\n"
        "define spir_func void @vb() #1 {\n  ret void\n}\n\n"
        'attributes #0 = { "sycl-module-id"="m.cpp" "indirectly-callable"="set-a" }\n'
        'attributes #1 = { "sycl-module-id"="m.cpp" "indirectly-callable"="set-b" }\n'
    )
    assert split(text, tmp_path, "auto") == [["vb"], ["va"]]


def requirements(tmp_path: Path, number: int) -> dict[str, str]:
    text = (tmp_path / f"out_{number}.prop").read_text()
    found = read_prop(text, "p").get(DEVICE_REQUIREMENTS)
    assert found is not None
    return {name: str(value.data) for name, value in found.properties.items()}


def test_fixed_targets_and_joint_matrix_are_written(tmp_path: Path) -> None:
    # device-requirements/fixed-target.ll, joint-matrix.ll: from every function of the image
    text = (
        "define spir_kernel void @k() !sycl_fixed_targets !0 {\n  call void @f()\n"
        "  ret void\n}\n\n"
        "define void @f() !sycl_fixed_targets !1 !sycl_joint_matrix !2 !sycl_joint_matrix_mad !3"
        " {\n  ret void\n}\n\n"
        '!0 = !{i32 2, i32 1}\n!1 = !{i32 1, i32 4}\n!2 = !{!"matrix_type::bf16,use::a,16,16"}\n'
        '!3 = !{!"mad"}\n'
    )
    split(text, tmp_path, "auto")
    found = requirements(tmp_path, 0)
    assert list(found) == ["aspects", "fixed_target", "joint_matrix", "joint_matrix_mad"]
    prop = (tmp_path / "out_0.prop").read_text()
    assert "joint_matrix=2|" in prop


def test_work_group_num_dim_comes_with_the_first_size(tmp_path: Path) -> None:
    text = (
        kernel("k", "!reqd_work_group_size !0 !work_group_num_dim !1")
        + "!0 = !{i32 8, i32 1, i32 1}\n!1 = !{i32 1}\n"
    )
    split(text, tmp_path, "auto")
    assert list(requirements(tmp_path, 0)) == [
        "aspects",
        "reqd_work_group_size_uint64_t",
        "work_group_num_dim",
    ]
