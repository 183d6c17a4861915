"""IR text for SPIR-V metadata: operands, function references, module target facts."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from propslower.ir.functions import FunctionItem
from propslower.ir.metadata import metadata_string
from propslower.ir.strings import name_of, name_token
from propslower.spirv.model import Entry, Operand

_TRIPLE = re.compile(r'^target triple\s*=\s*"([^"]*)"', re.MULTILINE)
_LAYOUT = re.compile(r'^target datalayout\s*=\s*"([^"]*)"', re.MULTILINE)
_POINTER_SPEC = re.compile(r"(?:^|-)p0?:(\d+)")
_SPACES = re.compile(r"\s+")
_GLOBAL_AT_END = re.compile(r'@(?:"(?:[^"\\]|\\.)*"|[-\w$.]+)$')
_OPAQUE = re.compile(r"[\s(,]ptr[\s,)]")
_TYPED = re.compile(r"[\w)\]}>]\*[\s,)]")


@dataclass(frozen=True)
class ModuleTarget:
    """What the module's header says: the triple and the pointer width in bits."""

    triple: str
    pointer_bits: int
    opaque: bool = True
    """Opaque ``ptr`` (True) or typed ``i8*`` pointers: whichever appears first in the text."""

    @staticmethod
    def of(source: str) -> ModuleTarget:
        """Read ``target triple`` and the data layout's ``p[0]:N`` (default 64) from the text."""
        triple = _TRIPLE.search(source)
        layout = _LAYOUT.search(source)
        width = None if layout is None else _POINTER_SPEC.search(layout.group(1))
        opaque = _OPAQUE.search(source)
        typed = _TYPED.search(source, 0, opaque.start() if opaque else len(source))
        return ModuleTarget(
            triple.group(1) if triple else "",
            int(width.group(1)) if width else 64,
            opaque=typed is None,
        )

    @property
    def pointer_int(self) -> str:
        """The integer type of the data layout's pointer width (``i64`` on spir64)."""
        return f"i{self.pointer_bits}"


def operand_text(operand: Operand, int_type: str = "i32") -> str:
    """``i32 8`` for an integer, ``!"text"`` for a string."""
    if isinstance(operand, int):
        return f"{int_type} {operand}"
    return metadata_string(operand)


def entry_operands(entry: Entry, int_type: str = "i32") -> list[str]:
    """The metadata operand texts of one encoded entry."""
    return [operand_text(operand, int_type) for operand in entry]


def printed_name(token: str) -> str:
    """``@name`` as LLVM prints it: quoted only when it must be (``@"Kernel0"`` → ``@Kernel0``)."""
    return name_token(token[:1], name_of(token))


def function_reference(function: FunctionItem, opaque: bool) -> str:
    """``ptr @K``, or the typed function pointer ``void (i32 addrspace(1)*)* @K``; the name
    spelled as LLVM prints it."""
    header = function.parsed_header
    name = printed_name(header.name)
    if opaque:
        space = f" addrspace({header.address_space})" if header.address_space else ""
        return f"ptr{space} {name}"
    params = ", ".join(parameter.type_text for parameter in header.parameters)
    space = f" addrspace({header.address_space})" if header.address_space else ""
    return f"{header.return_type} ({params}){space}* {name}"


def operand_key(operands: Sequence[str]) -> str:
    """A comparison key for a metadata tuple: whitespace collapsed, a leading value's type
    dropped (so ``ptr @K`` and ``void ()* @K`` compare equal)."""
    parts = [_SPACES.sub(" ", operand.strip()) for operand in operands]
    if parts and "@" in parts[0]:
        found = _GLOBAL_AT_END.search(parts[0])
        parts[0] = printed_name(found.group()) if found else parts[0][parts[0].rfind("@") :]
    return ", ".join(parts)


def tail_key(operands: Sequence[str]) -> str:
    """``operand_key`` of operands after the first: ``operand_key([first, *operands])`` is
    ``operand_key([first])``, ``", "`` and this (for operands that are not empty)."""
    return ", ".join([_SPACES.sub(" ", operand.strip()) for operand in operands])
