"""The module: its items in order, indexes by name and id, rendering, and insertion points."""

from __future__ import annotations

import re
from collections.abc import Iterator

from propslower.ir.attribute_edits import AttributeEditor
from propslower.ir.attributes import AttributeGroup
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import Item, ItemKind
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.metadata_edits import MetadataEditor
from propslower.ir.nogc import gc_paused
from propslower.ir.reader import read_items
from propslower.ir.strings import name_of
from propslower.ir.symbol_edits import SymbolEditor

_FUNCTION_KINDS = (ItemKind.DEFINITION, ItemKind.DECLARATION)
_ANCHOR_CHAINS: dict[ItemKind, tuple[ItemKind, ...]] = {
    ItemKind.GLOBAL: (ItemKind.GLOBAL, ItemKind.TYPE, ItemKind.HEADER),
    ItemKind.DECLARATION: (*_FUNCTION_KINDS, ItemKind.GLOBAL, ItemKind.TYPE, ItemKind.HEADER),
    ItemKind.ATTRIBUTES: (ItemKind.ATTRIBUTES, *_FUNCTION_KINDS, ItemKind.GLOBAL, ItemKind.HEADER),
    ItemKind.NAMED_METADATA: (ItemKind.NAMED_METADATA, ItemKind.METADATA),
    ItemKind.METADATA: (ItemKind.METADATA, ItemKind.NAMED_METADATA),
}
_OPAQUE_PTR = re.compile(r'(?<![\w@%$."!#-])ptr(?=[\s,)\]}>])')
_TYPED_PTR = re.compile(r"[\w)\]}>*]\*")
_STRIP_STRINGS = re.compile(r'"[^"]*"')


