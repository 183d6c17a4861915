"""Unit tests of the ``spirv`` pass, handler by handler, in both profiles."""

from __future__ import annotations

import gc
import sys
import weakref
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.passes import PassContext, create
from propslower.properties.profiles import profile_named
from propslower.spirv.lower import SpirvPass
from tests.conftest import CliRun
from tests.profiles import EVERY_PROFILE_NAME
from tests.spirv.helpers import INPUTS, global_variable, header, kernel, lower

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from synth import synthesize


def _lowered(text: str, profile: str = "design") -> str:
    out, diagnostics, _ = lower(text, profile)
    assert not diagnostics, diagnostics
    assert verify_text(out, "out.ll") == []
    return out


def test_registered_as_spirv() -> None:
    assert isinstance(create("spirv"), SpirvPass)


def test_work_group_and_sub_group_become_execution_modes() -> None:
    out = _lowered(kernel('"sycl-work-group-size"="8,4,2" "sycl-sub-group-size"="16"'))
    assert "!{ptr @K, i32 17, i32 2, i32 4, i32 8}" in out
    assert "!{ptr @K, i32 35, i32 16}" in out
    assert "!spirv.ExecutionMode = !{" in out


def test_work_group_size_is_padded() -> None:
    assert "!{ptr @K, i32 17, i32 4, i32 8, i32 1}" in _lowered(
        kernel('"sycl-work-group-size"="8,4"')
    )


def test_typed_module_uses_typed_function_pointer() -> None:
    out = _lowered((INPUTS / "typed.ll").read_text())
    assert "!{void ()* @K, i32 17, i32 2, i32 4, i32 8}" in out


def test_no_parameter_decorations_without_decorated_parameter() -> None:
    out = _lowered(kernel('"sycl-sub-group-size"="16"'))
    assert "ParameterDecorations" not in out


def test_design_host_access_names_the_global() -> None:
    out = _lowered(global_variable('"sycl-host-access"="read"'))
    assert '!{i32 6147, i32 0, !"g"}' in out


def test_dpcpp_host_pipe_is_read_write() -> None:
    attrs = '"sycl-host-pipe-size"="4" "sycl-unique-id"="p" "sycl-host-access"="readwrite"'
    assert '!{i32 6147, i32 2, !"p"}' in _lowered(global_variable(attrs), "dpcpp")


def test_dpcpp_kernel_metadata_pointer_width() -> None:
    out = _lowered(kernel('"sycl-work-group-size"="8,4,2" "sycl-sub-group-size"="16"'), "dpcpp")
    assert "spirv.ExecutionMode" not in out


def test_dpcpp_existing_metadata_wins() -> None:
    text = kernel('"sycl-work-group-size"="8,4,2"', extra=" !reqd_work_group_size !0")
    out, diagnostics, spirv = lower(text + "!0 = !{i64 1, i64 1, i64 1}\n", "dpcpp")
    assert not diagnostics
    assert out.count("reqd_work_group_size") == 1
    assert "existing !reqd_work_group_size wins" in spirv.findings[0].outcome


def test_dpcpp_single_task_only_on_fpga() -> None:
    out = _lowered(kernel('"sycl-single-task"'), "dpcpp")
    assert "max_global_work_dim" not in out


def test_dpcpp_esimd_kernel_gets_no_register_alloc_mode() -> None:
    text = kernel('"sycl-grf-size"="256"', extra=" !sycl_explicit_simd !0") + "!0 = !{}\n"
    assert "RegisterAllocMode" not in _lowered(text, "dpcpp")


def test_dpcpp_pipelined_is_a_function_decoration() -> None:
    out = _lowered(kernel('"sycl-pipelined"="3"'), "dpcpp")
    assert "!{i32 5919, i32 1}" in out
    assert "!{i32 5917, i32 3}" in out


def test_dpcpp_floating_point_control_goes_to_execution_mode() -> None:
    out = _lowered(kernel('"sycl-floating-point-control"="1"'), "dpcpp")
    for width in (64, 32, 16):
        assert f"!{{ptr @K, i32 4462, i32 {width}}}" in out


def test_dpcpp_parameter_alignment_becomes_align() -> None:
    out = _lowered(kernel(parameter_attrs='noundef align 4 "sycl-alignment"="16"'), "dpcpp")
    assert "ptr addrspace(1) noundef align 16 %a" in out
    assert "sycl-alignment" not in out


