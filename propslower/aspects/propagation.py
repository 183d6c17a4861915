"""Aspect propagation over the call graph: the API other passes (device-code split) call.

``Used(F)`` = F's used aspects + F's allowed aspects + ``Used`` of every callee
(docs/design/aspects.md), where F's own used aspects are its used-aspects metadata, aspect
metadata on its instructions, ``double`` (→ fp64) and the structs and globals it mentions
whose types use aspects. Indirect-call sets count as calls. Components of mutually
recursive functions get the exact fixpoint (one value per strongly connected component).

Typical use::

    result = propagate(module, profile)          # nothing is written yet
    result.diagnostics                           # missing-aspect warnings with call chains
    write_used_metadata(module, result, profile) # profile's used metadata, ascending
    for name in result.entry_points:             # kernels + exported functions
        key = result.used(name)                  # what the split keys on
        needed = result.closure([name])          # the functions an image must hold
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from propslower.aspects.aspect_metadata import (
    aspect_values,
    module_table,
    node_operands,
    types_that_use_aspects,
)
from propslower.aspects.bitsets import AspectBits
from propslower.aspects.callgraph import CallGraph, build_call_graph
from propslower.aspects.def_file import default_table
from propslower.aspects.dpcpp_lists import dpcpp_lists, makes_virtual_call
from propslower.aspects.missing import missing_aspect_warnings
from propslower.aspects.scan import FunctionFacts, scan_functions
from propslower.aspects.scc import reachable_unions
from propslower.aspects.table import AspectTable
from propslower.aspects.type_uses import TypeUseScanner, type_masks, type_use_scanner
from propslower.diagnostics import Diagnostic
from propslower.ir.function_attachments import header_attachments, kind_order
from propslower.ir.functions import FunctionItem
from propslower.ir.metadata_edits import Tree
from propslower.ir.module import Module
from propslower.ir.nogc import gc_paused
from propslower.properties.profiles import Profile


@dataclass(frozen=True)
class AllowedList:
    """A function's allowed aspects and where they came from."""

    mask: int
    from_property: bool
    """From the ``device_has`` property attribute rather than allowed-aspects metadata."""


@dataclass
class PropagationResult:
    """Per-function aspect sets over the call graph (index = position in ``graph.names``)."""

    table: AspectTable
    """The aspect table used: ``--aspects-def`` or built-in, overridden by ``!sycl_aspects``."""
    graph: CallGraph
    facts: list[FunctionFacts]
    bits: AspectBits
    own: list[int]
    """Each function's own used aspects (metadata, instructions, types), as a mask."""
    declared: list[int]
    """Each function's allowed-aspects metadata, as a mask."""
    existing: list[int]
    """Each function's used-aspects metadata of the profile's kind before propagation."""
    used_closure: list[int]
    """``own`` propagated over the call graph."""
    declared_closure: list[int]
    """``declared`` propagated over the call graph."""
    allowed: dict[int, AllowedList]
    """Functions whose allowed list is checked."""
    excluded: int
    """Aspects left out of what is written (still checked), as a mask."""
    scanner: TypeUseScanner
    """The tokens (types, globals) that bring aspects, to explain where a use comes from."""
    diagnostics: list[Diagnostic]
    fixed_targets: tuple[int, ...] | None = None
    """The ``--fixed-targets`` values (``()`` without the option; None: not written)."""

    # -- by name ---------------------------------------------------------------------------

    def _at(self, name: str) -> int:
        return self.graph.index[name]

    @property
    def entry_points(self) -> list[str]:
        """Kernels and exported (SYCL_EXTERNAL) functions, in module order."""
        return [self.graph.names[i] for i in self.graph.roots]

    def used(self, name: str) -> frozenset[int]:
        """The aspects written as ``name``'s used metadata: what the split keys on."""
        return self.bits.values(self.written_mask(self._at(name)))

    def seed_used(self, name: str) -> frozenset[int]:
        """The design's *Used* set: own and allowed aspects of ``name`` and all it calls."""
        i = self._at(name)
        return self.bits.values(self.used_closure[i] | self.declared_closure[i])

    def allowed_aspects(self, name: str) -> frozenset[int] | None:
        """The allowed list checked for ``name``, or None when it has none."""
        found = self.allowed.get(self._at(name))
        return None if found is None else self.bits.values(found.mask)

    def callees(self, name: str) -> list[str]:
        """Direct callees in call order, then members of its indirect-call sets."""
        return [self.graph.names[j] for j in self.graph.successors[self._at(name)]]

    def closure(self, names: Iterable[str]) -> list[str]:
        """Every function reachable from ``names`` (themselves included), in visit order."""
        order = self.graph.reachable(self._at(name) for name in names)
        return [self.graph.names[i] for i in order]

    # -- by index --------------------------------------------------------------------------

    def written_mask(self, i: int) -> int:
        """``(used - excluded) | declared | pre-existing`` for function ``i``."""
        return (self.used_closure[i] & ~self.excluded) | self.declared_closure[i] | self.existing[i]

    def checked_mask(self, i: int, counts_declared: bool) -> int:
        """What function ``i``'s allowed list is checked against."""
        used = self.used_closure[i]
        return used | self.declared_closure[i] if counts_declared else used


