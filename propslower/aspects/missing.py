"""Warnings for functions that use aspects their allowed list does not name, with call chains.

One warning per missing aspect, functions in module order and aspects ascending, followed
by one note per call on the shortest chain (first callee in call order on ties) down to a
function that really uses the aspect, and a note saying how that function uses it.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from propslower.aspects.aspect_metadata import aspect_values
from propslower.aspects.callgraph import EdgeKind
from propslower.aspects.debug_info import call_span, function_span, token_span
from propslower.aspects.demangle import demangle_all
from propslower.aspects.type_uses import DOUBLE
from propslower.diagnostics import Diagnostic, Span
from propslower.ir.module import Module
from propslower.properties.profiles import Profile

if TYPE_CHECKING:
    from propslower.aspects.propagation import PropagationResult

NO_DEBUG_HINT = "compile with '-g' to get the source locations of the call chain"


def missing_aspect_warnings(
    module: Module, result: PropagationResult, profile: Profile
) -> list[Diagnostic]:
    """The warnings for every function whose checked set exceeds its allowed list."""
    found: list[tuple[int, int]] = []
    counts_declared = profile.allowed_counts_as_use
    for i in sorted(result.allowed):
        extra = result.checked_mask(i, counts_declared) & ~result.allowed[i].mask
        found.extend((i, value) for value in sorted(result.bits.values(extra)) if value >= 0)
    if not found:
        return []
    chains = Chains(result, counts_declared, result.bits.mask(value for _, value in found))
    walked = [(i, value, chains.chain(i, result.bits.bit(value))) for i, value in found]
    names = demangle_all(result.graph.names[j] for j in chains.functions())
    notes = _Notes(module, result, profile, names)
    return [notes.warning(i, value, chain) for i, value, chain in walked]


class Chains:
    """Shortest call chains down to a function whose own aspects hold a given bit.

    One breadth-first walk per aspect, backwards from the functions that use it themselves,
    gives every function its distance to the nearest such use; a chain then steps to the
    first callee (in call order) one closer, so it is the shortest chain, first callee on
    ties. Each step is worked out once per aspect and shared by every chain through it, so
    all the warnings cost one walk per aspect plus the length of their chains.
    """

    def __init__(self, result: PropagationResult, counts_declared: bool, wanted: int = -1) -> None:
        self._result = result
        self._counts_declared = counts_declared
        self._wanted = wanted
        """The bits chains are asked for: calls between functions without any are left out."""
        self._predecessors: list[list[int]] | None = None
        self._distances: dict[int, dict[int, int]] = {}
        self._steps: dict[tuple[int, int], int] = {}
        self._on_chains: dict[int, None] = {}
        self.steps_worked_out = 0
        """How many chain steps were computed (not taken from earlier chains): for tests."""

    def _own(self, j: int) -> int:
        result = self._result
        return result.own[j] | (result.declared[j] if self._counts_declared else 0)

    def _callers(self) -> list[list[int]]:
        if self._predecessors is None:
            result, wanted = self._result, self._wanted
            relevant = [
                bool(result.checked_mask(i, self._counts_declared) & wanted)
                for i in range(len(result.own))
            ]
            predecessors: list[list[int]] = [[] for _ in relevant]
            for caller, callees in enumerate(result.graph.successors):
                if relevant[caller]:
                    for callee in callees:
                        if relevant[callee]:
                            predecessors[callee].append(caller)
            self._predecessors = predecessors
        return self._predecessors

    def distances(self, bit: int) -> dict[int, int]:
        """Function → how many calls away the nearest function using ``bit`` itself is."""
        found = self._distances.get(bit)
        if found is not None:
            return found
        result = self._result
        counts_declared = self._counts_declared
        distance = {j: 0 for j in range(len(result.own)) if self._own(j) & bit}
        frontier = list(distance)
        callers = self._callers()
        level = 0
        while frontier:
            level += 1
            following: list[int] = []
            for node in frontier:
                for caller in callers[node]:
                    if (
                        caller not in distance
                        and result.checked_mask(caller, counts_declared) & bit
                    ):
                        distance[caller] = level
                        following.append(caller)
            frontier = following
        self._distances[bit] = distance
        return distance

    def chain(self, start: int, bit: int) -> list[int]:
        """``start``, then each call down to a function whose own aspects hold ``bit``."""
        distance = self.distances(bit)
        chain = [start]
        node = start
        remaining = distance.get(start, 0)
        while remaining:
            step = self._steps.get((bit, node))
            if step is None:
                self.steps_worked_out += 1
                step = next(
                    c
                    for c in self._result.graph.successors[node]
                    if distance.get(c) == remaining - 1
                )
                self._steps[(bit, node)] = step
            chain.append(step)
            node = step
            remaining -= 1
        self._on_chains.update(dict.fromkeys(chain))
        return chain

    def functions(self) -> list[int]:
        """Every function on a chain made so far, in first-seen order."""
        return list(self._on_chains)


class _Notes:
    """Warnings with their chain notes; the note of each call is made once and shared."""

    def __init__(
        self, module: Module, result: PropagationResult, profile: Profile, names: dict[str, str]
    ) -> None:
        self.module = module
        self.result = result
        self.profile = profile
        self.names = names
        self._calls: dict[tuple[int, int], tuple[Diagnostic, bool]] = {}
        self._origins: dict[tuple[int, int], tuple[Diagnostic, bool]] = {}

    def shown(self, i: int) -> str:
        name = self.result.graph.names[i]
        return self.names.get(name, name)

    def warning(self, function: int, value: int, chain: list[int]) -> Diagnostic:
        result, profile = self.result, self.profile
        aspect = result.table.name_of(value) or str(value)
        template = (
            profile.aspect_property_warning
            if result.allowed[function].from_property
            else profile.aspect_warning
        )
        span, debug = function_span(self.module, result.facts[function].item)
        notes: list[Diagnostic] = []
        for caller, callee in itertools.pairwise(chain):
            note, located = self.call(caller, callee)
            notes.append(note)
            debug = debug or located
        origin, located = self.origin(chain[-1], value)
        notes.append(origin)
        if not (debug or located):
            notes.append(Diagnostic.note(NO_DEBUG_HINT))
        message = template.format(function=self.shown(function), aspect=aspect)
        return Diagnostic.warning(message, span, *notes)

    def call(self, caller: int, callee: int) -> tuple[Diagnostic, bool]:
        """The note for ``caller`` calling ``callee``, and whether ``!dbg`` placed it."""
        found = self._calls.get((caller, callee))
        if found is not None:
            return found
        graph = self.result.graph
        text = self.profile.aspect_chain_note.format(
            caller=self.shown(caller), function=self.shown(callee)
        )
        position = graph.successors[caller].index(callee)
        note_span: Span | None = None
        located = False
        if graph.edge_kind(caller, position) is EdgeKind.INDIRECT:
            text += " (through its 'calls-indirectly' sets)"
        else:
            item = self.result.facts[caller].item
            note_span, located = call_span(self.module, item, graph.names[callee])
        found = self._calls[(caller, callee)] = (Diagnostic.note(text, note_span), located)
        return found

    def origin(self, leaf: int, value: int) -> tuple[Diagnostic, bool]:
        key = (leaf, value)
        found = self._origins.get(key)
        if found is None:
            found = self._origins[key] = _origin(
                self.module, self.result, self.profile, names=self.names, leaf=leaf, value=value
            )
        return found


def _origin(
    module: Module,
    result: PropagationResult,
    profile: Profile,
    *,
    names: dict[str, str],
    leaf: int,
    value: int,
) -> tuple[Diagnostic, bool]:
    """How ``leaf`` itself uses ``value``: metadata, an instruction, a type or a global."""
    fact = result.facts[leaf]
    name = names.get(fact.name, fact.name)
    aspect = result.table.name_of(value) or str(value)
    head = f"'{name}' uses aspect '{aspect}'"
    kinds = (profile.used_aspects_metadata, *profile.used_aspects_also_read)
    for kind in (*kinds, profile.allowed_aspects_metadata):
        ref = fact.attachments.get(f"!{kind}")
        if ref is not None and value in (aspect_values(module, ref) or ()):
            span, located = function_span(module, fact.item)
            return Diagnostic.note(f"{head} through its '!{kind}' metadata", span), located
    for kind, ref in fact.instruction_lists:
        if kind.lstrip("!") in kinds and value in (aspect_values(module, ref) or ()):
            span, located = token_span(module, fact.item, f"{kind} {ref}")
            return Diagnostic.note(f"{head} through '{kind}' on an instruction", span), located
    bit = result.bits.bit(value)
    scanner = result.scanner
    for token in scanner.tokens_of(fact.text) if fact.is_definition else ():
        if scanner.masks[token] & bit:
            what = "type" if token == DOUBLE or token.startswith("%") else "global"
            span, located = token_span(module, fact.item, token)
            return Diagnostic.note(f"{head} through the {what} '{token}'", span), located
    span, located = function_span(module, fact.item)
    return Diagnostic.note(f"{head} here", span), located
