"""Unions of values over everything a node reaches, by an iterative Tarjan (no recursion, any
graph size; each strongly connected component gets one union)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TypeVar

U = TypeVar("U", int, frozenset[int])
"""What is unioned: aspect masks, or sets of aspect values."""


def reachable_unions(successors: Sequence[Sequence[int]], values: Sequence[U]) -> list[U]:
    """For each node, the union (``|``) of ``values`` over every node it reaches, itself
    included: one iterative Tarjan pass, each strongly connected component getting one union.

    The unions are built during the walk, so no second pass over the edges is needed: a node
    takes what each callee has gathered when it looks at it, and hands its own to its parent
    in the walk when it is done. A callee in a finished component has its component's whole
    union; one still on the stack is in the node's own component, and the component's root
    ends up with every member's union (each member hands it up the walk), which the members
    then take when the component is popped.
    """
    count = len(successors)
    unvisited = -1
    # Flat arrays, not lists of int objects: far fewer cache misses on 100k+ nodes.
    index = array("q", [unvisited]) * count
    low = array("q", [0]) * count
    on_stack = bytearray(count)
    gathered = list(values)
    stack: list[int] = []
    counter = 0
    for root in range(count):
        if index[root] != unvisited:
            continue
        work: list[tuple[int, int]] = [(root, 0)]
        while work:
            node, position = work[-1]
            if position == 0:  # its first visit
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack[node] = 1
            succ = successors[node]
            mask = gathered[node]
            while position < len(succ):
                child = succ[position]
                position += 1
                if index[child] == unvisited:
                    gathered[node] = mask
                    work[-1] = (node, position)
                    work.append((child, 0))
                    break
                mask |= gathered[child]
                if on_stack[child] and index[child] < low[node]:
                    low[node] = index[child]
            else:
                work.pop()
                gathered[node] = mask
                if low[node] == index[node]:  # a component's root: its members' unions are in
                    while True:
                        member = stack.pop()
                        on_stack[member] = 0
                        gathered[member] = mask
                        if member == node:
                            break
                if work:
                    parent = work[-1][0]
                    gathered[parent] |= mask
                    low[parent] = min(low[parent], low[node])
    return gathered
