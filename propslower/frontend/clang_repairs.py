"""Repairs of invalid IR that a stock clang writes for valid SYCL device code.

clang 19 (and older) folds ``reinterpret_cast<void *>(&function)`` in SYCL device code, where
``void *`` is a generic-address-space pointer, into a constant ``bitcast`` from the function's
address space to ``addrspace(4)``. LLVM's LangRef forbids a ``bitcast`` between address
spaces (only ``addrspacecast`` may change one), so ``llvm-as`` rejects clang's own output;
clang 22 writes the ``addrspacecast``. The real DPC++ headers do this on every
``queue::single_task`` / ``parallel_for`` shortcut (``GetInstantiateKernelOnHostPtr``), so
``cc`` rewrites exactly that shape, as clang 22 writes it, and says so under ``-v``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_POINTER = r"ptr(?: addrspace\((\d+)\))?"
_OPERAND = r'@(?:"[^"\n]*"|[-\w$.]+)'
_CONSTANT_BITCAST = re.compile(rf"bitcast \(({_POINTER}) ({_OPERAND}) to ({_POINTER})\)")
"""A constant ``bitcast (ptr @f to ptr addrspace(4))``; groups: type, its space, operand,
target type, its space."""


@dataclass(frozen=True)
class Repaired:
    """clang's IR after the repairs, and how many constants were rewritten."""

    text: str
    casts: int = 0


def repair_clang_ir(text: str) -> Repaired:
    """``text`` with each constant ``bitcast`` that changes address space made an
    ``addrspacecast`` (what the LangRef requires and clang 22 writes)."""
    if "bitcast (ptr" not in text:
        return Repaired(text)
    count = 0

    def cast(match: re.Match[str]) -> str:
        nonlocal count
        source, target = match.group(2) or "0", match.group(5) or "0"
        if source == target:
            return match.group()
        count += 1
        return f"addrspacecast ({match.group(1)} {match.group(3)} to {match.group(4)})"

    repaired = _CONSTANT_BITCAST.sub(cast, text)
    return Repaired(repaired, count) if count else Repaired(text)


def repair_note(repaired: Repaired, compiler: str) -> str | None:
    """The ``-v`` note for what was repaired, if anything."""
    if not repaired.casts:
        return None
    plural = "s" if repaired.casts != 1 else ""
    return (
        f"{compiler} wrote {repaired.casts} constant 'bitcast'{plural} between address spaces, "
        "which LLVM rejects; cc wrote each as the 'addrspacecast' clang 22 writes"
    )
