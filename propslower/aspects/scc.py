"""Strongly connected components by an iterative Tarjan (no recursion, any graph size)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence


def strongly_connected_components(successors: Sequence[Sequence[int]]) -> list[list[int]]:
    """The SCCs of the graph, callees before callers (reverse topological order).

    Every component comes after all components it has edges into, so a single pass in this
    order sees each callee's final value before its callers.
    """
    count = len(successors)
    unvisited = -1
    # Flat arrays, not lists of int objects: far fewer cache misses on 100k+ nodes.
    index = array("q", [unvisited]) * count
    low = array("q", [0]) * count
    on_stack = bytearray(count)
    stack: list[int] = []
    components: list[list[int]] = []
    counter = 0
    for root in range(count):
        if index[root] != unvisited:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = 1
        work: list[tuple[int, int]] = [(root, 0)]
        while work:
            node, position = work[-1]
            succ = successors[node]
            advanced = False
            while position < len(succ):
                child = succ[position]
                position += 1
                if index[child] == unvisited:
                    work[-1] = (node, position)
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack[child] = 1
                    work.append((child, 0))
                    advanced = True
                    break
                if on_stack[child] and index[child] < low[node]:
                    low[node] = index[child]
            if advanced:
                continue
            work.pop()
            if low[node] == index[node]:
                component: list[int] = []
                while True:
                    member = stack.pop()
                    on_stack[member] = 0
                    component.append(member)
                    if member == node:
                        break
                components.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return components
