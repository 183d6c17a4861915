from __future__ import annotations

import re
from pathlib import Path

import llvmlite.binding as llvm
import pytest

from propslower.aspects.def_file import default_table
from propslower.diagnostics import DiagnosticError
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.postlink import prepare
from propslower.postlink.device_config import TargetInfo, builtin_config
from propslower.postlink.filetable import read_table
from propslower.postlink.kernel_reqs import KERNEL_REQS, decode_entries, sub_group_entry
from propslower.postlink.propset import read_prop
from propslower.postlink.requirements import (
    DEVICE_REQUIREMENTS,
    IMAGE_REQUIREMENTS,
    Requirements,
    requirements_of,
)
from propslower.postlink.split import SplitOptions, SplitResult, Splitter, entry_names, split_module
from propslower.postlink.staging import StagedDirectory
from propslower.postlink.target_tables import aot_compiler, target_table
from propslower.properties.profiles import DESIGN, DPCPP, Profile
from tests.postlink.split_inputs import FOUR, kernel, many
from tests.profiles import every_profile

_DEFINE = re.compile(r"^define [^@]*@([-\w$.]+)\(", re.MULTILINE)


def split(text: str, tmp_path: Path, profile: Profile = DESIGN, **options: object) -> SplitResult:
    module = Module.parse(text, "in.ll")
    return split_module(module, profile, tmp_path, "in", SplitOptions(**options))  # type: ignore[arg-type]


def image(result: SplitResult, number: int) -> str:
    return (result.directory / f"in_{number}.ll").read_text(encoding="utf-8")


def requirements(result: SplitResult, number: int, name: str = IMAGE_REQUIREMENTS) -> Requirements:
    text = (result.directory / f"in_{number}.prop").read_text(encoding="utf-8")
    found = read_prop(text, "p").get(name)
    assert found is not None
    return requirements_of(found)


def assert_complete(result: SplitResult) -> None:
    """Every image verifies and defines exactly its entry points among the kernels."""
    for number, split_image in enumerate(result.images):
        text = image(result, number)
        assert verify_text(text, split_image.code) == []
        parsed = llvm.parse_assembly(text)
        kernels = {f.name for f in parsed.functions if "spir_kernel" in str(f).split("(")[0]}
        listed = (result.directory / split_image.symbols).read_text().split()
        assert listed == list(split_image.entry_points)
        assert kernels <= set(listed)


def test_four_kernels_design(tmp_path: Path) -> None:
    result = split(FOUR, tmp_path)
    assert entry_names(result.images) == [["k0"], ["k1"], ["k2"], ["k3"]]
    assert_complete(result)
    assert requirements(result, 0) == Requirements()
    assert requirements(result, 1) == Requirements((5,))
    assert requirements(result, 2) == Requirements((5,), 16)
    assert requirements(result, 3) == Requirements((6,), None, (8, 4, 2))
    table = (tmp_path / "in.table").read_text()
    assert table == (
        "[Code|Properties|Symbols]\n"
        "in_0.ll|in_0.prop|in_0.sym\nin_1.ll|in_1.prop|in_1.sym\n"
        "in_2.ll|in_2.prop|in_2.sym\nin_3.ll|in_3.prop|in_3.sym\n"
    )
    assert read_table(table, "t").column("Symbols") == [f"in_{n}.sym" for n in range(4)]
    assert (tmp_path / "in_3.sym").read_text() == "k3\n"


def test_shared_helper_and_globals_copied_into_each_image(tmp_path: Path) -> None:
    result = split(FOUR, tmp_path)
    for number in (0, 1):
        text = image(result, number)
        assert "define dso_local spir_func void @_Z6helperv()" in text
        assert "@shared = dso_local" in text
    assert "@only_k3" in image(result, 3)
    assert "@only_k3" not in image(result, 0)
    assert "@unused" not in "".join(image(result, n) for n in range(4))
    assert '!"Simple C++ TBAA"' in image(result, 0)
    assert "!spirv.ExecutionMode" not in image(result, 0)


def test_equal_aspects_share_and_sizes_split(tmp_path: Path) -> None:
    result = split(many(), tmp_path)
    assert entry_names(result.images) == [
        ["plain_a"],
        ["fp16_a", "fp16_b"],
        ["fp16_sg16"],
        ["fp16_sg8"],
        ["plain_wg"],
        ["plain_wg2"],
        ["calls_exported", "_Z8exportedv"],
        ["plain_b"],
        ["fp64"],
    ]
    assert_complete(result)
    assert "@_Z20__spirv_BuiltInThingv" not in "".join(i.entry_points[0] for i in result.images)
    assert requirements(result, 5) == Requirements((), None, (4, 4, 4))


