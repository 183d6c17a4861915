"""Appending to ``!spirv.ExecutionMode`` and ``!spirv.*Decorations`` lists, never duplicating."""

from __future__ import annotations

from collections.abc import Sequence

from propslower.ir.metadata_edits import Attachable
from propslower.ir.module import Module
from propslower.spirv.irtext import operand_key
from propslower.spirv.modes import ExecutionModes
from propslower.spirv.nodes import Operands, RunNodes

DECORATIONS = "!spirv.Decorations"
PARAMETER_DECORATIONS = "!spirv.ParameterDecorations"

KeyOperands = int | None
"""Per new entry: how many operands after the id identify it (``Rule.key_operands``); a new
entry replaces the existing entries it matches on those. ``None``: repeatable, merged."""


class MetadataLists:
    """Adds entry nodes to a module's SPIR-V lists; entries already present are skipped."""

    def __init__(self, module: Module) -> None:
        self._metadata = module.metadata
        self.nodes = RunNodes(module)
        self.modes = ExecutionModes(module, self.nodes.node, self.nodes.operands)
        """``!spirv.ExecutionMode``."""

    def node(self, operands: Sequence[str]) -> str:
        """The reference of a node ``!{operands}`` (``RunNodes.node``)."""
        return self.nodes.node(operands)

    def operands(self, ref: str | None) -> Operands | None:
        """The operands of tuple node ``ref`` (``RunNodes.operands``)."""
        return self.nodes.operands(ref)

    def finish(self) -> None:
        """Write the new nodes and the execution modes added so far."""
        self.modes.finish()
        self.nodes.finish()

    def _children(self, ref: str | None) -> list[tuple[Operands, str]]:
        """(operands, reference) of the nodes a list node ``ref`` refers to."""
        out: list[tuple[Operands, str]] = []
        for child_ref in self.operands(ref) or ():
            child = self.operands(child_ref)
            if child is not None:
                out.append((child, child_ref))
        return out

    # -- attachments --------------------------------------------------------------------------

    def attachment(self, target: Attachable, kind: str) -> str | None:
        """The reference attached under ``kind`` (``module.metadata.attached``)."""
        return self._metadata.attached(target, kind)

    def attach(self, target: Attachable, kind: str, ref: str) -> None:
        """Attach ``kind ref`` as the target's last attachment (``module.metadata.append``)."""
        self._metadata.append_attachment(target, kind, ref)

    # -- module !spirv.ExecutionMode ----------------------------------------------------------

    def add_execution_mode(
        self,
        operands: Sequence[str],
        key: str | None = None,
        key_operands: KeyOperands = None,
        prefix: str | None = None,
    ) -> bool:
        """Append ``!{fn, i32 mode, ...}`` to ``!spirv.ExecutionMode``; False if present.

        ``key`` is ``operand_key(operands)`` and ``prefix`` that of the first
        ``2 + key_operands`` operands, when the caller has them cheaper. With ``key_operands``
        an existing entry of the same function and mode that agrees on that many operands is
        replaced (in place) instead of kept beside the new one.
        """
        return self.modes.add(operands, key, key_operands, prefix)

    # -- !spirv.Decorations on globals, functions, instructions -------------------------------

    def extend_decorations(
        self,
        target: Attachable,
        entries: Sequence[Sequence[str]],
        key_operands: Sequence[KeyOperands] | None = None,
    ) -> int:
        """Merge the entries into ``target``'s ``!spirv.Decorations``; the count changed.

        ``key_operands`` (one per entry; default: every entry repeatable) says which existing
        entries a new one replaces.
        """
        existing = self.attachment(target, DECORATIONS)
        if existing is None:  # the common case: nothing to compare with but the entries
            return self.decorate(target, entries)
        merged = _merge(self._children(existing), entries, key_operands)
        if merged is None:
            return 0
        refs = [ref or self.node(entry) for entry, ref in merged[0]]
        self.attach(target, DECORATIONS, self.node(refs))
        return merged[1]

    def decorate(self, target: Attachable, entries: Sequence[Sequence[str]]) -> int:
        """Attach the entries (each once) as the ``!spirv.Decorations`` of a target that has
        none; the count attached."""
        new = list(dict.fromkeys(tuple(entry) for entry in entries))
        ref = self.decorations_list(new)
        if ref is not None:
            self.attach(target, DECORATIONS, ref)
        return len(new)

    def decorations_list(self, entries: Sequence[Operands]) -> str | None:
        """The reference of the list of the entries (each once); None when there are none."""
        return self.decorations_lists([entries])[0]

    def decorations_lists(self, batch: Sequence[Sequence[Operands]]) -> list[str | None]:
        """``decorations_list`` of each list of entries, in turn (``node``, inline: a global
        of a module with 100,000 makes two nodes)."""
        nodes = self.nodes.known
        contents = self._metadata.contents()
        unseen = self.nodes.unseen
        out: list[str | None] = []
        for listed in batch:
            if not listed:
                out.append(None)
                continue
            refs: list[str] = []
            for entry in dict.fromkeys(listed) if len(listed) > 1 else listed:
                ref = nodes.get(entry)
                if ref is None:
                    ref = nodes[entry] = unseen(entry, contents)
                refs.append(ref)
            key = tuple(refs)
            ref = nodes.get(key)
            if ref is None:
                ref = nodes[key] = unseen(key, contents)
            out.append(ref)
        return out

    # -- !spirv.ParameterDecorations on kernels -----------------------------------------------

    def extend_parameters(
        self,
        target: Attachable,
        count: int,
        entries: dict[int, list[Sequence[str]]],
        key_operands: dict[int, list[KeyOperands]] | None = None,
    ) -> int:
        """Merge per-parameter entries into ``!spirv.ParameterDecorations``; the count changed.

        One node per parameter (``!{}`` for an undecorated one); attached only when some
        parameter is decorated. ``key_operands`` is as for ``extend_decorations``, by parameter.
        """
        old_refs = self.operands(self.attachment(target, PARAMETER_DECORATIONS)) or ()
        per_parameter: list[list[tuple[Operands, str]]] = [
            self._children(old_refs[i]) if i < len(old_refs) else [] for i in range(count)
        ]
        added = 0
        for index, new_entries in entries.items():
            if not per_parameter[index]:
                new = list(dict.fromkeys(tuple(entry) for entry in new_entries))
                per_parameter[index] = [(entry, self.node(entry)) for entry in new]
                added += len(new)
                continue
            keys = None if key_operands is None else key_operands.get(index)
            merged = _merge(per_parameter[index], new_entries, keys)
            if merged is not None:
                per_parameter[index] = [(e, ref or self.node(e)) for e, ref in merged[0]]
                added += merged[1]
        if not added:
            return 0
        refs = [self.node([ref for _, ref in params]) for params in per_parameter]
        self.attach(target, PARAMETER_DECORATIONS, self.node(refs))
        return added


