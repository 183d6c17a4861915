"""``cc`` and ``extract`` on a source or compiler that is not what they need: one diagnostic."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliRun, require_tool

Cli = Callable[..., CliRun]
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-S", "-emit-llvm"]


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "x.cpp"
    path.write_text("int f() { return 1; }\n")
    return path


@pytest.mark.parametrize(
    ("compiler", "message"),
    [
        ("/nonexistent/clang", "cannot run '/nonexistent/clang': No such file or directory"),
        ("/bin/true", "'/bin/true' exited 0 but wrote no LLVM IR for '-o'"),
    ],
)
def test_a_compiler_that_is_not_clang(
    cli: Cli, tmp_path: Path, source: Path, compiler: str, message: str
) -> None:
    out = tmp_path / "out.ll"
    run = cli("cc", "--", compiler, *DEVICE, str(source), "-o", str(out))
    assert (run.status, run.stdout) == (1, "")
    assert message in run.stderr
    assert "Traceback" not in run.stderr
    assert not out.exists()


@pytest.mark.integration
@pytest.mark.parametrize("name", ["missing.cpp", ""])
def test_a_missing_or_directory_source(cli: Cli, tmp_path: Path, name: str) -> None:
    clang = require_tool("clang-19")
    path = tmp_path / name if name else tmp_path
    run = cli("cc", "--", clang, *DEVICE, str(path), "-o", str(tmp_path / "out.ll"))
    assert run.status == 1
    assert "Traceback" not in run.stderr
    assert not (tmp_path / "out.ll").exists()
    extract = cli("extract", str(path))
    reason = "Is a directory" if not name else "No such file or directory"
    assert (extract.status, extract.stderr) == (
        1,
        f"propslower: error: cannot read '{path}': {reason}\n",
    )


@pytest.mark.integration
def test_output_dash_is_standard_output(tmp_path: Path, source: Path) -> None:
    clang = require_tool("clang-19")
    command = [sys.executable, "-m", "propslower", "cc", "--", clang, *DEVICE, str(source)]
    finished = subprocess.run(
        [*command, "-o", "-"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert finished.returncode == 0, finished.stderr
    assert "define" in finished.stdout and "@_Z1fv" in finished.stdout
    assert not (tmp_path / "-").exists()