class Module:
    """A textual LLVM IR module: the items as read, plus edits; ``render()`` writes it back.

    Untouched items are written back byte for byte. Lookups are by bare name (``k`` for
    ``@k``, ``a b`` for ``@"a b"``) or by numeric id, through indexes built in one pass.
    """

    def __init__(self, text: str, name: str = "<module>") -> None:
        self.name = name
        """The file name diagnostics print."""
        self.source = text
        """The text as read (diagnostic spans for original items point into it)."""
        with gc_paused():
            self._items = read_items(text, name)
        self._front: list[Item] = []
        self._functions: dict[str, FunctionItem] = {}
        self._globals: dict[str, GlobalItem] = {}
        self._groups: dict[int, AttributeGroup] = {}
        self._nodes: dict[int, MetadataNode] = {}
        self._named: dict[str, NamedMetadata] = {}
        self._last: dict[ItemKind, Item] = {}
        self._next_group = 0
        self._next_node = 0
        self._opaque: bool | None = None
        with gc_paused():
            for item in self._items:
                self._register(item)
        self.attributes = AttributeEditor(self)
        """Read and add attributes on functions, globals and parameters."""
        self.metadata = MetadataEditor(self)
        """Add, attach, extend and read metadata."""
        self.symbols = SymbolEditor(self)
        """String constants, declarations and fresh global names."""

    @staticmethod
    def parse(text: str, name: str = "<module>") -> Module:
        """Read ``text``; raise ``DiagnosticError`` (with a span) on malformed structure."""
        return Module(text, name)

    def _register(self, item: Item) -> None:
        if not item.is_new:
            self._last[item.kind] = item
        key = item.key
        if key is None:
            return
        if isinstance(item, FunctionItem):
            self._functions[name_of(key)] = item
        elif isinstance(item, GlobalItem):
            self._globals[name_of(key)] = item
        elif isinstance(item, AttributeGroup):
            self._groups[item.group_id] = item
            self._next_group = max(self._next_group, item.group_id + 1)
        elif isinstance(item, MetadataNode):
            self._nodes[item.node_id] = item
            self._next_node = max(self._next_node, item.node_id + 1)
        elif isinstance(item, NamedMetadata):
            self._named[item.name] = item

    # -- iteration and rendering -------------------------------------------------------------

    def items(self) -> Iterator[Item]:
        """Every live item in output order (inserted items included, removed ones skipped)."""
        for item in self._front:
            if not item.removed:
                yield item
        for item in self._items:
            if not item.removed:
                yield item
            for follower in item.followers:
                if not follower.removed:
                    yield follower

    def render(self) -> str:
        """The module text: untouched items byte for byte, edited and new items as rewritten."""
        pieces: list[str] = []
        for item in self.items():
            text = item.text
            if pieces and not pieces[-1].endswith("\n"):
                pieces.append("\n")
            pieces.append(text)
        return "".join(pieces)

    def __str__(self) -> str:
        return self.render()

    def insert(self, item: Item) -> Item:
        """Add a new item after the last original item of its kind (or a related kind)."""
        chain = _ANCHOR_CHAINS.get(item.kind, (item.kind,))
        anchor = next((self._last[kind] for kind in chain if kind in self._last), None)
        if anchor is None and self._items:
            anchor = self._items[-1]
        if anchor is None:
            self._front.append(item)
        else:
            anchor.followers.append(item)
        self._register(item)
        return item

    def remove(self, item: Item) -> None:
        """Drop ``item`` from the output and from the indexes."""
        item.removed = True
        key = item.key
        if key is None:
            return
        if isinstance(item, FunctionItem):
            self._functions.pop(name_of(key), None)
        elif isinstance(item, GlobalItem):
            self._globals.pop(name_of(key), None)
        elif isinstance(item, AttributeGroup):
            self._groups.pop(item.group_id, None)
        elif isinstance(item, MetadataNode):
            self._nodes.pop(item.node_id, None)
        elif isinstance(item, NamedMetadata):
            self._named.pop(item.name, None)

    # -- lookups -----------------------------------------------------------------------------

    def functions(self) -> list[FunctionItem]:
        """Every function (definitions and declarations) in output order."""
        return [i for i in self.items() if isinstance(i, FunctionItem)]

    def function(self, name: str) -> FunctionItem | None:
        """The function ``@name`` (bare name), or None."""
        return self._functions.get(name)

    def globals(self) -> list[GlobalItem]:
        """Every global variable, alias and ifunc in output order."""
        return [i for i in self.items() if isinstance(i, GlobalItem)]

    def global_variable(self, name: str) -> GlobalItem | None:
        """The global ``@name`` (bare name), or None."""
        return self._globals.get(name)

    def has_global_name(self, name: str) -> bool:
        """Whether ``@name`` names any global value (variable or function)."""
        return name in self._globals or name in self._functions

    def attribute_group(self, group_id: int) -> AttributeGroup | None:
        """The group ``#group_id``, or None."""
        return self._groups.get(group_id)

    def attribute_groups(self) -> list[AttributeGroup]:
        """Every attribute group (original ones first, then new ones)."""
        return list(self._groups.values())

    def metadata_node(self, ref: int | str) -> MetadataNode | None:
        """The node ``!N`` given ``N`` or the reference text ``"!N"``."""
        if isinstance(ref, str):
            if not ref.startswith("!") or not ref[1:].isdigit():
                return None
            ref = int(ref[1:])
        return self._nodes.get(ref)

    def named_metadata(self, name: str) -> NamedMetadata | None:
        """``!name`` (without the ``!``), or None."""
        return self._named.get(name)

    def fresh_group_id(self) -> int:
        """An attribute-group id no item uses (one past the largest)."""
        group_id = self._next_group
        self._next_group += 1
        return group_id

    def fresh_metadata_id(self) -> int:
        """A metadata id no node uses (one past the largest)."""
        node_id = self._next_node
        self._next_node += 1
        return node_id

    @property
    def opaque_pointers(self) -> bool:
        """Whether the module uses opaque ``ptr`` (True) or typed ``i8*`` pointers (False)."""
        if self._opaque is None:
            self._opaque = self._detect_opaque()
        return self._opaque

    def _detect_opaque(self) -> bool:
        for item in self._items:
            if item.kind not in (ItemKind.GLOBAL, ItemKind.DECLARATION, ItemKind.DEFINITION):
                continue
            if "ptr" not in item.text and "*" not in item.text:
                continue
            text = _STRIP_STRINGS.sub("", item.text)
            if _OPAQUE_PTR.search(text):
                return True
            if _TYPED_PTR.search(text):
                return False
        return True
