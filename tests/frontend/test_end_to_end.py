"""examples/dpcpp/end_to_end.cpp against the real headers, through clang-19, ``cc --spirv
--profile dpcpp``, ``split``, LLVM 15 and the SPIR-V translator (the route ``make demo`` takes:
clang 15 cannot compile the 2026.2 headers, docs/dpcpp-headers.md)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliRun, require_tool

Cli = Callable[..., CliRun]
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]
DPCPP = Path(__file__).resolve().parents[2] / "examples" / "dpcpp"


def _run(command: list[str]) -> None:
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    assert finished.returncode == 0, finished.stderr[-3000:]


@pytest.mark.integration
def test_the_translator_gets_the_decorations(cli: Cli, dpcpp_include: Path, tmp_path: Path) -> None:
    clang, llvm_as = require_tool("clang-19"), require_tool("llvm-as-15")
    translator = require_tool("llvm-spirv-15")
    module = tmp_path / "e2e.ll"
    run = cli(
        "cc", "--spirv", "--profile", "dpcpp", "--", clang, *DEVICE, "-isystem",
        str(dpcpp_include), "-S", "-emit-llvm", str(DPCPP / "end_to_end.cpp"), "-o", str(module),
    )  # fmt: skip
    assert run.status == 0, run.stderr
    run = cli("split", "--profile", "dpcpp", "--mode", "per_kernel", "-d", str(tmp_path / "img"),
              str(module))  # fmt: skip
    assert run.status == 0, run.stderr
    image = (tmp_path / "img" / "e2e_0.ll").read_text()
    downgraded = subprocess.run(
        ["sed", "-E", "-f", str(DPCPP / "llvm15.sed")], input=image, capture_output=True,
        text=True, check=True,
    ).stdout  # fmt: skip
    (tmp_path / "e2e15.ll").write_text(downgraded)
    _run([llvm_as, str(tmp_path / "e2e15.ll"), "-o", str(tmp_path / "e2e.bc")])
    spt = tmp_path / "e2e.spt"
    _run([translator, "--spirv-ext=+all", str(tmp_path / "e2e.bc"), "--spirv-text", "-o", str(spt)])
    text = spt.read_text()
    entry = re.search(r'EntryPoint 6 (\d+) "_ZTS8EndToEnd"', text)
    assert entry is not None
    kernel = entry.group(1)
    assert f"ExecutionMode {kernel} 17 2 4 8 \n" in text  # LocalSize, SPIR-V order
    assert f"ExecutionMode {kernel} 35 16 \n" in text  # SubgroupSize
    assert re.search(r'Decorate \d+ HostAccessINTEL 0 "_Z7counter"', text)
    assert re.search(r"Store \d+ \d+ 2 16 \n", text)  # Aligned 16 through the annotated_ptr