def test_per_source_keeps_sources_apart(tmp_path: Path) -> None:
    text = many() + kernel("plain_c", group=3)
    result = split(text, tmp_path, mode="per_source")
    names = entry_names(result.images)
    assert ["plain_b", "plain_c"] in names
    assert ["plain_a"] in names


def test_off_groups_everything_then_splits_by_features_in_design(tmp_path: Path) -> None:
    text = many() + kernel("plain_c", group=3)
    assert ["plain_a", "plain_b", "plain_c"] in entry_names(
        split(text, tmp_path, mode="off").images
    )


def test_off_is_one_image_in_dpcpp(tmp_path: Path) -> None:
    result = split(many("sycl_used_aspects"), tmp_path, DPCPP, mode="off")
    assert len(result.images) == 1
    assert_complete(result)
    req = requirements(result, 0, DEVICE_REQUIREMENTS)
    assert req.aspects == (5, 6)
    assert req.reqd_work_group_size is None


def test_per_kernel(tmp_path: Path) -> None:
    result = split(many(), tmp_path, mode="per_kernel")
    assert all(len(i.entry_points) == 1 for i in result.images)
    assert len(result.images) == 11
    assert_complete(result)


def test_dpcpp_key_and_name_value_pairs(tmp_path: Path) -> None:
    pairs = FOUR.replace("!intel_used_aspects !11", "!sycl_used_aspects !40").replace(
        "!intel_used_aspects !13", "!sycl_used_aspects !41"
    )
    pairs += '!40 = !{!42}\n!41 = !{!43}\n!42 = !{!"fp16", i32 5}\n!43 = !{!"fp64", i32 6}\n'
    result = split(pairs, tmp_path, DPCPP)
    # sycl-post-link's numbering: categories descending ("-6-" > "-5-…-16-" > "-5-" > "")
    assert entry_names(result.images) == [["k3"], ["k2"], ["k1"], ["k0"]]
    assert_complete(result)
    assert requirements(result, 0, DEVICE_REQUIREMENTS) == Requirements((6,), None, (8, 4, 2))
    prop = (tmp_path / "in_0.prop").read_text()
    assert prop.startswith("[SYCL/device requirements]\naspects=2|")
    assert "reqd_work_group_size_uint64_t" in prop


def test_kernel_reqs(tmp_path: Path) -> None:
    result = split(FOUR, tmp_path, kernel_reqs=True)
    prop = read_prop((tmp_path / "in_2.prop").read_text(), "p")
    reqs = prop.get(KERNEL_REQS)
    assert reqs is not None
    entries = decode_entries(reqs["k2"].as_uint32_array())
    assert entries[-1] == sub_group_entry(16, 1)
    assert [e.params for e in entries] == [(5,), (16,)]
    assert len(result.images) == 4


def test_deterministic(tmp_path: Path) -> None:
    first = split(many(), tmp_path / "a")
    second = split(many(), tmp_path / "b")
    assert first.images == second.images
    for one in first.images:
        for name in (one.code, one.props, one.symbols):
            assert (first.directory / name).read_text() == (second.directory / name).read_text()


def test_propagation_decides_the_key(tmp_path: Path) -> None:
    text = many() + kernel("calls_half", calls=("_Z4halfv",))
    propagated = entry_names(split(text, tmp_path / "p").images)
    as_written = entry_names(split(text, tmp_path / "w", propagate=False).images)
    assert ["fp16_a", "fp16_b", "calls_half"] in propagated
    assert ["plain_a", "calls_half"] in as_written


def test_missing_propagation_is_a_note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prepare, "PROPAGATION_MODULE", "propslower.aspects.no_such_module")
    result = split(FOUR, tmp_path)
    assert [d.message for d in result.diagnostics] == [prepare.UNAVAILABLE]
    assert len(result.images) == 4


def test_target_tables(tmp_path: Path) -> None:
    module = Module.parse(many("sycl_used_aspects"), "in.ll")
    splitter = Splitter(module, DPCPP, SplitOptions())
    table = default_table()
    pvc = builtin_config(table).get("intel_gpu_pvc")
    assert pvc is not None
    with StagedDirectory(tmp_path) as staging:
        result = splitter.write_into(staging, "in")
        per_target = target_table(result.images, pvc, table)
        name = splitter.write_target_table(result, per_target, staging)
    assert name == "in_intel_gpu_pvc.table"
    rows = (tmp_path / name).read_text().splitlines()[1:]
    assert "in_3.ll|in_3.intel_gpu_pvc.prop|in_3.sym" not in rows
    assert rows[0] == "in_0.ll|in_0.intel_gpu_pvc.prop|in_0.sym"
    assert "compile_target" in (tmp_path / "in_0.intel_gpu_pvc.prop").read_text()
    notes = [d.message for d in per_target.notes]
    assert notes[0] == (
        "target 'intel_gpu_pvc': 8 of 9 images; AOT compiler: ocloc -device pvc (not invoked)"
    )
    assert "left out of target 'intel_gpu_pvc': requires sub-group size 8" in notes[1]


