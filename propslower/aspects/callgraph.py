"""The call graph aspect propagation walks: direct calls plus DPC++ indirect-call sets.

A function with ``"calls-indirectly"="S1,S2"`` gets an edge to every function with
``"indirectly-callable"="S1"`` or ``"S2"`` (virtual functions, intel/llvm
VirtualFunctions.md): whether or not it contains a call, or, when the caller gives a
``virtual_call`` test (``dpcpp``, as newer DPC++), only if it makes a virtual call. Roots
are the entry points: kernels and exported (SYCL_EXTERNAL) device functions.
"""

from __future__ import annotations

import enum
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from propslower.aspects.scan import (
    CALLS_INDIRECTLY,
    INDIRECTLY_CALLABLE,
    FunctionFacts,
    ScannedFunctions,
)


class EdgeKind(enum.Enum):
    """How a caller reaches a callee."""

    DIRECT = "direct"
    INDIRECT = "indirect"
    """Through a ``calls-indirectly`` set."""


@dataclass(frozen=True)
class CallGraph:
    """Functions by index, successor lists in call order, and the entry points."""

    names: list[str]
    index: dict[str, int]
    successors: list[array[int]]
    """Callee indices of each function: direct calls in call order, then indirect-set members
    (flat ``array('i')`` per function: compact and cache-friendly on large graphs)."""
    indirect: list[int]
    """How many of the last successors of each function come from indirect-call sets."""
    roots: list[int]
    """Entry points in module order."""

    def edge_kind(self, caller: int, position: int) -> EdgeKind:
        """The kind of ``successors[caller][position]``."""
        direct = len(self.successors[caller]) - self.indirect[caller]
        return EdgeKind.DIRECT if position < direct else EdgeKind.INDIRECT

    def callees(self, caller: int) -> list[tuple[int, EdgeKind]]:
        """The callees of ``caller`` with how it calls them."""
        succ = self.successors[caller]
        direct = len(succ) - self.indirect[caller]
        return [
            (c, EdgeKind.DIRECT if i < direct else EdgeKind.INDIRECT) for i, c in enumerate(succ)
        ]

    def reachable(self, starts: Iterable[int]) -> list[int]:
        """Every function reachable from ``starts`` (themselves included), in visit order."""
        seen: set[int] = set()
        order: list[int] = []
        stack = list(starts)[::-1]
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            order.append(node)
            stack.extend(reversed(self.successors[node]))
        return order


def _set_names(value: str | None) -> list[str]:
    return [name.strip() for name in (value or "").split(",") if name.strip()]


def build_call_graph(
    scanned: ScannedFunctions, virtual_call: Callable[[FunctionFacts], bool] | None = None
) -> CallGraph:
    """The graph over ``scanned`` (calls to names that are not functions are dropped); with
    ``virtual_call``, indirect-call sets count only for functions it holds true of."""
    facts = scanned.facts
    members: dict[str, list[int]] = {}
    for i, fact in enumerate(facts):
        for set_name in _set_names(fact.attributes.get(INDIRECTLY_CALLABLE)):
            members.setdefault(set_name, []).append(i)
    successors: list[array[int]] = []
    indirect: list[int] = []
    for fact in facts:
        succ = fact.callees
        extra: list[int] = []
        sets = fact.attributes.get(CALLS_INDIRECTLY)
        if sets is not None and (virtual_call is None or virtual_call(fact)):
            known = set(succ)
            for set_name in _set_names(sets):
                for member in members.get(set_name, ()):
                    if member not in known:
                        known.add(member)
                        extra.append(member)
            if extra:
                succ = succ + array("i", extra)
        successors.append(succ)
        indirect.append(len(extra))
    roots = [i for i, fact in enumerate(facts) if fact.is_entry_point]
    names = [fact.name for fact in facts]
    return CallGraph(names, scanned.index, successors, indirect, roots)
