"""Fresh clang output (each installed version) reads, round-trips, edits and verifies."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from propslower.ir.module import Module
from tests.conftest import require_tool
from tests.ir.helpers import INPUTS, KERNEL, assert_verifies

FLAGS = ["-target", "spir64-unknown-unknown", "-S", "-emit-llvm", "-O0", "-x", "c++", "-std=c++17"]
CASES = [
    ("clang-15", [], "annotated.cpp"),
    ("clang-15", ["-Xclang", "-fsycl-is-device"], "annotated.cpp"),
    ("clang-16", [], "annotated.cpp"),
    ("clang-16", ["-Xclang", "-fsycl-is-device"], "plain.cpp"),
    ("clang-19", ["-Xclang", "-fsycl-is-device"], "annotated.cpp"),
]


@pytest.mark.integration
@pytest.mark.parametrize(("clang", "extra", "source"), CASES)
def test_fresh_clang_output(clang: str, extra: list[str], source: str, tmp_path: Path) -> None:
    tool = require_tool(clang)
    output = tmp_path / "out.ll"
    subprocess.run(
        [tool, *FLAGS, *extra, str(INPUTS / source), "-o", str(output)],
        check=True,
        capture_output=True,
    )
    text = output.read_text(encoding="utf-8")
    module = Module(text, output.name)
    assert module.render() == text
    kernel = module.function(KERNEL)
    assert kernel is not None
    module.attributes.add_to_function(kernel, {"sycl-work-group-size": "8,4,2"})
    module.attributes.add_to_parameter(kernel, 0, {"sycl-alignment": "8"})
    counter = module.global_variable("counter")
    assert counter is not None
    module.attributes.add_to_global(counter, {"sycl-host-access": "read"})
    node = module.metadata.add_node(["i32 44", "i32 8"])
    module.metadata.extend_attachment(counter, "!spirv.Decorations", [f"!{node.node_id}"])
    assert_verifies(module)


@pytest.mark.integration
def test_edited_typed_module_assembles_with_llvm_as_15(tmp_path: Path) -> None:
    tool = require_tool("llvm-as-15")
    module = Module((INPUTS / "clang15-sycl-annotated.ll").read_text(encoding="utf-8"), "in.ll")
    kernel = module.function(KERNEL)
    assert kernel is not None
    module.attributes.add_to_parameter(kernel, 0, {"sycl-alignment": "8"}, ["noalias"])
    module.metadata.attach(kernel, "!spirv.ParameterDecorations", module.metadata.add_node([]))
    path = tmp_path / "edited.ll"
    path.write_text(module.render(), encoding="utf-8")
    subprocess.run([tool, str(path), "-o", str(tmp_path / "edited.bc")], check=True)