class _Lists:
    """Aspect-list nodes read once each, as masks."""

    def __init__(self, module: Module, bits: AspectBits) -> None:
        self._module = module
        self._bits = bits
        self._cache: dict[str, int | None] = {}

    def mask(self, ref: str | None) -> int | None:
        if ref is None:
            return None
        if ref not in self._cache:
            values = aspect_values(self._module, ref)
            self._cache[ref] = None if values is None else self._bits.mask(values)
        return self._cache[ref]


def _device_has(value: str | None, bits: AspectBits) -> int | None:
    if value is None:
        return None
    parts = [p.strip() for p in value.split(",") if p.strip()]
    return bits.mask(int(p) for p in parts if p.lstrip("-").isdigit())


def propagate(
    module: Module,
    profile: Profile,
    *,
    table: AspectTable | None = None,
    exclude: Iterable[int] = frozenset(),
    fixed_targets: Sequence[int] = (),
) -> PropagationResult:
    """Compute every function's aspects and the warnings; the module is not changed.

    ``table`` is the base aspect table (default: built-in), overridden by the module's
    ``!sycl_aspects``; ``exclude`` holds aspect values left out of what is written;
    ``fixed_targets`` the values every entry point's fixed-targets metadata gets (in a
    profile that writes it).
    """
    rules = profile.aspect_rules
    with gc_paused():
        table = module_table(module, table or default_table())
        scanned = scan_functions(module)
        facts = scanned.facts
        graph = build_call_graph(
            scanned, partial(makes_virtual_call, module) if rules.virtual_call_required else None
        )
        bits = AspectBits()
        types = type_masks(module, types_that_use_aspects(module), bits, table.value_of("fp64"))
        scanner = type_use_scanner(module, types)
        lists = _Lists(module, bits)
        own, declared, existing, allowed = _own_sets(facts, profile, lists, scanner, bits)
        excluded = bits.mask(exclude)
        used_closure, declared_closure = _closures(graph.successors, own, declared, bits.width)
        result = PropagationResult(
            table, graph, facts, bits, own, declared, existing,
            used_closure, declared_closure, allowed, excluded, scanner, [],
            tuple(fixed_targets) if rules.fixed_targets_metadata else None,
        )  # fmt: skip
        result.diagnostics.extend(missing_aspect_warnings(module, result, profile))
    return result


