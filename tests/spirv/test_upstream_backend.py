"""Integration: which of our metadata forms LLVM 22's own SPIR-V backend (``llc-22``) reads.

Facts measured with Debian's LLVM 22.1 and kept here so that a newer ``llc`` that changes
them fails this test and the documentation (docs/spirv.md) gets updated.
"""

from __future__ import annotations

import re
import struct
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliRun, require_tool

pytestmark = pytest.mark.integration

Cli = Callable[..., CliRun]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]
OP_EXTENSION, OP_EXECUTION_MODE, OP_DECORATE = 10, 16, 71
SUBGROUP_SIZE, ALIGNMENT, BUFFER_LOCATION, HOST_ACCESS = 35, 44, 5921, 6147


def _instructions(binary: bytes) -> list[tuple[int, tuple[int, ...]]]:
    """(opcode, operand words) of each instruction of a SPIR-V module."""
    words = struct.unpack(f"<{len(binary) // 4}I", binary)
    assert words[0] == 0x07230203
    found: list[tuple[int, tuple[int, ...]]] = []
    at = 5
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        found.append((opcode, words[at + 1 : at + count]))
        at += count
    return found


def _string(words: tuple[int, ...]) -> str:
    return struct.pack(f"<{len(words)}I", *words).split(b"\0", 1)[0].decode()


def test_llc_22_reads_every_form_but_declares_no_intel_extension(cli: Cli, tmp_path: Path) -> None:
    lowered = tmp_path / "combined.ll"
    run = cli(
        "cc", "--spirv", "--", require_tool("clang-22"), *DEVICE, f"-I{EXAMPLES}", "-S",
        "-emit-llvm", str(EXAMPLES / "combined.cpp"), "-o", str(lowered),
    )  # fmt: skip
    assert run.status == 0, run.stderr
    text = re.sub(
        r'^target triple = ".*"$',
        'target triple = "spirv64-unknown-unknown"',
        lowered.read_text(),
        flags=re.MULTILINE,
    )
    retargeted = tmp_path / "spirv64.ll"
    retargeted.write_text(text)
    binary = tmp_path / "combined.spv"
    llc = [require_tool("llc-22"), "-O0", "--spirv-ext=all", "-filetype=obj"]
    subprocess.run([*llc, str(retargeted), "-o", str(binary)], check=True)
    instructions = _instructions(binary.read_bytes())
    modes = [ops[1:] for op, ops in instructions if op == OP_EXECUTION_MODE]
    decorations = [ops[1:] for op, ops in instructions if op == OP_DECORATE]
    extensions = [_string(ops) for op, ops in instructions if op == OP_EXTENSION]
    assert (SUBGROUP_SIZE, 16) in modes  # !spirv.ExecutionMode
    assert (BUFFER_LOCATION, 2) in decorations  # !spirv.ParameterDecorations
    [host] = [d for d in decorations if d[0] == HOST_ACCESS]  # !spirv.Decorations
    assert (host[1], _string(host[2:])) == (2, "counter")
    assert (ALIGNMENT, 16) in decorations  # the {44:16} pointer annotation
    assert not [e for e in extensions if "buffer_location" in e or "host_access" in e]
