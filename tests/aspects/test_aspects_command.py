"""``propslower aspects`` and the ``aspects`` pass end to end (in-process)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from syrupy.assertion import SnapshotAssertion

from propslower.ir.module import Module
from propslower.passes import PassContext, create
from propslower.properties.profiles import DPCPP

CHAIN = """\
define spir_kernel void @k() {
entry:
  call spir_func void @f()
  ret void
}

define spir_func void @f() !intel_allowed_aspects !0 {
entry:
  call spir_func void @g()
  ret void
}

define spir_func void @g() !intel_used_aspects !1 {
entry:
  ret void
}

!0 = !{i32 6}
!1 = !{i32 200}
"""
DEF = "__SYCL_ASPECT(fp64, 6)\n__SYCL_ASPECT(my_feature, 200)\n"


def test_aspects_def_names_new_aspects(cli: Callable[..., Any], tmp_path: Path) -> None:
    source, table = tmp_path / "in.ll", tmp_path / "my.def"
    source.write_text(CHAIN)
    table.write_text(DEF)
    done = cli("aspects", str(source), "--aspects-def", str(table), "-o", str(tmp_path / "o.ll"))
    assert done.status == 0
    assert "uses aspect 'my_feature' not listed" in done.stderr
    default = cli("aspects", str(source), "-o", str(tmp_path / "o.ll"))
    assert "uses aspect '200' not listed" in default.stderr


def test_in_place_and_graph(cli: Callable[..., Any], tmp_path: Path) -> None:
    source = tmp_path / "in.ll"
    source.write_text(CHAIN)
    done = cli("aspects", str(source), "-i", "--graph", str(tmp_path / "g.dot"))
    assert done.status == 0 and done.stdout == ""
    assert "n1 -> n2 [color=red" in (tmp_path / "g.dot").read_text()


def test_werror_writes_nothing(cli: Callable[..., Any], tmp_path: Path) -> None:
    source = tmp_path / "in.ll"
    source.write_text(CHAIN)
    done = cli("aspects", str(source), "-Werror=aspects", "-o", str(tmp_path / "o.ll"))
    assert done.status == 1 and "error: function 'f'" in done.stderr
    assert not (tmp_path / "o.ll").exists()


def test_pass_registry() -> None:
    source = CHAIN.replace("intel_", "sycl_").replace("allowed", "declared")
    module = Module.parse(source)
    diagnostics = create("aspects", {"werror": "true"}).apply(module, PassContext(DPCPP))
    assert [d.is_error for d in diagnostics] == [True]
    assert module.render() == source
    clean = Module.parse(CHAIN.replace("intel_", "sycl_").replace("allowed", "declared"))
    assert not [
        d.is_error for d in create("aspects").apply(clean, PassContext(DPCPP)) if d.is_error
    ]


def test_chain_outputs_snapshot(
    cli: Callable[..., Any], tmp_path: Path, snapshot: SnapshotAssertion
) -> None:
    source = tmp_path / "chain.ll"
    source.write_text(CHAIN.replace("i32 200", "i32 5"))
    for profile in ("design", "dpcpp"):
        text = source.read_text()
        if profile == "dpcpp":
            text = text.replace("intel_allowed", "sycl_declared").replace("intel_", "sycl_")
        source.write_text(text)
        graph = tmp_path / f"{profile}.dot"
        done = cli("aspects", str(source), "--profile", profile, "--graph", str(graph))
        assert done.status == 0
        stderr = done.stderr.replace(str(source), "chain.ll")
        assert {"ir": done.stdout, "stderr": stderr, "dot": graph.read_text()} == snapshot(
            name=profile
        )


def test_unknown_aspect_to_exclude_is_a_usage_error(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    """Exit status 2 like argparse's errors (was 1), nothing written, the closest name given."""
    path = tmp_path / "chain.ll"
    path.write_text(CHAIN)
    out = tmp_path / "out.ll"
    done = cli("aspects", str(path), "--exclude-aspects", "fp64,fp61", "-o", str(out))
    assert done.status == 2
    assert done.stderr.splitlines() == [
        "propslower: error: --exclude-aspects: unknown aspect 'fp61'",
        "propslower: note: did you mean 'fp64'?",
    ]
    assert not out.exists()
    done = cli("aspects", str(path), "--exclude-aspects", "nosuch")
    assert done.status == 2 and done.stdout == ""
    assert done.stderr.splitlines()[1].startswith("propslower: note: known aspects: accelerator,")
    assert cli("aspects", str(path), "-Wbogus").status == 2


def test_fixed_targets_option(cli: Callable[..., Any], tmp_path: Path) -> None:
    source = tmp_path / "in.ll"
    source.write_text(CHAIN.replace("intel_", "sycl_").replace("allowed", "declared"))
    done = cli("aspects", "--profile", "dpcpp", str(source), "--fixed-targets", "gpu,cpu,gpu")
    assert done.status == 0
    wrong = cli("aspects", "--profile", "dpcpp", str(source), "--fixed-targets", "gpx")
    assert wrong.status == 2
    assert "--fixed-targets: unknown aspect 'gpx'" in wrong.stderr
