"""Kernels of one header shape: the first is lowered, the others replay what it became.

What lowering a kernel does to its header, and the execution modes it adds, depend on the
header's text around the name (attribute groups, parameters, attachments) and on the run's
lists, not on the name, once the first kernel of that text has made the shared nodes: the
others get its new header with their own name, and its execution modes with their own
reference. A kernel whose lowering reported anything, or whose name is quoted (a quoted name
may hold what the edits look for), is lowered on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from propslower.ir.functions import FunctionItem
from propslower.ir.headers import split_at_name
from propslower.spirv.irtext import operand_key, printed_name, tail_key
from propslower.spirv.lists import MetadataLists
from propslower.spirv.modes import NewMode

Split = tuple[str, str, str]
"""A header line around its name: (before, name, after)."""


@dataclass(frozen=True, slots=True)
class ExecutionMode:
    """An execution mode of a kernel: its operands after the function, and their keys."""

    operands: tuple[str, ...]
    key_operands: int | None
    joined: str
    """The operands, comma-separated (the mode's key after the function's)."""
    key_tail: str | None
    """``tail_key`` of the operands a mode this one replaces shares with it: the first
    ``key_operands + 1`` (None: it replaces none)."""

    @staticmethod
    def of(operands: tuple[str, ...], key_operands: int | None) -> ExecutionMode:
        shared = None if key_operands is None else operands[: key_operands + 1]
        tail = tail_key(shared) if shared else None
        return ExecutionMode(operands, key_operands, ", ".join(operands), tail)

    def new(self, function: str | None, reference: str, reference_key: str) -> NewMode:
        """The mode of the kernel ``function`` (its key; ``reference_key``: the
        ``operand_key`` of its ``reference``) for ``ExecutionModes``."""
        prefix = None if self.key_tail is None else f"{reference_key}, {self.key_tail}"
        return (reference, *self.operands), f"{function}, {self.joined}", self.key_operands, prefix

    def add(
        self, lists: MetadataLists, function: FunctionItem, reference: str, reference_key: str
    ) -> bool:
        """``lists.add_execution_mode`` for the kernel; False if it was there."""
        operands, key, count, prefix = self.new(function.key, reference, reference_key)
        return lists.add_execution_mode(operands, key, count, prefix)


def _new_modes(
    modes: tuple[ExecutionMode, ...], function: str, reference: str, reference_key: str
) -> list[NewMode]:
    return [mode.new(function, reference, reference_key) for mode in modes]


def _apart(modes: tuple[ExecutionMode, ...]) -> bool:
    """Whether the modes cannot meet each other: no two have the same mode (first operand)."""
    ids = [tail_key(mode.operands[:1]) for mode in modes]
    return len(set(ids)) == len(ids)


@dataclass(frozen=True, slots=True)
class _Lowered:
    """What the first kernel of a header text became."""

    before: str
    after: str
    """Its new header around the name."""
    reference: str
    """Its reference in execution modes, less the printed name."""
    modes: tuple[ExecutionMode, ...]
    apart: bool
    """``_apart(modes)``."""


class KernelReplays:
    """The lowered kernels of a run by header text, for the others of the same text."""

    def __init__(self, lists: MetadataLists) -> None:
        self._lists = lists
        self._lowered: dict[tuple[str, str], _Lowered] = {}

    @staticmethod
    def split(line: str) -> Split | None:
        """The header line around its name, when the name is unquoted."""
        split = split_at_name(line)
        return None if split is None or '"' in split[1] else split

    def replay(self, function: FunctionItem, split: Split) -> bool:
        """Give ``function`` what the first kernel of its header text became; False if none
        was recorded."""
        lowered = self._lowered.get((split[0], split[2]))
        if lowered is None:
            return False
        function.set_header_parts(lowered.before, split[1], lowered.after)
        if lowered.modes:
            printed = printed_name(function.key or "@")
            reference = lowered.reference + printed
            reference_key = reference_key_of(lowered.reference, printed)
            key = f"{function.key}"
            modes = lowered.modes
            if lowered.apart and self._lists.modes.add_unindexed(
                (key, reference_key),
                [(reference, *mode.operands) for mode in modes],
                partial(_new_modes, modes, key, reference, reference_key),
            ):
                return True
            for mode in modes:
                mode.add(self._lists, function, reference, reference_key)
        return True

    def record(
        self, function: FunctionItem, split: Split, modes: list[tuple[str, ExecutionMode]]
    ) -> None:
        """Keep what ``function`` (header line ``split`` before) became: its header and the
        modes it got, each with the reference it was given; unless the name does not
        stand apart in the new header or in the references."""
        new = split_at_name(function.header_text)
        if new is None or new[1] != split[1]:
            return
        printed = printed_name(function.key or "@")
        references = {reference for reference, _ in modes}
        if len(references) > 1 or any(not r.endswith(printed) for r in references):
            return
        reference = references.pop()[: -len(printed)] if references else ""
        found = tuple(mode for _, mode in modes)
        self._lowered[split[0], split[2]] = _Lowered(
            new[0], new[2], reference, found, _apart(found)
        )


def reference_key_of(head: str, printed: str) -> str:
    """``operand_key`` of the reference ``head + printed`` (``printed``: a name as
    ``printed_name`` prints it): the name itself when it is unquoted and ``head`` (a type)
    holds no other name."""
    if "@" in head or '"' in printed:
        return operand_key((head + printed,))
    return printed
