"""Unions over reachable nodes: equal to a naive fixpoint on any graph, cycles included."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.aspects.scc import reachable_unions


@st.composite
def graphs(draw: st.DrawFn) -> tuple[list[list[int]], list[int]]:
    count = draw(st.integers(1, 14))
    nodes = st.integers(0, count - 1)
    successors = [draw(st.lists(nodes, max_size=4)) for _ in range(count)]
    values = [draw(st.integers(0, 255)) for _ in range(count)]
    return successors, values


def naive(successors: list[list[int]], values: list[int]) -> list[int]:
    unions = list(values)
    changed = True
    while changed:
        changed = False
        for node, callees in enumerate(successors):
            grown = unions[node]
            for callee in callees:
                grown |= unions[callee]
            if grown != unions[node]:
                unions[node], changed = grown, True
    return unions


@settings(max_examples=400)
@given(graphs())
def test_unions_equal_the_naive_fixpoint(graph: tuple[list[list[int]], list[int]]) -> None:
    successors, values = graph
    assert reachable_unions(successors, values) == naive(successors, values)


@given(graphs())
def test_sets_union_like_masks(graph: tuple[list[list[int]], list[int]]) -> None:
    successors, values = graph
    sets = [frozenset(bit for bit in range(8) if value >> bit & 1) for value in values]
    masks = reachable_unions(successors, values)
    assert reachable_unions(successors, sets) == [
        frozenset(bit for bit in range(8) if mask >> bit & 1) for mask in masks
    ]


def test_a_cycle_shares_one_union_and_its_callers_get_it() -> None:
    # 0 -> 1 -> 2 -> 1, 2 -> 3; 4 alone
    successors = [[1], [2], [1, 3], [], []]
    values = [1, 2, 4, 8, 16]
    assert reachable_unions(successors, values) == [15, 14, 14, 8, 16]


def test_a_chain_deeper_than_the_recursion_limit() -> None:
    depth = 200_000
    successors = [[node + 1] for node in range(depth - 1)] + [[0, depth - 1]]
    values = [0] * depth
    values[depth // 2] = 1
    assert reachable_unions(successors, values) == [1] * depth
