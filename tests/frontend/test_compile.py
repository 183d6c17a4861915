"""The examples compile with real clang and the prelude; the reader's names are in the IR."""

import re
import subprocess
from pathlib import Path

import pytest

from propslower.frontend.prelude import macro_definitions
from propslower.frontend.reader import read
from propslower.properties.model import Site
from tests.conftest import require_tool

from .helpers import EXAMPLES

EXAMPLE_NAMES = ["global_variable", "kernel_parameter", "function", "member", "combined"]
FLAGS = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device"]
FLAGS += ["-S", "-emit-llvm", "-O0", "-std=c++17"]


def compile_ir(clang: str, source: Path, out: Path) -> str:
    command = [clang, *FLAGS, *macro_definitions(), str(source), "-o", str(out)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert " error:" not in result.stderr
    return out.read_text(encoding="utf-8")


def defined(ir: str) -> set[str]:
    names = re.findall(r"^define [^@]*@([\w.$]+)\(", ir, re.MULTILINE)
    names += re.findall(r"^@([\w.$]+) = ", ir, re.MULTILINE)
    return set(names)


@pytest.mark.integration
@pytest.mark.parametrize("version", ["15", "16", "19"])
@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_example_compiles_and_matches_the_reader(tmp_path: Path, version: str, name: str) -> None:
    clang = require_tool(f"clang-{version}")
    ir = compile_ir(clang, EXAMPLES / f"{name}.cpp", tmp_path / f"{name}.ll")
    result = read(EXAMPLES / f"{name}.cpp")
    names = defined(ir)
    for kernel in result.kernels:
        assert kernel.ir_name in names
    for external in result.externals:
        assert external.ir_name in names
    for record in result.records:
        if record.site is Site.MEMBER:
            assert 'c"propslower:member\\00"' in ir
            assert "@llvm.ptr.annotation" in ir
            continue
        assert record.ir_name in names
        if record.site is Site.FUNCTION:
            annotations = next(
                line for line in ir.splitlines() if "@llvm.global.annotations" in line
            )
            assert re.search(rf"@{re.escape(record.ir_name)}[ ,)]", annotations)
            assert 'c"propslower:function\\00"' in ir
