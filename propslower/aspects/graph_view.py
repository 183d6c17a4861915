"""Which part of the call graph ``aspects --graph`` draws: from some kernels, or only the
chains behind a warning; and how large a graph Graphviz is asked to lay out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from propslower.aspects.suggest import did_you_mean
from propslower.diagnostics import Diagnostic, DiagnosticError

if TYPE_CHECKING:
    from propslower.aspects.propagation import PropagationResult

MAX_RENDERED_NODES = 1500
"""More functions than this are not sent to ``dot`` (its layout took minutes at 13,000)."""


def graph_roots(result: PropagationResult, kernels: Sequence[str]) -> list[int]:
    """The entry points to draw from: all of them, or those named (a usage error if unknown)."""
    graph = result.graph
    if not kernels:
        return list(graph.roots)
    roots: list[int] = []
    for name in kernels:
        index = graph.index.get(name.removeprefix("@"))
        if index is None:
            known = [graph.names[i] for i in graph.roots]
            raise DiagnosticError(
                Diagnostic.error(
                    f"--graph-kernel: no function '{name}' in the module",
                    None,
                    did_you_mean(name, known, "entry points"),
                )
            )
        roots.append(index)
    return roots


def warning_nodes(
    result: PropagationResult, nodes: Sequence[int], counts_declared: bool
) -> list[int]:
    """Of ``nodes``, those on a chain behind a warning: every caller above an edge that brings
    in an aspect its caller does not allow, and below it every function bringing that aspect."""
    graph = result.graph
    shown = set(nodes)
    callers: dict[int, list[int]] = {}
    offending: list[int] = []
    below: list[tuple[int, int]] = []
    for caller in nodes:
        allowed = result.allowed.get(caller)
        for callee, _ in graph.callees(caller):
            if callee not in shown:
                continue
            callers.setdefault(callee, []).append(caller)
            if allowed is None:
                continue
            extra = result.checked_mask(callee, counts_declared) & ~allowed.mask
            if extra:
                offending.append(caller)
                below.append((callee, extra))
    kept: set[int] = set()
    up = list(offending)
    while up:  # whoever reaches an offending edge
        node = up.pop()
        if node not in kept:
            kept.add(node)
            up.extend(callers.get(node, ()))
    seen_below: set[int] = set()
    while below:  # whoever brings the aspects it is not allowed
        node, mask = below.pop()
        if node in seen_below or not result.checked_mask(node, counts_declared) & mask:
            continue
        seen_below.add(node)
        kept.add(node)
        below.extend((callee, mask) for callee, _ in graph.callees(node) if callee in shown)
    return [node for node in nodes if node in kept]


def check_size(nodes: Sequence[int], path: str, rendered: bool) -> None:
    """Refuse to send Graphviz a graph it cannot lay out in reasonable time."""
    if rendered and len(nodes) > MAX_RENDERED_NODES:
        raise DiagnosticError(
            Diagnostic.error(
                f"cannot write '{path}': the graph has {len(nodes)} functions, more than "
                f"Graphviz lays out in reasonable time ({MAX_RENDERED_NODES}); draw part of it "
                "with --graph-kernel NAME or --graph-warnings, or write DOT (a .dot file)"
            )
        )
