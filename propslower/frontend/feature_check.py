"""The compile-time aspect check: Used vs Allowed over the translation unit's call graph.

See docs/design/aspects.md, "Propagation and the missing-aspect warning".

``Used(F)`` is F's own uses (types, ``uses_aspects``), plus — when the profile counts them —
the aspects its callees' ``requires`` lists allow, plus ``Used`` of every callee. A function
with an allowed list gets one warning per aspect of ``Used`` the list does not name, at its
attribute, with a note at each call down the shortest chain (first callee in call order on
ties) and a last note at the use itself. Functions in source order of their attribute,
aspects ascending.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Sequence

from propslower.aspects.scc import reachable_unions
from propslower.diagnostics import Diagnostic, Span
from propslower.frontend.feature_model import (
    FunctionFeatures,
    TableLoader,
    TranslationUnitFeatures,
)
from propslower.properties.profiles import Profile


class _Graph:
    """The functions by index, their callees, own aspects and ``Used`` sets."""

    def __init__(self, functions: Sequence[FunctionFeatures], counts_allowed: bool) -> None:
        self.functions = list(functions)
        index = {f.ir_name: i for i, f in enumerate(self.functions)}
        self.successors = [
            [index[c.callee] for c in f.calls if c.callee in index] for f in self.functions
        ]
        self.counts_allowed = counts_allowed
        self.own = [self._own(f) for f in self.functions]
        self.used = reachable_unions(self.successors, self.own)

    def _own(self, function: FunctionFeatures) -> frozenset[int]:
        own = set(function.used_values)
        if self.counts_allowed and function.allowed is not None:
            own.update(function.allowed.values)
        return frozenset(own)

    def chain(self, start: int, value: int) -> list[int]:
        """The shortest call chain from ``start`` to a function that uses ``value`` itself."""
        parent = {start: start}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            if value in self.own[node]:
                chain = [node]
                while chain[-1] != start:
                    chain.append(parent[chain[-1]])
                return chain[::-1]
            for callee in self.successors[node]:
                if callee not in parent and value in self.used[callee]:
                    parent[callee] = node
                    queue.append(callee)
        return [start]


def missing_aspect_warnings(
    features: TranslationUnitFeatures, profile: Profile, table: TableLoader
) -> list[Diagnostic]:
    """One warning (with its call chain as notes) per aspect used but not allowed."""
    if all(function.allowed is None for function in features.functions):
        return []
    graph = _Graph(features.functions, profile.allowed_counts_as_use)
    checked = [i for i, f in enumerate(graph.functions) if f.allowed is not None]
    checked.sort(key=lambda i: _order(graph.functions[i]))
    warnings: list[Diagnostic] = []
    for i in checked:
        function = graph.functions[i]
        allowed = function.allowed
        assert allowed is not None
        for value in sorted(graph.used[i] - set(allowed.values)):
            aspect = table().name_of(value) or str(value)
            message = profile.aspect_warning.format(function=function.name, aspect=aspect)
            notes = _notes(graph, graph.chain(i, value), value, aspect, profile)
            warnings.append(Diagnostic.warning(message, allowed.span, *notes))
    return warnings


def _order(function: FunctionFeatures) -> tuple[str, int, int, str]:
    span: Span | None = None if function.allowed is None else function.allowed.span
    if span is None:
        return ("", 0, 0, function.name)
    return (span.file, span.line, span.column, function.name)


def _notes(
    graph: _Graph, chain: list[int], value: int, aspect: str, profile: Profile
) -> list[Diagnostic]:
    notes: list[Diagnostic] = []
    for caller, callee in itertools.pairwise(chain):
        caller_f, callee_f = graph.functions[caller], graph.functions[callee]
        text = profile.aspect_chain_note.format(caller=caller_f.name, function=callee_f.name)
        site = next(c for c in caller_f.calls if c.callee == callee_f.ir_name)
        notes.append(Diagnostic.note(text, site.span))
    leaf = graph.functions[chain[-1]]
    use = next((u for u in leaf.uses if u.aspect == value), None)
    if use is not None:
        text = f"'{leaf.name}' uses aspect '{aspect}' {use.reason}"
        notes.append(Diagnostic.note(text, use.span))
    elif leaf.allowed is not None and value in leaf.allowed.values:
        text = f"'{leaf.name}' lists aspect '{aspect}' in its {leaf.allowed.spelling} attribute"
        notes.append(Diagnostic.note(text, leaf.allowed.span))
    return notes
