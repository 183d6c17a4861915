"""Missing-aspect warnings: shortest chains from one walk per aspect, notes shared, any depth."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings

from propslower.aspects.missing import Chains
from propslower.aspects.propagation import PropagationResult, propagate
from propslower.ir.module import Module
from propslower.properties.profiles import DESIGN, DPCPP
from tests.aspects.chain_inputs import deep_chain
from tests.aspects.test_propagation_properties import ASPECTS, graphs, module_text


def bfs_chain(result: PropagationResult, start: int, bit: int, counts_declared: bool) -> list[int]:
    """The former per-warning search: breadth first from ``start``, stopping at the first
    function found whose own aspects hold ``bit`` (callees in call order)."""

    def own(j: int) -> bool:
        return bool((result.own[j] | (result.declared[j] if counts_declared else 0)) & bit)

    if own(start):
        return [start]
    parent = {start: start}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for callee in result.graph.successors[node]:
            if callee in parent or not result.checked_mask(callee, counts_declared) & bit:
                continue
            parent[callee] = node
            if own(callee):
                chain = [callee]
                while chain[-1] != start:
                    chain.append(parent[chain[-1]])
                return chain[::-1]
            queue.append(callee)
    return [start]


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_chains_match_a_search_per_warning(
    graph: tuple[list[list[int]], list[frozenset[int]], list[frozenset[int] | None]],
) -> None:
    result = propagate(Module.parse(module_text(*graph), "random.ll"), DESIGN)
    for counts_declared in (False, True):
        chains = Chains(result, counts_declared)
        for value in ASPECTS:
            bit = result.bits.bit(value)
            for start in range(len(result.own)):
                if result.checked_mask(start, counts_declared) & bit:
                    want = bfs_chain(result, start, bit, counts_declared)
                    assert chains.chain(start, bit) == want


def test_twenty_thousand_deep_chain() -> None:
    """One warning, a 20,000-deep chain: each step worked out once (quadratic before)."""
    text = deep_chain(20_000, kernel_attachments="!intel_allowed_aspects !0")
    result = propagate(Module.parse(text, "deep.ll"), DESIGN)
    [warning] = result.diagnostics
    assert warning.message.startswith("function 'k' uses aspect 'fp16'")
    assert len(warning.notes) == 20_000 + 1 + 1  # calls, the use, the '-g' hint
    assert warning.notes[0].message == "'k' calls 'f0', which uses it"
    assert warning.notes[-3].message == "'f19998' calls 'f19999', which uses it"
    assert warning.notes[-2].message.startswith("'f19999' uses aspect 'fp16' through its")


def test_chains_through_one_suffix_share_it() -> None:
    """Warnings whose chains end alike work each step out once and share the notes."""
    depth = 2_000
    text = deep_chain(depth, kernel_attachments="!sycl_declared_aspects !0", leaf="")
    for i in range(0, depth, 100):
        text = text.replace(
            f"define spir_func void @f{i}() ",
            f"define spir_func void @f{i}() !sycl_declared_aspects !0 ",
        )
    text = text.replace(f"@f{depth - 1}() ", f"@f{depth - 1}() !sycl_used_aspects !1 ")
    result = propagate(Module.parse(text, "shared.ll"), DPCPP)
    assert len(result.diagnostics) == depth // 100
    first, second = result.diagnostics[-2:]
    assert first.notes[-20:] == second.notes[-20:]
    assert all(a is b for a, b in zip(first.notes[-20:-1], second.notes[-20:-1], strict=True))
    chains = Chains(result, DPCPP.allowed_counts_as_use)
    bit = result.bits.bit(5)
    for start in sorted(result.allowed):
        chains.chain(start, bit)
    assert chains.steps_worked_out == depth - 1  # one per call from f0 (the first checked) down