def _own_sets(
    facts: list[FunctionFacts],
    profile: Profile,
    lists: _Lists,
    scanner: TypeUseScanner,
    bits: AspectBits,
) -> tuple[list[int], list[int], list[int], dict[int, AllowedList]]:
    write_kind = f"!{profile.used_aspects_metadata}"
    used_kinds = (write_kind, *(f"!{kind}" for kind in profile.used_aspects_also_read))
    allowed_kind = f"!{profile.allowed_aspects_metadata}"
    own: list[int] = []
    declared: list[int] = []
    existing: list[int] = []
    allowed: dict[int, AllowedList] = {}
    for i, fact in enumerate(facts):
        attachments = fact.attachments
        mask = 0
        for kind in used_kinds:
            mask |= lists.mask(attachments.get(kind)) or 0
        for kind, ref in fact.instruction_lists:
            if kind in used_kinds:
                mask |= lists.mask(ref) or 0
        if fact.is_definition:
            mask |= scanner.mask_of(fact.text)
        own.append(mask)
        existing.append(lists.mask(attachments.get(write_kind)) or 0)
        declared_mask = lists.mask(attachments.get(allowed_kind))
        declared.append(declared_mask or 0)
        entry = fact.is_entry_point
        if declared_mask is not None and (
            profile.allowed_aspects_checked_on_entry_points or not entry
        ):
            allowed[i] = AllowedList(declared_mask, from_property=False)
        elif profile.device_has_attribute is not None:
            prop = _device_has(fact.attributes.get(profile.device_has_attribute), bits)
            if prop is not None:
                allowed[i] = AllowedList(prop, from_property=True)
    return own, declared, existing, allowed


def _closures(
    successors: Sequence[Sequence[int]], own: list[int], declared: list[int], width: int
) -> tuple[list[int], list[int]]:
    """Both sets propagated at once: declared aspects ride in the bits above ``width``."""
    packed = [o | (d << width) for o, d in zip(own, declared, strict=True)]
    closed = reachable_unions(successors, packed)
    low = (1 << width) - 1
    return [m & low for m in closed], [m >> width for m in closed]


# -- writing and reading back ---------------------------------------------------------------


@dataclass(frozen=True)
class PendingWrite:
    """One function attachment propagation would write: its kind and its node as a tree."""

    fact: FunctionFacts
    kind: str
    """Metadata kind, without ``!``."""
    tree: Tree


def _list_tree(values: Iterable[int]) -> Tree:
    return tuple(f"i32 {value}" for value in values)


def _read_tree(module: Module, ref: str, depth: int) -> Tree | None:
    """The node ``ref`` as a tree of ``depth`` levels (operands below as written)."""
    operands = node_operands(module, ref)
    if operands is None:
        return None
    if depth <= 1:
        return tuple(operand.strip() for operand in operands)
    out: list[str | Tree] = []
    for operand in operands:
        inner = _read_tree(module, operand.strip(), depth - 1)
        if inner is None:
            return None
        out.append(inner)
    return tuple(out)


def _holds(module: Module, ref: str, tree: Tree, depth: int) -> bool:
    """Whether node ``ref`` already says ``tree`` (a flat list in either aspect form)."""
    if depth == 1:
        return aspect_values(module, ref) == [int(str(op).split()[-1]) for op in tree]
    return _read_tree(module, ref, depth) == tree


def _design_writes(
    module: Module, result: PropagationResult, profile: Profile
) -> list[PendingWrite]:
    out: list[PendingWrite] = []
    kind = profile.used_aspects_metadata
    tag = f"!{kind}"
    current: dict[str, list[int] | None] = {}
    targets: dict[int, tuple[list[int], Tree]] = {}
    for i, fact in enumerate(result.facts):
        mask = result.written_mask(i)
        if mask == 0:
            continue
        found = targets.get(mask)
        if found is None:
            values = sorted(result.bits.values(mask))
            found = targets[mask] = (values, _list_tree(values))
        target, tree = found
        ref = fact.attachments.get(tag)
        if mask == result.existing[i] and ref is not None:
            if ref not in current:
                current[ref] = aspect_values(module, ref)
            if current[ref] == target:
                continue
        out.append(PendingWrite(fact, kind, tree))
    return out


