from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.aspects.def_file import default_table
from propslower.ir.module import Module
from propslower.postlink.check import AspectOrigins
from propslower.properties.profiles import DESIGN
from tests.aspects.chain_inputs import deep_chain
from tests.conftest import CliRun
from tests.postlink.split_inputs import FOUR, kernel, many

Cli = Callable[..., CliRun]

CHAIN = """\
define spir_kernel void @top() #0 {
entry:
  call spir_func void @_Z3midv()
  ret void
}

define spir_func void @_Z3midv() {
entry:
  call spir_func void @_Z3leafv()
  ret void
}

define spir_func void @_Z3leafv() {
entry:
  %d = fadd double 1.0, 2.0
  ret void
}

attributes #0 = { "sycl-module-id"="c.cpp" }
"""


@pytest.fixture
def four(tmp_path: Path) -> Path:
    path = tmp_path / "four.ll"
    path.write_text(FOUR)
    return path


def test_fp64_kernel_on_dg1_is_not_supported(cli: Cli, four: Path) -> None:
    run = cli("check", str(four), "--kernel", "k3", "--device", "intel_gpu_dg1")
    assert run.status == 1
    assert run.stdout == (
        "kernel 'k3' is not supported by target 'intel_gpu_dg1' "
        "(submitting it raises errc::kernel_not_supported):\n"
        "  requires aspect 'fp64' (6), which target 'intel_gpu_dg1' does not support\n"
        "    call chain: k3 -> _Z6doublev (!intel_used_aspects)\n"
    )


@pytest.mark.parametrize(
    ("kernel_name", "device"),
    [("k0", "intel_gpu_dg1"), ("k3", "intel_gpu_pvc"), ("k2", "intel_gpu_pvc")],
)
def test_supported(cli: Cli, four: Path, kernel_name: str, device: str) -> None:
    run = cli("check", str(four), "--kernel", kernel_name, "--device", device)
    assert run.status == 0
    assert run.stdout == f"kernel '{kernel_name}' is supported by target '{device}'\n"


