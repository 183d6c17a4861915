"""Appending to ``!spirv.ExecutionMode`` and ``!spirv.*Decorations`` lists, never duplicating."""

from __future__ import annotations

import re
from collections.abc import Sequence

from propslower.ir.function_attachments import mentions_attachment
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import Item, ItemKind
from propslower.ir.metadata_edits import Attachable, attachments_of
from propslower.ir.module import Module
from propslower.spirv.irtext import operand_key

EXECUTION_MODE = "spirv.ExecutionMode"
DECORATIONS = "!spirv.Decorations"
PARAMETER_DECORATIONS = "!spirv.ParameterDecorations"

Operands = tuple[str, ...]
_GROUP_AT_END = re.compile(r"\s#\d+\s*$")


class MetadataLists:
    """Adds entry nodes to a module's SPIR-V lists; entries already present are skipped.

    Identical new nodes are shared (one ``!{}`` for every undecorated parameter), so a
    second run over its own output finds every entry and changes nothing. New nodes are
    collected as text and inserted as one item by ``finish()``: one module item per node
    would dominate the run time on a 50 MB module.
    """

    def __init__(self, module: Module) -> None:
        self._module = module
        self._nodes: dict[Operands, str] = {}
        self._made: list[Operands | None] = []
        """The operands of the nodes this run made, by id from ``_first`` on."""
        self._first = -1
        self._texts: list[str] = []
        self._modes: set[str] | None = None
        self._pending_modes: list[str] = []

    def node(self, operands: Sequence[str]) -> str:
        """The reference of a node ``!{operands}`` made by this run (created once)."""
        key = tuple(operands)
        ref = self._nodes.get(key)
        if ref is not None:
            return ref
        node_id = self._module.fresh_metadata_id()
        ref = f"!{node_id}"
        self._texts.append(f"{ref} = !{{{', '.join(key)}}}\n")
        self._nodes[key] = ref
        made = self._made
        if not made:
            self._first = node_id
        elif node_id != self._first + len(made):
            made.extend([None] * (node_id - self._first - len(made)))
        made.append(key)
        return ref

    def operands(self, ref: str | None) -> Operands | None:
        """The operands of tuple node ``ref``: one made by this run or one of the module."""
        if ref is None:
            return None
        if self._made and ref[1:].isdigit():
            index = int(ref[1:]) - self._first
            made = self._made[index] if 0 <= index < len(self._made) else None
            if made is not None:
                return made
        node = self._module.metadata_node(ref)
        return None if node is None or not node.is_tuple else tuple(node.operands)

    def finish(self) -> None:
        """Write the new nodes and the execution modes added so far."""
        if self._pending_modes:
            self._module.metadata.add_named(EXECUTION_MODE, self._pending_modes)
            self._pending_modes = []
        if self._texts:
            self._module.insert(Item(ItemKind.METADATA, "".join(self._texts)))
            self._texts = []

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
        """The reference attached under ``kind``; headers and globals parsed only if present."""
        if isinstance(target, FunctionItem) and not mentions_attachment(target.header_text, kind):
            return None
        if isinstance(target, GlobalItem) and not mentions_attachment(target.text, kind):
            return None
        return attachments_of(target).get(kind)

    def attach(self, target: Attachable, kind: str, ref: str) -> None:
        """Attach ``kind ref``; a new attachment is a plain text insertion where possible."""
        if isinstance(target, FunctionItem) and target.is_definition:
            line = target.header_text
            body = line.rstrip()
            if body.endswith("{") and not mentions_attachment(line, kind):
                head = body[:-1].rstrip()
                target.set_header_text(f"{head} {kind} {ref} {{{line[len(body) :]}")
                return
        if isinstance(target, GlobalItem) and not mentions_attachment(target.text, kind):
            text = target.text
            group = _GROUP_AT_END.search(text)
            if group is not None and "!" not in text[group.start() :]:
                target.text = f"{text[: group.start()]}, {kind} {ref}{text[group.start() :]}"
                return
        self._module.metadata.attach(target, kind, ref)

    # -- module !spirv.ExecutionMode ----------------------------------------------------------

    def add_execution_mode(self, operands: Sequence[str], key: str | None = None) -> bool:
        """Append ``!{fn, i32 mode, ...}`` to ``!spirv.ExecutionMode``; False if present.

        ``key`` is ``operand_key(operands)`` when the caller has it cheaper.
        """
        modes = self._mode_keys()
        key = key or operand_key(operands)
        if key in modes:
            return False
        modes.add(key)
        self._pending_modes.append(self.node(operands))
        return True

    def _mode_keys(self) -> set[str]:
        if self._modes is None:
            self._modes = set()
            for ref in self._module.metadata.named(EXECUTION_MODE):
                found = self.operands(ref)
                if found is not None:
                    self._modes.add(operand_key(found))
        return self._modes

    # -- !spirv.Decorations on globals, functions, instructions -------------------------------

    def extend_decorations(self, target: Attachable, entries: Sequence[Sequence[str]]) -> int:
        """Append the entries missing from ``target``'s ``!spirv.Decorations``; the count."""
        existing = self.attachment(target, DECORATIONS)
        if existing is None:  # the common case: nothing to compare with but the entries
            new = list(dict.fromkeys(tuple(entry) for entry in entries))
        else:
            new = _missing(self._children(existing), entries)
        if new:
            old = self.operands(existing) or ()
            refs = [self.node(entry) for entry in new]
            self.attach(target, DECORATIONS, self.node([*old, *refs]))
        return len(new)

    def decorate_text(self, text: str, entries: Sequence[Sequence[str]]) -> str | None:
        """``extend_decorations`` for a global whose text is ``text``, as its new text; None
        (nothing done) unless it has no ``!spirv.Decorations`` and ends with its ``#N``
        (the caller then uses ``extend_decorations`` on the item)."""
        if mentions_attachment(text, DECORATIONS):
            return None
        group = _GROUP_AT_END.search(text)
        if group is None or "!" in text[group.start() :]:
            return None
        new = list(dict.fromkeys(map(tuple, entries))) if len(entries) > 1 else entries
        if not new:
            return text
        ref = self.node([self.node(entry) for entry in new])
        at = group.start()
        return f"{text[:at]}, {DECORATIONS} {ref}{text[at:]}"

    # -- !spirv.ParameterDecorations on kernels -----------------------------------------------

    def extend_parameters(
        self, target: Attachable, count: int, entries: dict[int, list[Sequence[str]]]
    ) -> int:
        """Merge per-parameter entries into ``!spirv.ParameterDecorations``; the count added.

        One node per parameter (``!{}`` for an undecorated one); attached only when some
        parameter is decorated.
        """
        old_refs = self.operands(self.attachment(target, PARAMETER_DECORATIONS)) or ()
        per_parameter: list[list[tuple[Operands, str]]] = [
            self._children(old_refs[i]) if i < len(old_refs) else [] for i in range(count)
        ]
        added = 0
        for index, new_entries in entries.items():
            if not per_parameter[index]:
                new = list(dict.fromkeys(tuple(entry) for entry in new_entries))
            else:
                new = _missing(per_parameter[index], new_entries)
            per_parameter[index].extend((entry, self.node(entry)) for entry in new)
            added += len(new)
        if not added:
            return 0
        refs = [self.node([ref for _, ref in params]) for params in per_parameter]
        self.attach(target, PARAMETER_DECORATIONS, self.node(refs))
        return added


def _missing(
    existing: list[tuple[Operands, str]], entries: Sequence[Sequence[str]]
) -> list[Operands]:
    seen = {operand_key(operands) for operands, _ in existing}
    out: list[Operands] = []
    for entry in entries:
        key = operand_key(entry)
        if key not in seen:
            seen.add(key)
            out.append(tuple(entry))
    return out
