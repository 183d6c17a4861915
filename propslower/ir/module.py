"""The module: lookups by name and id, iteration, the editors, insert/remove, and render."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from propslower.ir.attribute_edits import AttributeEditor, AttributeState
from propslower.ir.attributes import AttributeGroup
from propslower.ir.function_edits import (
    Function,
    function_positions,
    function_texts,
    functions_containing,
)
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import Item, ItemKind
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.metadata_edits import MetadataEditor, MetadataState
from propslower.ir.render import render_pieces
from propslower.ir.store import ItemStore
from propslower.ir.symbol_edits import SymbolEditor, SymbolState
from propslower.ir.variable_edits import VariableEditor

_FUNCTION_KINDS = (ItemKind.DEFINITION, ItemKind.DECLARATION)


class Module:
    """A textual LLVM IR module: the items as read, plus edits; ``render()`` writes it back.

    Untouched items are written back byte for byte. Lookups are by bare name (``k`` for
    ``@k``, ``a b`` for ``@"a b"``) or by numeric id, through indexes built in one pass.
    Items read from the text are made into objects only when looked up or iterated
    (``store``); rendering copies the runs of untouched items as single slices.
    """

    def __init__(self, text: str, name: str = "<module>", *, split: bool = False) -> None:
        self.name = name
        """The file name diagnostics print."""
        self.newline, text = line_convention(text)
        """The input's line break (``\\n``, ``\\r\\n`` or ``\\r``): ``render`` writes every line
        break with it; the items hold ``\\n`` (see ``line_convention``)."""
        self.source = text
        """The text as read, line breaks as ``\\n`` (diagnostic spans for original items point
        into it; lines and columns are those of the input)."""
        self.store = ItemStore(text, name, split=split)
        """How the items are held (for the IR layer's editors; passes use the methods here)."""
        self._opaque: bool | None = None
        self._attribute_state = AttributeState()
        self._symbol_state = SymbolState()
        self._metadata_state = MetadataState()

    # The editors are views made on each use, so that the module holds no reference to
    # anything that refers back to it: freed by its reference count, not the cycle collector.

    @property
    def attributes(self) -> AttributeEditor:
        """Read and add attributes on functions, globals and parameters."""
        return AttributeEditor(self, self._attribute_state)

    @property
    def metadata(self) -> MetadataEditor:
        """Add, attach, extend and read metadata."""
        return MetadataEditor(self, self._metadata_state)

    @property
    def symbols(self) -> SymbolEditor:
        """String constants, declarations and fresh global names."""
        return SymbolEditor(self, self._symbol_state)

    @property
    def variables(self) -> VariableEditor:
        """The globals as ``Variable`` objects: read and edited without parsing where the
        text allows (``module.metadata`` attaches to them too)."""
        return VariableEditor(self.store)

    @staticmethod
    def parse(text: str, name: str = "<module>", *, split: bool = False) -> Module:
        """Read ``text``; raise ``DiagnosticError`` (with a span) on malformed structure.
        With ``split``, a large text is read in two processes at once (``scan.scan_items``)."""
        return Module(text, name, split=split)

    # -- iteration ---------------------------------------------------------------------------

    def items(self) -> Iterator[Item]:
        """Every live item in output order (inserted items included, removed ones skipped)."""
        store = self.store
        for number in store.numbers():
            item = store.item(number)
            if not item.removed:
                yield item

    def items_of(self, kinds: Iterable[ItemKind]) -> Iterator[Item]:
        """The live items of ``kinds`` in output order (the others are not made)."""
        return self.store.items_of(kinds)

    def items_containing(self, needle: str, kinds: Iterable[ItemKind]) -> list[Item]:
        """The live items of ``kinds`` whose text contains ``needle``, in output order."""
        store = self.store
        return [store.item(number) for number in store.containing(needle, frozenset(kinds))]

    def functions(self) -> list[FunctionItem]:
        """Every function (definitions and declarations) in output order."""
        return [i for i in self.items_of(_FUNCTION_KINDS) if isinstance(i, FunctionItem)]

    def function_texts(self) -> Iterator[tuple[Function, str]]:
        """Every function in output order with its current text; read functions are not made
        into objects (``Function`` reads and edits them as text)."""
        return function_texts(self.store)

    def function_positions(self) -> dict[str, int]:
        """Bare name → position of every function in ``function_texts``'s order."""
        return function_positions(self.store)

    def functions_containing(self, needle: str) -> Iterator[Function]:
        """The definitions whose text held ``needle`` when asked, in output order; read
        functions are not made into objects (``Function.text`` reads theirs)."""
        return functions_containing(self.store, needle, (ItemKind.DEFINITION,))

    def globals(self) -> list[GlobalItem]:
        """Every global variable, alias and ifunc in output order."""
        return [i for i in self.items_of((ItemKind.GLOBAL,)) if isinstance(i, GlobalItem)]

    def attribute_groups(self) -> list[AttributeGroup]:
        """Every attribute group (original ones first, then new ones)."""
        store = self.store
        return [
            item
            for number in store.groups.values()
            if isinstance(item := store.item(number), AttributeGroup)
        ]

    # -- lookups -----------------------------------------------------------------------------

    def function(self, name: str) -> FunctionItem | None:
        """The function ``@name`` (bare name), or None."""
        item = self.store.lookup(self.store.functions, name)
        return item if isinstance(item, FunctionItem) else None

    def global_variable(self, name: str) -> GlobalItem | None:
        """The global ``@name`` (bare name), or None."""
        item = self.store.lookup(self.store.globals, name)
        return item if isinstance(item, GlobalItem) else None

    def has_global_name(self, name: str) -> bool:
        """Whether ``@name`` names any global value (variable or function)."""
        return name in self.store.globals or name in self.store.functions

    def attribute_group(self, group_id: int) -> AttributeGroup | None:
        """The group ``#group_id``, or None."""
        number = self.store.groups.get(group_id)
        item = None if number is None else self.store.item(number)
        return item if isinstance(item, AttributeGroup) else None

    def metadata_node(self, ref: int | str) -> MetadataNode | None:
        """The node ``!N`` given ``N`` or the reference text ``"!N"``."""
        if isinstance(ref, str):
            if not ref.startswith("!") or not ref[1:].isdigit():
                return None
            ref = int(ref[1:])
        store = self.store
        number = store.nodes.get(ref)
        if number is None and store.bulk:
            store.split_bulk()
            number = store.nodes.get(ref)
        item = None if number is None else store.item(number)
        return item if isinstance(item, MetadataNode) else None

    def named_metadata(self, name: str) -> NamedMetadata | None:
        """``!name`` (without the ``!``), or None."""
        number = self.store.named.get(name)
        item = None if number is None else self.store.item(number)
        return item if isinstance(item, NamedMetadata) else None

    @property
    def groups_changed(self) -> int:
        """Counts the attribute groups added and removed (what ``attribute_group`` gives
        for an id changes only then: editors never change a group's text)."""
        return self.store.groups_changed

    def fresh_group_id(self) -> int:
        """An attribute-group id no item uses (one past the largest)."""
        group_id = self.store.next_group
        self.store.next_group += 1
        return group_id

    def fresh_metadata_id(self) -> int:
        """A metadata id no node uses (one past the largest)."""
        node_id = self.store.next_node
        self.store.next_node += 1
        return node_id

    @property
    def opaque_pointers(self) -> bool:
        """Whether the module uses opaque ``ptr`` (True) or typed ``i8*`` pointers (False)."""
        if self._opaque is None:
            self._opaque = self.store.opaque_pointers()
        return self._opaque

    # -- insert and remove -------------------------------------------------------------------

    def insert(self, item: Item) -> Item:
        """Add a new item after the last original item of its kind (or a related kind), and
        after the items that share that one's last line."""
        self.store.insert(item)
        return item

    def remove(self, item: Item) -> None:
        """Drop ``item`` from the output and from the indexes."""
        item.removed = True
        self.store.unregister(item)

    # -- render ------------------------------------------------------------------------------

    def render(self) -> str:
        """The module text: untouched items byte for byte, edited and new items as rewritten."""
        return "".join(self.render_pieces())

    def render_pieces(self) -> Iterator[str]:
        """``render()`` in pieces of a megabyte or more: runs of untouched items are single
        slices of the text, and nothing holds the whole output. Line breaks are the input's
        (``newline``)."""
        pieces = render_pieces(self.store)
        newline = self.newline
        if newline == "\n":
            return pieces
        return (piece.replace("\n", newline) for piece in pieces)

    def external(self, text: str) -> str:
        """``text`` (with ``\\n`` line breaks, as items hold them) with the input's line breaks."""
        return text if self.newline == "\n" else text.replace("\n", self.newline)

    def __str__(self) -> str:
        return self.render()


def line_convention(text: str) -> tuple[str, str]:
    """The line break of ``text`` and the text with its line breaks as ``\\n``.

    A text whose every ``\\n`` follows a ``\\r`` is CRLF, one with ``\\r`` and no ``\\n``
    is CR-only (both valid for LLVM's lexer): such a text is translated, which ``\\n`` →
    newline reverses exactly. Any other text (LF, or mixed endings) is kept as it is, so
    every reader and pattern sees ``\\n`` line breaks; the LF path costs one search.
    """
    if "\r" not in text:
        return "\n", text
    lines = text.count("\n")
    if not lines:
        return "\r", text.replace("\r", "\n")
    if text.count("\r\n") == lines:
        return "\r\n", text.replace("\r\n", "\n")
    return "\n", text
