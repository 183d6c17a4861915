"""Adding metadata nodes, attaching them, appending to lists, and named metadata.

LLVM uniques metadata by content: a tuple written twice is one node. ``unique_node`` and
``unique_tree`` reuse an existing node with the same operands (``distinct`` ones excepted)
and number new nested nodes in the order LLVM's printer numbers them (a node before its
operands, depth first).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Union

from propslower.ir.body import Instruction
from propslower.ir.function_attachments import mentions_attachment
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem, global_with_attachment
from propslower.ir.lex import LexError, split_commas
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.variable_edits import Variable

if TYPE_CHECKING:
    from propslower.ir.module import Module

Attachable = GlobalItem | FunctionItem | Instruction | Variable
"""What can carry ``!kind !N``: a global, a function, or an instruction in a body."""

Tree = tuple[Union[str, "Tree"], ...]
"""A tuple node to write: each operand a text (``i32 1``, ``!5``) or a nested tuple node."""

_TUPLE_LINE = re.compile(
    r"!(?<![^\n]!)(\d+)[ \t]*=[ \t]*!\{(.*)\}[ \t]*(?:;[^\n]*)?$", re.MULTILINE
)
"""A one-line, non-distinct tuple node of the input. ``!`` first and the start of the line
checked behind it (rather than ``^!``) gives the search a literal to skip to."""


def _content_key(operands: Sequence[str]) -> tuple[str, ...]:
    return tuple(map(str.strip, operands))


def attachments_of(target: Attachable) -> dict[str, str]:
    """Metadata kind → node reference (``!4``) attached to ``target``."""
    if isinstance(target, Variable):
        target = target.item()
    if isinstance(target, GlobalItem):
        return dict(target.parts.attachments)
    if isinstance(target, FunctionItem):
        return dict(target.parsed_shape.attachments)
    return target.attachments


class MetadataState:
    """What the metadata editor keeps per module: the content index, built on first use."""

    __slots__ = ("contents", "found")

    def __init__(self) -> None:
        self.contents: dict[tuple[str, ...], str] | None = None
        self.found: dict[tuple[str, ...], tuple[MetadataNode, str]] = {}
        """Content → the node ``find_node`` last found holding it, and its text then: while
        the module's node and its text are those objects, it still does."""