def _pass_writes(module: Module, result: PropagationResult, profile: Profile) -> list[PendingWrite]:
    """What DPC++'s pass would write, in module order, each function's kinds in kind order."""
    rules = profile.aspect_rules
    lists = dpcpp_lists(
        module,
        result.facts,
        result.scanner,
        _ordered_masks(result),
        entry_points=result.graph.roots,
        excluded=frozenset(result.bits.values(result.excluded)),
        fixed_targets=result.fixed_targets,
        conditional_calls=rules.conditional_metadata is not None,
    )
    used_kind = profile.used_aspects_metadata
    planned: dict[int, list[tuple[str, Tree, int]]] = {}
    for i, values in lists.used.items():
        planned.setdefault(i, []).append((used_kind, _list_tree(values), 1))
    if rules.conditional_metadata is not None:
        for i, pairs in lists.conditional.items():
            pair_trees: Tree = tuple((_list_tree(c), _list_tree(a)) for c, a in pairs)
            planned.setdefault(i, []).append((rules.conditional_metadata, pair_trees, 3))
    if rules.fixed_targets_metadata is not None:
        for i, values in lists.fixed_targets.items():
            planned.setdefault(i, []).append((rules.fixed_targets_metadata, _list_tree(values), 1))
    order = kind_order(module, module.source, rules.registered_kinds)
    out: list[PendingWrite] = []
    for i in sorted(planned):
        fact = result.facts[i]
        for kind, tree, depth in sorted(planned[i], key=lambda entry: order.rank(entry[0])):
            ref = fact.attachments.get(f"!{kind}")
            if ref is not None and _holds(module, ref, tree, depth):
                continue
            out.append(PendingWrite(fact, kind, tree))
    return out


def _ordered_masks(result: PropagationResult) -> dict[int, list[int]]:
    """Each token mask of the scanner → its aspect values, in the order they were interned."""
    return {mask: result.bits.ordered(mask) for mask in set(result.scanner.masks.values())}


def pending_writes(
    module: Module, result: PropagationResult, profile: Profile
) -> list[PendingWrite]:
    """The attachments propagation would add or change (none: already propagated)."""
    if profile.aspect_rules.pass_lists:
        return _pass_writes(module, result, profile)
    return _design_writes(module, result, profile)


def write_used_metadata(module: Module, result: PropagationResult, profile: Profile) -> int:
    """Attach each function's used set (and, in ``dpcpp``, conditionally used aspects and fixed
    targets) as the profile writes them; the count of attachments changed.

    ``design``: every function with a non-empty set gets it, ascending. ``dpcpp``: what DPC++'s
    pass writes, in its order (``dpcpp_lists``). Nodes are shared by content, new attachments
    placed as LLVM prints them; a function already holding its lists is not touched, so a
    second run changes nothing.
    """
    rules = profile.aspect_rules
    order = kind_order(module, module.source, rules.registered_kinds)
    editor = module.metadata
    refs: dict[Tree, str] = {}
    """Each tree's node: the loop only adds nodes, so a tree's node stays its node."""
    changed = 0
    with gc_paused():
        for write in pending_writes(module, result, profile):
            ref = refs.get(write.tree)
            if ref is None:
                ref = refs[write.tree] = editor.unique_tree(write.tree)
            write.fact.function.set_attachment(write.kind, ref, order)
            changed += 1
    return changed


def is_propagated(
    module: Module,
    profile: Profile,
    *,
    table: AspectTable | None = None,
    exclude: Iterable[int] = frozenset(),
    fixed_targets: Sequence[int] = (),
) -> bool:
    """Whether propagation would change nothing (costs one ``propagate`` run)."""
    result = propagate(module, profile, table=table, exclude=exclude, fixed_targets=fixed_targets)
    return not pending_writes(module, result, profile)


def used_aspects(module: Module, function: FunctionItem | str, profile: Profile) -> frozenset[int]:
    """The values in ``function``'s used-aspects metadata of ``profile`` (empty when none)."""
    item = module.function(function) if isinstance(function, str) else function
    if item is None:
        return frozenset()
    ref = header_attachments(item).get(f"!{profile.used_aspects_metadata}")
    if ref is None:
        return frozenset()
    return frozenset(aspect_values(module, ref) or ())