@pytest.mark.parametrize(
    ("profile", "name"),
    [(p, n) for p in EVERY_PROFILE_NAME for n in ("typed.ll", "opaque.ll")]
    + [("dpcpp", "dpcpp.ll")],
)
def test_second_run_changes_nothing(profile: str, name: str) -> None:
    first = _lowered((INPUTS / name).read_text(), profile)
    assert _lowered(first, profile) == first


@pytest.mark.parametrize("mode", ["string", "metadata"])
@pytest.mark.parametrize(
    ("profile", "name"),
    [(p, n) for p in EVERY_PROFILE_NAME for n in ("typed.ll", "opaque.ll")]
    + [("dpcpp", "dpcpp.ll")],
)
def test_second_run_changes_no_member_annotation(profile: str, name: str, mode: str) -> None:
    first, diagnostics, _ = lower((INPUTS / name).read_text(), profile, mode)
    assert not diagnostics
    second, diagnostics, _ = lower(first, profile, mode)
    assert (second, diagnostics) == (first, [])


def test_unknown_property_stays_and_is_reported() -> None:
    out, _, spirv = lower(kernel('"sycl-frobnicate"="1"'))
    assert '"sycl-frobnicate"="1"' in out
    assert [f.prop for f in spirv.findings if f.unknown] == ["sycl-frobnicate"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (kernel('"sycl-work-group-size"="8,x"'), "'sycl-work-group-size' on '@K'"),
        (kernel('"sycl-work-group-size"="1,2,3,4"'), "more than three dimensions"),
        (kernel('"sycl-sub-group-size"="big"'), "is not an integer"),
        (kernel(parameter_attrs='"sycl-alignment"="12"'), "is not a power of two"),
        (global_variable('"sycl-host-access"="sometimes"'), "'@g'"),
    ],
)
def test_unencodable_values_are_errors(text: str, message: str) -> None:
    _, diagnostics, _ = lower(text)
    assert diagnostics
    assert all(d.is_error for d in diagnostics)
    assert message in diagnostics[0].message


def test_member_annotation_design_string() -> None:
    out = _lowered((INPUTS / "opaque.ll").read_text())
    assert 'c"{5921:3}\\00", section "llvm.metadata"' in out
    assert "ptr @.str.2, ptr @.str.1, i32 7, ptr null" in out


def test_member_annotation_rewrite_drops_the_strings_no_call_uses() -> None:
    out = _lowered((INPUTS / "opaque.ll").read_text())
    assert "sycl-properties:" not in out
    assert "@.str.1 = private" in out  # the file name: the rewritten call still uses it


def test_member_annotation_string_stays_while_something_else_uses_it() -> None:
    text = (INPUTS / "opaque.ll").read_text()
    text = text.replace("@dm1 = ", "@keep = constant ptr @.str\n@dm1 = ")
    out = _lowered(text)
    assert 'c"sycl-properties:sycl-buffer-location=3\\00"' in out
    assert 'c"{5921:3}\\00"' in out


def test_dpcpp_rewrite_drops_the_args_struct_and_its_strings() -> None:
    out = _lowered((INPUTS / "dpcpp.ll").read_text(), "dpcpp")
    assert "@.args" not in out
    assert 'c"sycl-properties\\00"' not in out
    assert 'c"sycl-alignment\\00"' not in out


def test_member_annotation_typed_gep_is_resized() -> None:
    out = _lowered((INPUTS / "typed.ll").read_text())
    assert "getelementptr inbounds ([9 x i8], [9 x i8]* @.str.2, i32 0, i32 0)" in out


def test_member_annotation_metadata_mode() -> None:
    out, diagnostics, _ = lower((INPUTS / "opaque.ll").read_text(), member_decorations="metadata")
    assert not diagnostics
    assert "ptr @.str, ptr @.str.1, i32 7, ptr null), !spirv.Decorations" in out
    assert verify_text(out, "out.ll") == []


def test_dpcpp_annotation_alignment_on_accesses_and_removal() -> None:
    out = _lowered((INPUTS / "dpcpp.ll").read_text(), "dpcpp")
    assert 'c"{5921:\\223\\22}\\00"' in out
    assert "store i32 %n, ptr addrspace(4) %a, align 16" in out
    assert "load i32, ptr addrspace(4) %a, align 16" in out
    assert "@.args.1)" not in out
    assert "store i32 %v, ptr addrspace(4) %field" in out


