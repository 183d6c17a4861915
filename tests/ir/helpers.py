"""Shared helpers for the IR-layer tests: the committed clang inputs and verification."""

from __future__ import annotations

from pathlib import Path

import llvmlite.binding as llvm

from propslower.diagnostics import render_all
from propslower.ir.module import Module
from propslower.ir.verify import verify_text

INPUTS = Path(__file__).resolve().parent.parent / "inputs"
ALL_INPUTS = sorted(p.name for p in INPUTS.glob("*.ll"))
INVALID_INPUTS = {"clang19-annotated.ll"}
"""Real clang output that llvmlite rejects (see tests/inputs/README.md)."""
VALID_INPUTS = [name for name in ALL_INPUTS if name not in INVALID_INPUTS]
OPAQUE_INPUTS = [name for name in VALID_INPUTS if not name.startswith("clang15")]
TYPED_INPUTS = [name for name in VALID_INPUTS if name.startswith("clang15")]
KERNEL = "_Z11kernel_likePiP4Pairi"


def read_input(name: str) -> str:
    return (INPUTS / name).read_text(encoding="utf-8")


def load(name: str) -> Module:
    return Module(read_input(name), name)


def assert_verifies(module: Module) -> llvm.ModuleRef:
    """Render, check with llvmlite, and return the parsed module for further checks."""
    text = module.render()
    diagnostics = verify_text(text, module.name)
    assert not diagnostics, render_all(diagnostics, {module.name: text})
    return llvm.parse_assembly(text)


def reparse(module: Module) -> Module:
    """Our own reading of the rendered module (edits must leave it readable)."""
    return Module(module.render(), module.name)