def test_sub_group_and_every_failure(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "many.ll"
    path.write_text(many() + kernel("both", "!intel_used_aspects !7 !intel_reqd_sub_group_size !9"))
    run = cli("check", str(path), "--kernel", "both", "--device", "intel_gpu_pvc")
    assert run.status == 1
    assert "requires sub-group size 8, but target 'intel_gpu_pvc' supports only 16, 32" in (
        run.stdout
    )
    run = cli("check", str(path), "--kernel", "both", "--device", "intel_gpu_acm_g10")
    assert run.stdout.count("requires aspect") == 1
    assert "call chain: both (!intel_used_aspects)" in run.stdout


def test_chain_through_callees_to_double(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "chain.ll"
    path.write_text(CHAIN)
    run = cli("check", str(path), "--kernel", "top", "--device", "intel_gpu_dg1")
    assert run.status == 1
    assert "call chain: top -> _Z3midv -> _Z3leafv (uses 'double')" in run.stdout


def test_origins_cut_recursion() -> None:
    text = CHAIN.replace("call spir_func void @_Z3leafv()", "call spir_func void @top()")
    origins = AspectOrigins(Module.parse(text, "r.ll"), DESIGN, default_table())
    assert origins.used("top") == frozenset()
    assert origins.chain("top", 6) == (("top",), "")


def test_check_through_a_table(cli: Cli, four: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert cli("split", str(four), "-d", str(out)).status == 0
    table = str(out / "four.table")
    run = cli("check", table, "--kernel", "k3", "--device", "intel_gpu_dg1")
    assert run.status == 1
    assert "call chain: k3 -> _Z6doublev (!intel_used_aspects)" in run.stdout
    assert cli("check", table, "--kernel", "k1", "--device", "intel_gpu_dg1").status == 0


def test_unknown_kernel(cli: Cli, four: Path) -> None:
    run = cli("check", str(four), "--kernel", "kk3", "--device", "intel_gpu_dg1")
    assert run.status == 2  # as grep: 1 is "would not run", 2 bad input
    assert run.stderr.startswith("<command line>:1:10: error: no kernel 'kk3' in ")
    assert "note: did you mean 'k3'?" in run.stderr


def test_unknown_device(cli: Cli, four: Path) -> None:
    """A usage mistake: exit status 2 as for argparse's errors, with the closest name."""
    run = cli("check", str(four), "--kernel", "k3", "--device", "intel_gpu_pvx")
    assert run.status == 2
    assert run.stderr.splitlines() == [
        "<command line>:1:10: error: unknown target 'intel_gpu_pvx' in --device",
        "--device intel_gpu_pvx",
        "         ^~~~~~~~~~~~~",
        "propslower: note: did you mean 'intel_gpu_pvc'?",
    ]
    run = cli("check", str(four), "--kernel", "k3", "--device", "zzz")
    assert run.status == 2
    assert run.stderr.splitlines()[-1].startswith("propslower: note: known targets: amd_gpu_")


def test_user_device_config(cli: Cli, four: Path, tmp_path: Path) -> None:
    config = tmp_path / "devices.yaml"
    config.write_text("my_gpu:\n  aspects: [fp16, fp64]\n  sub-group-sizes: [16]\n")
    args = ("--kernel", "k3", "--device", "my_gpu", "--device-config", str(config))
    assert cli("check", str(four), *args).status == 0


def test_bad_device_config(cli: Cli, four: Path, tmp_path: Path) -> None:
    config = tmp_path / "devices.yaml"
    config.write_text("my_gpu:\n  aspects: [fp16, nonsense]\n")
    args = ("--kernel", "k3", "--device", "my_gpu", "--device-config", str(config))
    run = cli("check", str(four), *args)
    assert run.status == 2  # bad input
    assert f"{config}:2:19: error: unknown aspect 'nonsense'" in run.stderr


def test_origins_walk_any_depth() -> None:
    """A 100,000-deep call chain: no recursion in Used nor in the chain (it was RecursionError
    from about 1,000)."""
    module = Module.parse(deep_chain(100_000, leaf="!intel_used_aspects !0"), "deep.ll")
    origins = AspectOrigins(module, DESIGN, default_table())
    assert origins.used("k") == frozenset({6})
    path, origin = origins.chain("k", 6)
    assert len(path) == 100_001 and path[-1] == "f99999"
    assert origin == "!intel_used_aspects"


BRANCHES = """\
define spir_kernel void @top() {
entry:
  call spir_func void @dead()
  call spir_func void @loop()
  call spir_func void @user()
  ret void
}

define spir_func void @dead() {
entry:
  call spir_func void @dead2()
  ret void
}

define spir_func void @dead2() {
entry:
  call spir_func void @dead()
  ret void
}

define spir_func void @loop() {
entry:
  call spir_func void @top()
  call spir_func void @dead2()
  ret void
}

define spir_func void @user() {
entry:
  call spir_func void @dead()
  call spir_func void @leaf()
  %d = fadd double 1.0, 2.0
  ret void
}

define spir_func void @leaf() {
entry:
  %d = fadd double 1.0, 2.0
  ret void
}
"""


def test_chain_skips_callees_that_bring_nothing() -> None:
    """Callees without the aspect (a cycle of their own, a call back up the chain) are passed
    over; the chain goes as deep as the aspect does."""
    origins = AspectOrigins(Module.parse(BRANCHES, "b.ll"), DESIGN, default_table())
    assert origins.chain("top", 6) == (("top", "user", "leaf"), "uses 'double'")
    assert origins.chain("loop", 6) == (("loop", "top", "user", "leaf"), "uses 'double'")
    assert origins.chain("dead", 6) == (("dead",), "")


def test_check_command_on_a_deep_chain(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "deep.ll"
    path.write_text(deep_chain(100_000, leaf="!intel_used_aspects !0"))
    run = cli("check", str(path), "--kernel", "k", "--device", "intel_gpu_dg1")
    assert run.status == 1, run.stderr
    assert run.stdout.endswith("-> f99998 -> f99999 (!intel_used_aspects)\n")


def test_list_targets_and_required_options(cli: Cli, four: Path) -> None:
    listed = cli("check", "--list-targets")
    assert listed.status == 0
    names = listed.stdout.splitlines()
    assert "intel_gpu_dg1" in names and names == sorted(names)
    assert cli("macros", "--list-targets").stdout == listed.stdout
    missing = cli("check", str(four), "--kernel", "k3")
    assert (missing.status, missing.stderr) == (
        2,
        "propslower: error: the option --device is required\n",
    )


def test_bad_input_is_status_2(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.ll"
    bad.write_text("define void @k( {\n")
    run = cli("check", str(bad), "--kernel", "k", "--device", "intel_gpu_dg1")
    assert run.status == 2
    assert run.stdout == ""


def test_json_and_quiet(cli: Cli, four: Path) -> None:
    args = ("check", str(four), "--kernel", "k3", "--device", "intel_gpu_dg1")
    shown = cli(*args, "--format", "json")
    assert shown.status == 1
    document = json.loads(shown.stdout)
    assert document["supported"] is False
    assert document["requirements"]["aspects"] == ["fp64"]
    (failure,) = document["failures"]
    assert (failure["aspect"], failure["chain"][0]) == ("fp64", "k3")
    quiet = cli(*args, "-q")
    assert (quiet.status, quiet.stdout, quiet.stderr) == (1, "", "")
    assert cli("check", str(four), "--kernel", "k1", "--device", "intel_gpu_dg1", "-q").status == 0