def test_dpcpp_annotation_alignment_fallback_without_accesses() -> None:
    text = (INPUTS / "dpcpp.ll").read_text()
    text = text.replace("  store i32 %n, ptr addrspace(4) %a, align 4\n", "")
    text = text.replace("%v = load i32, ptr addrspace(4) %a, align 4", "%v = add i32 %n, 1")
    out = _lowered(text, "dpcpp")
    assert 'c"{44:\\2216\\22}{5921:\\223\\22}\\00"' in out


def test_identical_annotation_strings_are_reused() -> None:
    text = (INPUTS / "opaque.ll").read_text()
    call = "  %0 = call ptr @llvm.ptr.annotation.p0.p0(ptr %field, ptr @.str, ptr @.str.1, i32 7, ptr null)\n"
    text = text.replace(call, call + call.replace("%0", "%1"))
    out = _lowered(text)
    assert out.count('c"{5921:3}\\00"') == 1


def test_header_without_parameters() -> None:
    out = _lowered(
        header() + "define spir_kernel void @E() #0 {\n  ret void\n}\n"
        'attributes #0 = { "sycl-sub-group-size"="8" }\n'
    )
    assert "!{ptr @E, i32 35, i32 8}" in out


@pytest.mark.parametrize("linkage", ["internal", "private"])
def test_a_kernel_with_local_linkage_is_warned_about(linkage: str) -> None:
    text = kernel('"sycl-sub-group-size"="16"').replace(
        "define spir_kernel", f"define {linkage} spir_kernel"
    )
    out, diagnostics, _ = lower(text)
    [warning] = diagnostics
    assert not warning.is_error
    assert warning.message.startswith(f"kernel '@K' has {linkage} linkage: the SYCL runtime")
    assert warning.span is not None
    assert (warning.span.line, warning.span.column) == (4, 8)
    assert warning.span.end_column == 7 + len(linkage)
    assert "!{ptr @K, i32 35, i32 16}" in out


def test_external_kernels_get_no_linkage_warning() -> None:
    _, diagnostics, _ = lower(kernel('"sycl-sub-group-size"="16"'))
    assert diagnostics == []


def test_a_new_value_replaces_the_old_entry_of_a_once_only_decoration_or_mode() -> None:
    out = _lowered((INPUTS / "redecorated.ll").read_text())
    assert "!{i32 5921, i32 7}" in out  # the old node stays, unreferenced
    pd = out.split("!spirv.ParameterDecorations ")[1].split()[0]
    nodes = dict(
        line.split(" = ", 1) for line in out.splitlines() if line[:1] == "!" and " = " in line
    )
    _, decorated = nodes[pd][2:-1].split(", ")
    [entry] = nodes[decorated][2:-1].split(", ")
    assert nodes[entry] == "!{i32 5921, i32 2}"
    modes = nodes["!spirv.ExecutionMode"][2:-1].split(", ")
    shown = [nodes[m] for m in modes]
    assert shown[0] == "!{ptr @K, i32 35, i32 16}"  # in place of sub-group size 8
    assert sum("i32 35," in s for s in shown) == 1
    assert "!{ptr @K, i32 4462, i32 32}" in shown and "!{ptr @K, i32 4460, i32 16}" in shown
    assert _lowered(out) == out


def test_a_stray_character_in_an_args_struct_is_no_crash_without_verification(
    cli: Callable[..., CliRun],
) -> None:
    """With --no-verify nothing checks the input first; the pass must still not crash."""
    path = Path(__file__).parent / "inputs" / "stray-args-character.ll"
    unverified = cli("spirv", "--profile", "dpcpp", "--no-verify", str(path))
    assert unverified.status == 0, unverified.stderr
    verified = cli("spirv", "--profile", "dpcpp", str(path))
    assert verified.status == 1
    assert "stray-args-character.ll:3:66: error: invalid IR: expected type" in verified.stderr


@pytest.mark.parametrize("record", [False, True])
def test_a_run_leaves_no_cycle_holding_the_module(record: bool) -> None:
    # a cycle would keep every item alive until a collection walks them all (a third of a
    # second on the 50 MB benchmark, when the command turns the collector back on)
    gc.disable()
    try:
        module = Module.parse(synthesize(0.01, True), "in.ll")
        SpirvPass(record=record).lower(module, PassContext(profile_named("design")))
        held = weakref.ref(module)
        del module
        assert held() is None
    finally:
        gc.enable()
