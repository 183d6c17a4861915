"""The call graph from the entry points as Graphviz DOT (and SVG/PNG/PDF through ``dot``).

Nodes are labelled with their *Used* aspects (own and allowed, propagated); entry points
are boxes; a function with an allowed list shows it. An edge that brings in an aspect the
caller is not allowed is red and labelled with those aspects; indirect-set edges are dashed.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from propslower.aspects.callgraph import EdgeKind
from propslower.aspects.demangle import demangle_all
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.textio import write_atomically

if TYPE_CHECKING:
    from propslower.aspects.propagation import PropagationResult

RENDERED = frozenset({"svg", "png", "pdf"})
"""File suffixes rendered through Graphviz's ``dot``; anything else gets the DOT text."""
_MAX_LABEL = 60


def _quote(*lines: str) -> str:
    """A DOT string of ``lines`` joined by DOT line breaks."""
    escaped = (line.replace("\\", "\\\\").replace('"', '\\"') for line in lines)
    return '"' + "\\n".join(escaped) + '"'


def _short(name: str) -> str:
    return name if len(name) <= _MAX_LABEL else name[: _MAX_LABEL - 1] + "…"


def _names(result: PropagationResult, mask: int) -> str:
    values = sorted(result.bits.values(mask))
    return ", ".join(result.table.name_of(v) or str(v) for v in values)


def call_graph_dot(
    result: PropagationResult, counts_declared: bool, nodes: Sequence[int] | None = None
) -> str:
    """The DOT text of ``nodes`` (default: the graph reachable from the entry points)."""
    graph = result.graph
    if nodes is None:
        nodes = graph.reachable(graph.roots)
    drawn = set(nodes)
    shown = demangle_all(graph.names[i] for i in nodes)
    roots = set(graph.roots)
    lines = [
        "digraph aspects {",
        "  rankdir=TB;",
        '  node [shape=ellipse, fontname="Helvetica", fontsize=10];',
        '  edge [fontname="Helvetica", fontsize=9];',
    ]
    for i in nodes:
        name = graph.names[i]
        label = [_short(shown.get(name, name))]
        used = result.used_closure[i] | result.declared_closure[i]
        label.append(f"uses: {{{_names(result, used)}}}")
        allowed = result.allowed.get(i)
        attributes = ["shape=box, style=bold"] if i in roots else []
        if allowed is not None:
            label.append(f"allowed: {{{_names(result, allowed.mask)}}}")
            if result.checked_mask(i, counts_declared) & ~allowed.mask:
                attributes.append("color=red, fontcolor=red")
        attributes.insert(0, f"label={_quote(*label)}")
        lines.append(f"  n{i} [{', '.join(attributes)}];")
    for i in nodes:
        allowed = result.allowed.get(i)
        for callee, kind in graph.callees(i):
            if callee not in drawn:
                continue
            style = ["style=dashed"] if kind is EdgeKind.INDIRECT else []
            brought = result.checked_mask(callee, counts_declared)
            extra = 0 if allowed is None else brought & ~allowed.mask
            if extra:
                style += ["color=red", "penwidth=2", f"label={_quote(_names(result, extra))}"]
                style.append("fontcolor=red")
            lines.append(f"  n{i} -> n{callee}{' [' + ', '.join(style) + ']' if style else ''};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_graph(dot_text: str, path: str) -> None:
    """Write ``dot_text`` to ``path``: rendered by ``dot`` for .svg/.png/.pdf, else as DOT."""
    suffix = Path(path).suffix.lstrip(".").lower()
    if suffix not in RENDERED:
        write_atomically(path, dot_text)
        return
    dot = shutil.which("dot")
    if dot is None:
        raise DiagnosticError(
            Diagnostic.error(
                f"cannot write '{path}': Graphviz 'dot' is not installed (write a .dot file)"
            )
        )
    done = subprocess.run(
        [dot, f"-T{suffix}"], input=dot_text.encode(), capture_output=True, check=False
    )
    if done.returncode != 0:
        detail = done.stderr.decode(errors="replace").strip().splitlines()
        raise DiagnosticError(
            Diagnostic.error(f"dot failed on '{path}': {detail[0] if detail else 'error'}")
        )
    write_atomically(path, done.stdout)
