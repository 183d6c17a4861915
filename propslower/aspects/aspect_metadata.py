"""Reading and writing aspect metadata: lists, ``!sycl_aspects`` and types that use aspects.

Aspect lists (``!intel_used_aspects``, ``!sycl_declared_aspects`` …) are read in both forms
DPC++ produces — bare ``i32`` values and ``!{!"name", i32 value}`` pairs — and written as
bare values, ascending.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from propslower.aspects.table import Aspect, AspectTable
from propslower.ir.metadata import MetadataNode
from propslower.ir.module import Module
from propslower.ir.strings import unescape

ASPECT_NAMES_METADATA = "sycl_aspects"
"""Named metadata: ``!{!"name", i32 value}`` for every enumerator of ``sycl::aspect``."""
TYPES_METADATA = ("sycl_types_that_use_aspects", "intel_types_that_use_aspects")
"""Named metadata: ``!{!"struct name", i32 a, …}`` per struct type that uses aspects."""

_I32 = re.compile(r"^i32\s+(-?\d+)$")
_ANY_I32 = re.compile(r"\bi32\s+(-?\d+)")
_STRING = re.compile(r'^!"((?:[^"\\]|\\.)*)"$')


def _int_of(operand: str) -> int | None:
    match = _I32.match(operand.strip())
    return None if match is None else int(match.group(1))


def _string_of(operand: str) -> str | None:
    match = _STRING.match(operand.strip())
    return None if match is None else unescape(match.group(1))


def node_operands(module: Module, ref: str) -> list[str] | None:
    """The operands of the tuple node ``ref`` (``!7``), or None when it is not one."""
    node = module.metadata_node(ref)
    if node is None or not node.is_tuple:
        return None
    return node.operands


def aspect_values(module: Module, ref: str) -> list[int] | None:
    """The values of an aspect list node in either form, in written order; None if unreadable.

    An operand ``!N`` is a name/value pair ``!{!"fp16", i32 5}`` (its value is taken).
    """
    operands = node_operands(module, ref)
    if operands is None:
        return None
    values: list[int] = []
    for operand in operands:
        value = _int_of(operand)
        if value is None and operand.strip().startswith("!") and operand.strip()[1:].isdigit():
            pair = node_operands(module, operand.strip()) or []
            value = next((v for v in map(_int_of, pair) if v is not None), None)
        if value is None:
            match = _ANY_I32.search(operand)
            value = None if match is None else int(match.group(1))
        if value is not None:
            values.append(_as_i32(value))
    return values


def _as_i32(value: int) -> int:
    """``value`` as an ``i32``: one that does not fit is wrapped as LLVM reads it (LLVM reads
    ``i32 99999999999999999999999999`` as -469762049)."""
    return value if -(2**31) <= value < 2**32 else (value + 2**31) % 2**32 - 2**31


def list_operands(values: Iterable[int]) -> list[str]:
    """Operands of an aspect list written by propslower: ``i32 v``, ascending, no repeats."""
    return [f"i32 {value}" for value in sorted(set(values))]


def aspect_names(module: Module) -> list[Aspect]:
    """The ``!sycl_aspects`` name/value pairs of the module (empty when absent)."""
    found: list[Aspect] = []
    for ref in module.metadata.named(ASPECT_NAMES_METADATA):
        operands = node_operands(module, ref.strip()) or []
        if len(operands) < 2:
            continue
        name, value = _string_of(operands[0]), _int_of(operands[1])
        if name is not None and value is not None:
            found.append(Aspect(name, value))
    return found


def module_table(module: Module, base: AspectTable) -> AspectTable:
    """``base`` (the built-in table or ``--aspects-def``) overridden by ``!sycl_aspects``.

    The module's pairs win; entries of ``base`` whose name or value the module also uses are
    dropped, the others kept so every value still has a name.
    """
    own = aspect_names(module)
    if not own:
        return base
    by_name = {aspect.name: aspect for aspect in own}
    by_value = {aspect.value: aspect for aspect in by_name.values()}
    merged = list(by_value.values())
    names = {aspect.name for aspect in merged}
    kept = [a for a in base if a.name not in names and a.value not in by_value]
    aliases = [a for a in base.aliases if a.name not in names and a.target in names]
    return AspectTable(merged + kept, aliases)


@dataclass(frozen=True)
class TypeAspects:
    """One ``!sycl_types_that_use_aspects`` entry: a struct name (no ``%``) and its aspects."""

    type_name: str
    aspects: tuple[int, ...]


def types_that_use_aspects(module: Module) -> list[TypeAspects]:
    """The entries of ``!sycl_types_that_use_aspects`` (or its ``intel_`` predecessor)."""
    found: list[TypeAspects] = []
    for kind in TYPES_METADATA:
        for ref in module.metadata.named(kind):
            operands = node_operands(module, ref.strip()) or []
            name = _string_of(operands[0]) if operands else None
            values = [v for v in map(_int_of, operands[1:]) if v is not None]
            if name is not None and values:
                found.append(TypeAspects(name, tuple(values)))
    return found


class ListWriter:
    """Makes ascending aspect-list nodes, one per distinct content (an identical node of the
    module is reused, as LLVM uniques metadata)."""

    def __init__(self, module: Module) -> None:
        self._module = module
        self._nodes: dict[tuple[int, ...], MetadataNode] = {}

    def node_for(self, values: Iterable[int]) -> MetadataNode:
        """The node ``!{i32 a, i32 b, …}`` (ascending) for ``values``."""
        key = tuple(sorted(set(values)))
        node = self._nodes.get(key)
        if node is None:
            ref = self._module.metadata.unique_node(list_operands(key))
            found = self._module.metadata_node(ref)
            assert found is not None
            node = self._nodes[key] = found
        return node