def _merge(
    existing: list[tuple[Operands, str]],
    entries: Sequence[Sequence[str]],
    key_operands: Sequence[KeyOperands] | None,
) -> tuple[list[tuple[Operands, str | None]], int] | None:
    """``existing`` with ``entries`` merged in, and how many entries changed; None if none.

    An existing entry that a new one matches on its id and ``key_operands`` operands, but not
    exactly, gives way to it: the first such one is replaced in place, the others go. New
    entries present already are skipped; the rest are appended. References are kept for the
    existing entries (None for new ones).
    """
    present = {operand_key(operands) for operands, _ in existing}
    new: list[Operands] = []
    seen = set(present)
    prefixes: dict[tuple[int, str], list[Operands]] = {}
    exact: set[str] = set()
    for index, entry in enumerate(entries):
        key = operand_key(entry)
        exact.add(key)
        count = None if key_operands is None else key_operands[index]
        if count is not None:
            prefixes.setdefault((count + 1, operand_key(entry[: count + 1])), []).append(
                tuple(entry)
            )
        if key not in seen:
            seen.add(key)
            new.append(tuple(entry))
    merged: list[tuple[Operands, str | None]] = []
    placed: set[Operands] = set()
    changed = 0
    for operands, ref in existing:
        replacements = [
            entry
            for (length, prefix), matching in prefixes.items()
            if operand_key(operands[:length]) == prefix
            for entry in matching
        ]
        if not replacements or operand_key(operands) in exact:
            merged.append((operands, ref))
            continue
        changed += 1
        for entry in replacements:
            if entry in new and entry not in placed:
                placed.add(entry)
                merged.append((entry, None))
    for entry in new:
        if entry not in placed:
            merged.append((entry, None))
            changed += 1
    return (merged, changed) if changed else None
