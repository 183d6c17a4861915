"""Loads, stores and memcpys through an annotated pointer: alignment and access decorations."""

from __future__ import annotations

import re

from propslower.ir.body import Instruction
from propslower.ir.functions import FunctionItem
from propslower.ir.lex import split_commas

_CAST = re.compile(r"(?:bitcast|addrspacecast)\s+(.*?)\s+to\s")
_TRANSFER = ("@llvm.memcpy", "@llvm.memmove")
_ALIGN = re.compile(r"\balign\s+\d+")


def _last_token(text: str) -> str:
    words = text.split()
    return words[-1] if words else ""


def _pieces(instruction: Instruction) -> list[tuple[int, int]]:
    text = instruction.text
    start = text.index(instruction.opcode) + len(instruction.opcode)
    return split_commas(text, start, len(text.rstrip()))


def accesses(
    function: FunctionItem, anchor: Instruction, value: str
) -> list[tuple[Instruction, int]]:
    """(instruction, operand index) of each load, store or memory transfer using ``value``.

    Casts (``bitcast``, ``addrspacecast``) of the value are looked through. The index is
    the pointer operand (loads 0, stores 1, transfers 0 = destination, 1 = source).
    """
    names = {value}
    found: list[tuple[Instruction, int]] = []
    seen = False
    for instruction in function.instructions():
        if instruction is anchor:
            seen = True
            continue
        if not seen or not any(name in instruction.text for name in names):
            continue
        opcode = instruction.opcode
        if opcode in ("bitcast", "addrspacecast"):
            match = _CAST.search(instruction.text)
            result = instruction.result
            if match and result and _last_token(match.group(1)) in names:
                names.add(result)
        elif opcode in ("load", "store"):
            pieces = _pieces(instruction)
            if len(pieces) > 1:
                a, b = pieces[1]
                if _last_token(instruction.text[a:b]) in names:
                    found.append((instruction, 0 if opcode == "load" else 1))
        elif opcode == "call":
            call = instruction.call()
            if call is not None and call.callee.startswith(_TRANSFER):
                for index, operand in enumerate(call.arguments[:2]):
                    if _last_token(operand.text) in names:
                        found.append((instruction, index))
    return found


def set_alignment(instruction: Instruction, index: int, alignment: int) -> None:
    """Give the access ``align N``: the load/store itself, or the transfer's operand."""
    instruction.set_access_alignment(index, alignment)
