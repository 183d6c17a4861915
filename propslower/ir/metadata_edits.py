"""Adding metadata nodes, attaching them, appending to lists, and named metadata."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from propslower.ir.body import Instruction
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.metadata import MetadataNode, NamedMetadata

if TYPE_CHECKING:
    from propslower.ir.module import Module

Attachable = GlobalItem | FunctionItem | Instruction
"""What can carry ``!kind !N``: a global, a function, or an instruction in a body."""


def attachments_of(target: Attachable) -> dict[str, str]:
    """Metadata kind → node reference (``!4``) attached to ``target``."""
    if isinstance(target, GlobalItem):
        return dict(target.parts.attachments)
    if isinstance(target, FunctionItem):
        return dict(target.header_shape.attachments)
    return target.attachments


class MetadataEditor:
    """Metadata access for one module (``module.metadata``)."""

    def __init__(self, module: Module) -> None:
        self._module = module

    def add_node(self, operands: Sequence[str], *, distinct: bool = False) -> MetadataNode:
        """A new node ``!N = !{operands}`` with a fresh id; ``node.key`` is its reference."""
        node = MetadataNode.create(
            self._module.fresh_metadata_id(), list(operands), distinct=distinct
        )
        self._module.insert(node)
        return node

    def attachment(self, target: Attachable, kind: str) -> MetadataNode | None:
        """The node attached to ``target`` under ``kind`` (``!spirv.Decorations``), or None."""
        ref = attachments_of(target).get(kind)
        return None if ref is None else self._module.metadata_node(ref)

    def attach(self, target: Attachable, kind: str, node: MetadataNode | str) -> None:
        """Attach ``kind node`` to ``target``, replacing an attachment of the same kind."""
        ref = node if isinstance(node, str) else f"!{node.node_id}"
        target.set_attachment(kind, ref)

    def extend_attachment(
        self, target: Attachable, kind: str, operands: Sequence[str]
    ) -> MetadataNode:
        """Append ``operands`` to the list attached under ``kind`` (or attach a new list).

        The existing node may be shared, so the result is a fresh node holding the old
        operands plus the new ones, and the attachment is re-pointed to it.
        """
        existing = self.attachment(target, kind)
        old = existing.operands if existing is not None else []
        node = self.add_node(old + list(operands))
        self.attach(target, kind, node)
        return node

    def named(self, name: str) -> list[str]:
        """Operands of ``!name`` (empty when absent)."""
        named = self._module.named_metadata(name)
        return [] if named is None else named.operands

    def add_named(self, name: str, operands: Sequence[str]) -> NamedMetadata:
        """Append ``operands`` to ``!name``, creating it when missing."""
        named = self._module.named_metadata(name)
        if named is None:
            created = NamedMetadata.create(name, list(operands))
            self._module.insert(created)
            return created
        named.set_operands(named.operands + list(operands))
        return named
