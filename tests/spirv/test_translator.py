"""Integration: design-profile entries from the table go through llvm-spirv-15 as expected."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from propslower.cli import main
from propslower.spirv.encoders import EncodeContext, encode
from propslower.spirv.model import Entry, RuleTarget
from propslower.spirv.table import builtin_table
from tests.conftest import require_tool

pytestmark = pytest.mark.integration

TABLE = builtin_table()
HEADER = 'target triple = "spir64-unknown-unknown"\n'


def _entries(prop: str, target: RuleTarget, value: str, entity: str) -> tuple[Entry, ...]:
    [rule] = [r for r in TABLE.rules_for("design", prop) if r.target is target]
    return encode(rule, value, EncodeContext(entity))


def _node(entry: Entry, prefix: str = "") -> str:
    items = [f'!"{op}"' if isinstance(op, str) else f"i32 {op}" for op in entry]
    return "!{" + prefix + ", ".join(items) + "}"


def _module() -> str:
    globals_ = _entries("sycl-host-access", RuleTarget.GLOBAL_DECORATION, "read", "dm1")
    params = [
        *_entries("sycl-buffer-location", RuleTarget.PARAMETER_DECORATION, "3", "%a"),
        *_entries("sycl-alignment", RuleTarget.PARAMETER_DECORATION, "8", "%a"),
    ]
    modes = [
        *_entries("sycl-work-group-size", RuleTarget.EXECUTION_MODE, "8,4,2", "@K"),
        *_entries("sycl-sub-group-size", RuleTarget.EXECUTION_MODE, "16", "@K"),
        *_entries("sycl-floating-point-control", RuleTarget.EXECUTION_MODE, "1", "@K"),
    ]
    lines = [
        HEADER,
        "@dm1 = addrspace(1) global i32 0, !spirv.Decorations !0",
        "define spir_kernel void @K(ptr addrspace(1) %a) !spirv.ParameterDecorations !1 {",
        "  ret void",
        "}",
        "!spirv.ExecutionMode = !{" + ", ".join(f"!{3 + i}" for i in range(len(modes))) + "}",
        "!0 = !{" + ", ".join(_node(e) for e in globals_) + "}",
        "!1 = !{!2}",
        "!2 = !{" + ", ".join(_node(e) for e in params) + "}",
        *(f"!{3 + i} = {_node(e, 'ptr @K, ')}" for i, e in enumerate(modes)),
    ]
    return "\n".join(lines) + "\n"


def test_design_entries_translate(tmp_path: Path) -> None:
    llvm_as = require_tool("llvm-as-15")
    llvm_spirv = require_tool("llvm-spirv-15")
    source = tmp_path / "in.ll"
    source.write_text(_module())
    bitcode = tmp_path / "in.bc"
    subprocess.run([llvm_as, str(source), "-o", str(bitcode)], check=True)
    result = subprocess.run(
        [llvm_spirv, "--spirv-ext=+all", "--spirv-text", str(bitcode), "-o", "-"],
        check=True,
        capture_output=True,
        text=True,
    )
    text = result.stdout
    assert 'HostAccessINTEL 0 "dm1"' in text
    assert "BufferLocationINTEL 3" in text
    assert "Alignment 8" in text
    for mode in ("17 2 4 8", "35 16", "4462 64", "4462 32", "4462 16"):
        assert any(
            line.split()[1:2] == ["ExecutionMode"] and line.endswith(f" {mode}")
            for line in (raw.rstrip() for raw in text.splitlines())
        ), mode


def test_a_second_run_with_a_new_buffer_location_leaves_one_decoration(tmp_path: Path) -> None:
    """The kernel parameter had BufferLocationINTEL 7 from an earlier run and now asks for 2:
    the translator sees one BufferLocationINTEL, 2 (and one SubgroupSize, 16)."""
    llvm_as = require_tool("llvm-as-15")
    llvm_spirv = require_tool("llvm-spirv-15")
    lowered = tmp_path / "out.ll"
    inputs = Path(__file__).resolve().parent / "inputs"
    status = main(["spirv", str(inputs / "redecorated.ll"), "-o", str(lowered)])
    assert status == 0
    bitcode = tmp_path / "out.bc"
    subprocess.run([llvm_as, str(lowered), "-o", str(bitcode)], check=True)
    result = subprocess.run(
        [llvm_spirv, "--spirv-ext=+all", "--spirv-text", str(bitcode), "-o", "-"],
        check=True,
        capture_output=True,
        text=True,
    )
    lines = [line.split() for line in result.stdout.splitlines()]
    names = {line[2]: line[3] for line in lines if line[1:2] == ["Name"] and len(line) > 3}
    buffer_locations = [line for line in lines if "BufferLocationINTEL" in line]
    parameter = [line for line in buffer_locations if names.get(line[2]) == '"a"']
    assert [line[-1] for line in parameter] == ["2"]
    assert [line[-1] for line in buffer_locations if line not in parameter] == ["4"]  # @g
    sub_group = [line for line in lines if line[1:2] == ["ExecutionMode"] and line[3] == "35"]
    assert [line[4:] for line in sub_group] == [["16"]]
