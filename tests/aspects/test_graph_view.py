"""``aspects --graph-kernel`` / ``--graph-warnings`` / the size limit for Graphviz."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import CliRun

Cli = Callable[..., CliRun]

# k1 -> f -> g (fp16, f allows only fp64): the warning's chain; k1 -> h and k2 -> h: clean
MODULE = """\
define spir_kernel void @k1() {
  call spir_func void @f()
  call spir_func void @h()
  ret void
}

define spir_kernel void @k2() {
  call spir_func void @h()
  ret void
}

define spir_func void @f() !intel_allowed_aspects !0 {
  call spir_func void @g()
  call spir_func void @h()
  ret void
}

define spir_func void @g() !intel_used_aspects !1 {
  ret void
}

define spir_func void @h() {
  ret void
}

!0 = !{i32 6}
!1 = !{i32 5}
"""


def _nodes(dot: str) -> list[str]:
    return [
        line.split('label="')[1].split("\\n")[0]
        for line in dot.splitlines()
        if 'label="' in line and "->" not in line
    ]


def _graph(cli: Cli, tmp_path: Path, *options: str) -> list[str]:
    module = tmp_path / "m.ll"
    module.write_text(MODULE)
    dot = tmp_path / "g.dot"
    run = cli("aspects", str(module), "-o", str(tmp_path / "out.ll"), "--graph", str(dot), *options)
    assert run.status == 0, run.stderr
    return _nodes(dot.read_text())


def test_whole_graph_and_one_kernel(cli: Cli, tmp_path: Path) -> None:
    assert sorted(_graph(cli, tmp_path)) == ["f", "g", "h", "k1", "k2"]
    assert sorted(_graph(cli, tmp_path, "--graph-kernel", "k2")) == ["h", "k2"]


def test_only_the_chains_behind_a_warning(cli: Cli, tmp_path: Path) -> None:
    assert sorted(_graph(cli, tmp_path, "--graph-warnings")) == ["f", "g", "k1"]


def test_an_unknown_kernel_is_a_usage_error(cli: Cli, tmp_path: Path) -> None:
    module = tmp_path / "m.ll"
    module.write_text(MODULE)
    out = tmp_path / "out.ll"
    run = cli(
        "aspects",
        str(module),
        "-o",
        str(out),
        "--graph",
        str(tmp_path / "g.dot"),
        "--graph-kernel",
        "k3",
    )
    assert run.status == 2
    assert "no function 'k3' in the module" in run.stderr
    assert "known entry points: k1, k2" in run.stderr
    assert not out.exists() and not (tmp_path / "g.dot").exists()


def test_too_large_for_graphviz(cli: Cli, tmp_path: Path) -> None:
    calls = "".join(f"  call spir_func void @f{i}()\n" for i in range(1600))
    functions = "".join(
        f"define spir_func void @f{i}() {{\n  ret void\n}}\n\n" for i in range(1600)
    )
    module = tmp_path / "big.ll"
    module.write_text(f"define spir_kernel void @k() {{\n{calls}  ret void\n}}\n\n{functions}")
    run = cli(
        "aspects", str(module), "-o", str(tmp_path / "o.ll"), "--graph", str(tmp_path / "g.svg")
    )
    assert run.status == 1
    assert "the graph has 1601 functions" in run.stderr
    assert not (tmp_path / "g.svg").exists() and not (tmp_path / "o.ll").exists()
