"""The tuple nodes a ``spirv`` run asks for: an identical node of the module, or one made once."""

from __future__ import annotations

from collections.abc import Sequence

from propslower.ir.items import Item, ItemKind
from propslower.ir.module import Module

Operands = tuple[str, ...]


class RunNodes:
    """Nodes by operands: the module's node with them (LLVM uniques metadata by content), else
    one this run made (once: one ``!{}`` for every undecorated parameter, so a second run over
    its own output finds every entry). New nodes are collected as text and inserted as one
    item by ``finish()``: one module item per node would dominate the run time on a 50 MB
    module.
    """

    def __init__(self, module: Module) -> None:
        self._module = module
        self._metadata = module.metadata
        self.known: dict[Operands, str] = {}
        """Every node asked for so far, by operands."""
        self._made: dict[int, Operands] = {}
        """The operands of the nodes this run made, by id."""
        self._texts: list[str] = []

    def node(self, operands: Sequence[str]) -> str:
        """The reference of the node ``!{operands}``."""
        key = tuple(operands)
        ref = self.known.get(key)
        if ref is None:
            ref = self.known[key] = self.unseen(key, self._metadata.contents())
        return ref

    def unseen(self, key: Operands, contents: dict[Operands, str]) -> str:
        """``node`` of operands not asked for before (``contents``: the module's content
        index, ``MetadataEditor.contents``); the caller enters it in ``known``."""
        found = self._metadata.find_node(key) if tuple(map(str.strip, key)) in contents else None
        if found is not None:
            return found
        node_id = self._module.fresh_metadata_id()
        ref = f"!{node_id}"
        self._texts.append(f"{ref} = !{{{', '.join(key)}}}\n")
        self._made[node_id] = key
        return ref

    def operands(self, ref: str | None) -> Operands | None:
        """The operands of tuple node ``ref``: one made by this run or one of the module."""
        if ref is None:
            return None
        if self._made and ref[1:].isdigit():
            made = self._made.get(int(ref[1:]))
            if made is not None:
                return made
        node = self._module.metadata_node(ref)
        return None if node is None or not node.is_tuple else tuple(node.operands)

    def finish(self) -> None:
        """Insert the nodes made so far."""
        if self._texts:
            self._module.insert(Item(ItemKind.METADATA, "".join(self._texts)))
            self._texts = []
