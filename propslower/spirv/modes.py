"""``!spirv.ExecutionMode``: entries added without duplicates, replaced by their key operands.

Every entry's key starts with its function's, so an entry can only meet entries of the same
function. The modes of a function nothing has added any for, that cannot meet each other,
are added unindexed: their nodes at once (the list's order and the node numbers are as
``add`` gives), their keys only once something is added for that function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from propslower.ir.metadata_edits import MetadataEditor
from propslower.ir.module import Module
from propslower.spirv.irtext import operand_key
from propslower.spirv.nodes import Operands

EXECUTION_MODE = "spirv.ExecutionMode"

NewMode = tuple[Operands, str, int | None, str | None]
"""An execution mode to add: its operands, ``operand_key``, key operand count and the
``operand_key`` of its first ``2 + key_operands`` operands (None: worked out)."""
Later = Callable[[], Iterable[NewMode]]
"""Gives the modes a function added unindexed, when they are to be indexed."""


class ExecutionModes:
    """The module's execution modes by key and key prefix, and the ones a run adds."""

    def __init__(
        self,
        module: Module,
        node: Callable[[Operands], str],
        operands: Callable[[str | None], Operands | None],
    ) -> None:
        self._module = module
        self._metadata: MetadataEditor = module.metadata
        self._node = node
        self._operands = operands
        self._keys: dict[str, str] | None = None
        self._prefixes: dict[int, dict[str, set[str]]] = {}
        self._pending: list[str] = []
        self._pending_seen: set[str] = set()
        """The refs of ``_pending[:_pending_upto]`` (kept up to date by ``_in_pending``)."""
        self._pending_upto = 0
        self._named: list[str] | None = None
        """The module's ``!spirv.ExecutionMode`` as replacements left it (written by
        ``finish``); None until a replacement reads it."""
        self._named_changed = False
        self._heads: set[str] | None = None
        """The functions (the keys' first operand) of the indexed keys."""
        self._unindexed: dict[str, tuple[tuple[str, str], Later]] = {}
        """By function: its names and its modes added unindexed."""

    def add(
        self,
        operands: Sequence[str],
        key: str | None = None,
        key_operands: int | None = None,
        prefix: str | None = None,
    ) -> bool:
        """``MetadataLists.add_execution_mode``."""
        keys = self._keys if self._keys is not None else self._mode_keys()
        key = key or operand_key(operands)
        length = 0 if key_operands is None else 2 + key_operands
        if key_operands is not None:
            prefix = prefix or operand_key(operands[:length])
        if self._unindexed:
            self._index(_head(key))
            if prefix is not None:
                self._index(_head(prefix))
        if key in keys:
            return False
        ref = self._node(tuple(operands))
        replaced = None
        if key_operands is not None:
            index = self._prefixes.get(length) or self._prefix_index(length)
            replaced = index.get(prefix or "")
        if replaced:
            self._replace(replaced, ref)
        else:
            self._pending.append(ref)
        self._enter(key, ref)
        return True

    def add_unindexed(
        self, functions: tuple[str, str], operands: Iterable[Operands], later: Later
    ) -> bool:
        """Add modes of one function that cannot meet each other, if nothing was added for the
        function (as its key and as its ``operand_key`` say: ``functions``) before; False,
        having done nothing, if something was. ``later()`` gives the modes, to index them."""
        heads = self._heads if self._heads is not None else self._known_heads()
        unindexed = self._unindexed
        if any(f in heads or f in unindexed for f in functions):
            return False
        node = self._node
        self._pending.extend(node(entry) for entry in operands)
        for function in functions:
            unindexed[function] = (functions, later)
        return True

    def finish(self) -> None:
        """Append the modes added so far to ``!spirv.ExecutionMode``."""
        named = self._module.named_metadata(EXECUTION_MODE)
        if self._named_changed and named is not None and self._named is not None:
            named.set_operands(self._named)
            self._named_changed = False
        if self._pending:
            self._metadata.add_named(EXECUTION_MODE, self._pending)
            self._pending = []

    def _index(self, function: str) -> None:
        """Index the modes added unindexed for ``function``."""
        found = self._unindexed.get(function)
        if found is None:
            return
        names, later = found
        for name in names:
            self._unindexed.pop(name, None)
        for operands, key, _, _ in later():
            self._enter(key, self._node(operands))

    def _enter(self, key: str, ref: str) -> None:
        """Index mode ``key`` (its node ``ref``)."""
        self._mode_keys()[key] = ref
        self._known_heads().add(_head(key))
        for length, index in self._prefixes.items():
            start = _prefix_key(key, length)
            found = index.get(start)
            if found is None:
                index[start] = {key}
            else:
                found.add(key)

    def _replace(self, replaced: set[str], ref: str) -> None:
        """Put ``ref`` where the modes of the keys ``replaced`` are, and drop them."""
        keys = self._mode_keys()
        old = {keys.pop(key) for key in replaced}
        for key in list(replaced):
            for length, index in self._prefixes.items():
                index.get(_prefix_key(key, length), set()).discard(key)
        named = self._named_refs()
        if not old.isdisjoint(named):
            self._named = _substitute(named, old, ref)
            self._named_changed = True
            if self._in_pending(old):
                self._set_pending([r for r in self._pending if r not in old])
        else:
            self._set_pending(_substitute(self._pending, old, ref))

    def _named_refs(self) -> list[str]:
        """The module's list as replacements left it (read once)."""
        if self._named is None:
            named = self._module.named_metadata(EXECUTION_MODE)
            self._named = [] if named is None else named.operands
        return self._named

    def _in_pending(self, refs: set[str]) -> bool:
        """Whether one of ``refs`` waits in ``_pending`` (the refs seen grow with it)."""
        self._pending_seen.update(self._pending[self._pending_upto :])
        self._pending_upto = len(self._pending)
        return not refs.isdisjoint(self._pending_seen)

    def _set_pending(self, refs: list[str]) -> None:
        self._pending = refs
        self._pending_seen = set(refs)
        self._pending_upto = len(refs)

    def _prefix_index(self, length: int) -> dict[str, set[str]]:
        """The modes' keys by the key of their first ``length`` operands (built once)."""
        index = self._prefixes.get(length)
        if index is None:
            index = self._prefixes[length] = {}
            for key in self._mode_keys():
                index.setdefault(_prefix_key(key, length), set()).add(key)
        return index

    def _known_heads(self) -> set[str]:
        if self._heads is None:
            self._heads = {_head(key) for key in self._mode_keys()}
        return self._heads

    def _mode_keys(self) -> dict[str, str]:
        """Every indexed execution mode's ``operand_key`` → its node reference."""
        if self._keys is None:
            self._keys = {}
            for ref in self._metadata.named(EXECUTION_MODE):
                found = self._operands(ref)
                if found is not None:
                    self._keys[operand_key(found)] = ref
        return self._keys


def _head(key: str) -> str:
    """The function part of a key (before its first ``", "``)."""
    return key.partition(", ")[0]


def _prefix_key(key: str, length: int) -> str:
    """The ``operand_key`` of the first ``length`` operands, from the whole tuple's key: up
    to its ``length``-th ``", "`` (``", ".join(key.split(", ")[:length])``)."""
    if length <= 0:
        return ""
    at = -2
    for _ in range(length):
        at = key.find(", ", at + 2)
        if at < 0:
            return key
    return key[:at]


def _substitute(refs: list[str], old: set[str], new: str) -> list[str]:
    """``refs`` with the first of ``old`` replaced by ``new`` (unless ``new`` is before it)
    and the others dropped."""
    first = min((refs.index(ref) for ref in old if ref in refs), default=len(refs))
    out = refs[:first]
    if first < len(refs) and new not in out:
        out.append(new)
    out.extend(ref for ref in refs[first + 1 :] if ref not in old)
    return out