def test_aot_compiler_names() -> None:
    assert aot_compiler(TargetInfo("intel_gpu_dg1")) == "ocloc -device dg1"
    assert aot_compiler(TargetInfo("x", aot_toolchain="t", aot_toolchain_options="-o")) == "t -o"
    assert aot_compiler(TargetInfo("nvidia_gpu_sm_80")) == "none (JIT only)"


def test_no_entry_points(tmp_path: Path) -> None:
    with pytest.raises(DiagnosticError, match="no entry points"):
        split("define void @f() {\nentry:\n  ret void\n}\n", tmp_path)


NEGATIVE_SIZES = """\
define spir_kernel void @k() !reqd_work_group_size !0 !intel_reqd_sub_group_size !1 {
entry:
  ret void
}

!0 = !{i32 8, i32 -4, i32 1}
!1 = !{i64 4294967296}
"""


@every_profile
def test_sizes_a_prop_cannot_hold_are_positioned_errors(tmp_path: Path, profile: Profile) -> None:
    """Negative or over-32-bit sizes were a struct.error crash while packing the .prop."""
    with pytest.raises(DiagnosticError) as caught:
        split(NEGATIVE_SIZES, tmp_path / "out", profile, kernel_reqs=True)
    assert [(str(d.span), d.message) for d in caught.value.diagnostics] == [
        (
            "in.ll:6:15",
            "'!reqd_work_group_size' of 'k' holds -4, which is not an unsigned 32-bit size",
        ),
        (
            "in.ll:7:8",
            "'!intel_reqd_sub_group_size' of 'k' holds 4294967296, which is not an unsigned "
            "32-bit size",
        ),
    ]
    assert not (tmp_path / "out").exists()


UNVERIFIABLE = "define spir_kernel void @k() {\nentry:\n  call void @missing()\n  ret void\n}\n"


def test_an_image_failing_verification_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with pytest.raises(DiagnosticError, match="use of undefined value '@missing'"):
        split(many() + UNVERIFIABLE, out)
    assert not out.exists()
    out.mkdir()
    (out / "in_0.ll").write_text("old\n")
    with pytest.raises(DiagnosticError, match="use of undefined value '@missing'"):
        split(many() + UNVERIFIABLE, out)
    assert [p.name for p in out.iterdir()] == ["in_0.ll"]
    assert (out / "in_0.ll").read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
    result = split(many(), out)
    assert (out / "in_0.ll").read_text() != "old\n"
    assert result.directory == out
    assert_complete(result)


INJECTED = """\
define spir_kernel void @"k\\0Ainjected"() #0 {
entry:
  ret void
}

define spir_kernel void @"a=b"() #0 {
entry:
  ret void
}

define spir_kernel void @"[set]"() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="inj.cpp" }
"""


def test_entry_point_names_a_line_based_file_cannot_carry(tmp_path: Path) -> None:
    """A line break in a name made a .sym with two entry points; '=' or a leading '[' make
    a .prop key that neither our reader nor DPC++'s reads back (only with --kernel-reqs)."""
    out = tmp_path / "out"
    with pytest.raises(DiagnosticError) as caught:
        split(INJECTED, out)
    assert [(str(d.span), d.message) for d in caught.value.diagnostics] == [
        (
            "in.ll:1:25",
            "entry point '@\"k\\0Ainjected\"' cannot be listed in a .sym file: its name holds "
            "a line feed",
        )
    ]
    assert not out.exists()
    with pytest.raises(DiagnosticError) as caught:
        split(INJECTED.replace("\\0A", "_"), out, kernel_reqs=True)
    assert [(str(d.span), d.message) for d in caught.value.diagnostics] == [
        (
            "in.ll:6:25",
            "entry point '@\"a=b\"' cannot be a key of a .prop file: its name holds '='",
        ),
        (
            "in.ll:11:25",
            "entry point '@\"[set]\"' cannot be a key of a .prop file: its name holds a leading '['",
        ),
    ]
    result = split(INJECTED.replace("\\0A", "_"), out)
    assert (out / result.images[0].symbols).read_text() == "k_injected\na=b\n[set]\n"
