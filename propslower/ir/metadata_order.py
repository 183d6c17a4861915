"""Numbered metadata definitions in the order LLVM's printer writes them, numbers kept.

LLVM numbers metadata nodes as its printer meets them (LLVM's ``SlotTracker``): the
attachments of each global variable, the operands of each named metadata, then each function's
attachments and the nodes its instructions use, every node followed by the nodes it refers to
(depth first). It prints the definitions in that order. ``reorder_like_llvm`` puts the
definitions of a module in that order, each line as it was: a new node lands among the
existing ones where LLVM would print it, and a check that captures ids and expects LLVM's
order holds, while every node keeps its number and text. Nodes nothing refers to (LLVM drops
them) stay, after the others.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import Item, ItemKind
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.module import Module

_REFERENCE = re.compile(r'"(?:[^"\\]|\\.)*"|;[^\n]*|!(\d+)')
"""A node reference ``!N``; strings and comments are matched only to be skipped."""


def references(text: str) -> Iterable[int]:
    """The node numbers ``text`` refers to, in order (strings and comments skipped)."""
    for match in _REFERENCE.finditer(text):
        number = match.group(1)
        if number is not None:
            yield int(number)


def llvm_order(module: Module) -> list[int]:
    """The numbered nodes LLVM would print, in its order."""
    return _slot_order(list(module.items()))


def _slot_order(items: list[Item]) -> list[int]:
    """``llvm_order`` of a module's live items (read once by the caller)."""
    nodes: dict[int, MetadataNode] = {}
    globals_: list[str] = []
    named: list[str] = []
    functions: list[str] = []
    for item in items:
        if isinstance(item, MetadataNode):
            nodes[item.node_id] = item
        elif isinstance(item, GlobalItem):
            globals_.append(item.text)
        elif isinstance(item, NamedMetadata):
            named.append(item.text.split("=", 1)[1])
        elif isinstance(item, FunctionItem):
            functions.append(item.text)
    order: dict[int, None] = {}
    for text in (*globals_, *named, *functions):
        for number in references(text):
            _visit(number, nodes, order)
    return list(order)


def _visit(root: int, nodes: dict[int, MetadataNode], order: dict[int, None]) -> None:
    """Number ``root``, then the nodes it refers to, depth first (iteratively: any depth)."""
    stack = [root]
    while stack:
        number = stack.pop()
        node = nodes.get(number)
        if number in order or node is None:
            continue
        order[number] = None
        body = node.text.split("=", 1)[1] if "=" in node.text else ""
        stack.extend(reversed(list(references(body))))


def reorder_like_llvm(module: Module) -> bool:
    """Put the module's numbered definitions in LLVM's print order (the first one out of
    place and every one after it move, each as written); whether anything moved."""
    items = list(module.items())
    if any(_holds_several(item) for item in items):
        return False  # a batch of new nodes not split into items: leave the text as it is
    written = [item for item in items if isinstance(item, MetadataNode)]
    slots = {number: slot for slot, number in enumerate(_slot_order(items))}
    unplaced = len(slots)
    ranked = sorted(
        enumerate(written), key=lambda pair: (slots.get(pair[1].node_id, unplaced), pair[0])
    )
    wanted = [node for _, node in ranked]
    moved = [i for i, (a, b) in enumerate(zip(written, wanted, strict=True)) if a is not b]
    if not moved:
        return False
    for item in written[moved[0] :]:
        module.remove(item)
    for item in wanted[moved[0] :]:
        module.insert(MetadataNode(item.text, key=item.key))
    return True


def _holds_several(item: Item) -> bool:
    """A metadata item that is neither one node nor named metadata: a batch of nodes."""
    if item.kind is not ItemKind.METADATA or isinstance(item, (MetadataNode, NamedMetadata)):
        return False
    return "\n!" in item.text.strip()