class MetadataEditor:
    """Metadata access for one module (``module.metadata``)."""

    def __init__(self, module: Module, state: MetadataState | None = None) -> None:
        self._module = module
        self._state = state if state is not None else MetadataState()

    def _index(self) -> dict[tuple[str, ...], str]:
        """Content → reference of the first tuple node with it (the input's, then new ones)."""
        contents = self._state.contents
        if contents is None:
            contents = self._state.contents = {}
            for match in _TUPLE_LINE.finditer(self._module.source):
                body = match.group(2)
                try:
                    pieces = split_commas(body)
                except LexError:
                    continue
                key = _content_key([body[a:b] for a, b in pieces])
                contents.setdefault(key, f"!{match.group(1)}")
        return contents

    def contents(self) -> dict[tuple[str, ...], str]:
        """Content (operands stripped) → reference of the node that may hold it, for many
        lookups: a miss is final, a hit is confirmed by ``find_node``."""
        contents = self._state.contents
        return self._index() if contents is None else contents

    def find_node(self, operands: Sequence[str]) -> str | None:
        """The reference of a (non-distinct) tuple node holding exactly ``operands``, if any."""
        key = tuple(map(str.strip, operands))  # _content_key, inline: mostly a miss
        contents = self._state.contents
        ref = (self._index() if contents is None else contents).get(key)
        if ref is None:
            return None
        node = self._module.metadata_node(ref)
        if node is None or node.removed:
            return None
        found = self._state.found.get(key)
        if found is not None and found[0] is node and found[1] is node.text:
            return ref
        if node.is_distinct or not node.is_tuple or _content_key(node.operands) != key:
            return None
        self._state.found[key] = (node, node.text)
        return ref

    def unique_node(self, operands: Sequence[str]) -> str:
        """The reference of the node ``!{operands}``: an identical existing one, else new."""
        return self.unique_tree(tuple(operands))

    def unique_tree(self, tree: Tree) -> str:
        """The reference of the node ``tree`` stands for, nested nodes included, each reused
        when an identical one exists; new nodes are numbered as LLVM prints them (preorder)."""
        existing: dict[Tree, str | None] = {}
        self._resolve(tree, existing)
        created: list[tuple[int, list[str]]] = []
        top = self._assign(tree, existing, {}, created)
        index = self._index()
        for node_id, operands in sorted(created):
            self._module.insert(MetadataNode.create(node_id, operands))
            index.setdefault(_content_key(operands), f"!{node_id}")
        return top

    # Methods, not nested functions: a recursive closure is a reference cycle, and one per
    # call left the cyclic collector hundreds of thousands of objects (and the module).
    def _resolve(self, node: Tree, existing: dict[Tree, str | None]) -> str | None:
        """The existing node ``node`` stands for (None: none), recorded in ``existing`` for
        it and every nested node."""
        if node in existing:
            return existing[node]
        texts: list[str] = []
        for operand in node:
            if isinstance(operand, str):
                texts.append(operand)
                continue
            ref = self._resolve(operand, existing)
            if ref is None:
                existing[node] = None
                for other in node:
                    if not isinstance(other, str):
                        self._resolve(other, existing)
                return None
            texts.append(ref)
        existing[node] = found = self.find_node(texts)
        return found

    def _assign(
        self,
        node: Tree,
        existing: dict[Tree, str | None],
        made: dict[Tree, str],
        created: list[tuple[int, list[str]]],
    ) -> str:
        """The reference of ``node``: existing, or a fresh id (its operands after it)."""
        ref = existing.get(node) or made.get(node)
        if ref is not None:
            return ref
        node_id = self._module.fresh_metadata_id()
        ref = made[node] = f"!{node_id}"
        entry: list[str] = []
        created.append((node_id, entry))
        for operand in node:
            if isinstance(operand, str):
                entry.append(operand)
            else:
                entry.append(self._assign(operand, existing, made, created))
        return ref

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

    def attached(self, target: Attachable, kind: str) -> str | None:
        """The reference attached under ``kind``; a header or global whose text does not
        mention the kind is not parsed."""
        if isinstance(target, Variable):
            if not target.mentions_attachment(kind):
                return None
            target = target.item()
        if isinstance(target, FunctionItem) and not mentions_attachment(target.header_text, kind):
            return None
        if isinstance(target, GlobalItem) and not mentions_attachment(target.text, kind):
            return None
        return attachments_of(target).get(kind)

    def append_attachment(self, target: Attachable, kind: str, ref: str) -> None:
        """Attach ``kind ref`` last: a definition's new attachment goes before its ``{`` and a
        one-line global's before its ``#N``, by splicing the text (no parse); any other
        shape, and a kind already attached, through ``attach``."""
        if isinstance(target, Variable):
            if target.splice_attachment(kind, ref):
                return
            target = target.item()
        if isinstance(target, FunctionItem) and target.is_definition:
            line = target.header_text
            body = line.rstrip()
            if body.endswith("{") and not mentions_attachment(line, kind):
                head = body[:-1].rstrip()
                target.set_header_text(f"{head} {kind} {ref} {{{line[len(body) :]}")
                return
        if isinstance(target, GlobalItem) and not mentions_attachment(target.text, kind):
            spliced = global_with_attachment(target.text, kind, ref)
            if spliced is not None:
                target.text = spliced
                return
        self.attach(target, kind, ref)

    def attach(self, target: Attachable, kind: str, node: MetadataNode | str) -> None:
        """Attach ``kind node`` to ``target``, replacing an attachment of the same kind."""
        ref = node if isinstance(node, str) else f"!{node.node_id}"
        if isinstance(target, Variable):
            target = target.item()
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
