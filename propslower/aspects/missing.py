"""Warnings for functions that use aspects their allowed list does not name, with call chains.

One warning per missing aspect, functions in module order and aspects ascending, followed
by one note per call on the shortest chain (first callee in call order on ties) down to a
function that really uses the aspect, and a note saying how that function uses it.
"""

from __future__ import annotations

import itertools
from collections import deque
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
    found: list[tuple[int, int, list[int]]] = []
    counts_declared = profile.allowed_counts_as_use
    for i in sorted(result.allowed):
        extra = result.checked_mask(i, counts_declared) & ~result.allowed[i].mask
        for value in sorted(result.bits.values(extra)):
            if value >= 0:
                chain = _chain(result, i, result.bits.bit(value), counts_declared)
                found.append((i, value, chain))
    if not found:
        return []
    names = demangle_all(result.graph.names[j] for _, _, chain in found for j in chain)
    return [
        _warning(module, result, profile, names=names, function=i, value=value, chain=chain)
        for i, value, chain in found
    ]


def _own(result: PropagationResult, j: int, bit: int, counts_declared: bool) -> bool:
    own = result.own[j] | (result.declared[j] if counts_declared else 0)
    return bool(own & bit)


def _chain(result: PropagationResult, start: int, bit: int, counts_declared: bool) -> list[int]:
    """The shortest call chain from ``start`` to a function whose own aspects hold ``bit``."""
    if _own(result, start, bit, counts_declared):
        return [start]
    parent = {start: start}
    queue = deque([start])
    successors = result.graph.successors
    while queue:
        node = queue.popleft()
        for callee in successors[node]:
            if callee in parent or not result.checked_mask(callee, counts_declared) & bit:
                continue
            parent[callee] = node
            if _own(result, callee, bit, counts_declared):
                chain = [callee]
                while chain[-1] != start:
                    chain.append(parent[chain[-1]])
                return chain[::-1]
            queue.append(callee)
    return [start]


def _warning(
    module: Module,
    result: PropagationResult,
    profile: Profile,
    *,
    names: dict[str, str],
    function: int,
    value: int,
    chain: list[int],
) -> Diagnostic:
    graph = result.graph
    aspect = result.table.name_of(value) or str(value)
    shown = names.get(graph.names[function], graph.names[function])
    template = (
        profile.aspect_property_warning
        if result.allowed[function].from_property
        else profile.aspect_warning
    )
    span, debug = function_span(module, result.facts[function].item)
    notes: list[Diagnostic] = []
    for caller, callee in itertools.pairwise(chain):
        caller_name, callee_name = graph.names[caller], graph.names[callee]
        text = profile.aspect_chain_note.format(
            caller=names.get(caller_name, caller_name), function=names.get(callee_name, callee_name)
        )
        position = graph.successors[caller].index(callee)
        note_span: Span | None = None
        if graph.edge_kind(caller, position) is EdgeKind.INDIRECT:
            text += " (through its 'calls-indirectly' sets)"
        else:
            note_span, located = call_span(module, result.facts[caller].item, callee_name)
            debug = debug or located
        notes.append(Diagnostic.note(text, note_span))
    origin, located = _origin(module, result, profile, names=names, leaf=chain[-1], value=value)
    notes.append(origin)
    if not (debug or located):
        notes.append(Diagnostic.note(NO_DEBUG_HINT))
    message = template.format(function=shown, aspect=aspect)
    return Diagnostic.warning(message, span, *notes)


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
    for token in scanner.tokens_of(fact.item.text) if fact.is_definition else ():
        if scanner.masks[token] & bit:
            what = "type" if token == DOUBLE or token.startswith("%") else "global"
            span, located = token_span(module, fact.item, token)
            return Diagnostic.note(f"{head} through the {what} '{token}'", span), located
    span, located = function_span(module, fact.item)
    return Diagnostic.note(f"{head} here", span), located
