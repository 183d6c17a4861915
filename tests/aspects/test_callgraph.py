"""The call graph: direct callees once each in call order, then indirect-set members."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from propslower.aspects.callgraph import EdgeKind, build_call_graph
from propslower.aspects.scan import scan_functions
from propslower.ir.module import Module

TEXT = """\
@table = global ptr @b

define spir_kernel void @k() #0 {
entry:
  call void @b()
  call void @a()
  call void @b()
  call void @llvm.donothing()
  call void @alias()
  ret void
}

define void @a() #1 {
  ret void
}

define void @b() #1 {
  ret void
}

define void @c() #2 {
  ret void
}

declare void @llvm.donothing()

@alias = alias void (), ptr @a

attributes #0 = { "calls-indirectly"="s,t" }
attributes #1 = { "indirectly-callable"="s" }
attributes #2 = { "indirectly-callable"="t" }
"""


def test_direct_callees_come_once_in_call_order_then_the_sets_members() -> None:
    graph = build_call_graph(scan_functions(Module(TEXT)))
    assert graph.names == ["k", "a", "b", "c", "llvm.donothing"]
    k = graph.index["k"]
    # @alias names no function: dropped; @b twice: once; @a is both called and in set s
    assert [graph.names[j] for j in graph.successors[k]] == ["b", "a", "llvm.donothing", "c"]
    assert [kind for _, kind in graph.callees(k)] == [EdgeKind.DIRECT] * 3 + [EdgeKind.INDIRECT]
    assert graph.indirect[k] == 1
    assert graph.roots == [k]


def test_indirect_sets_count_only_where_the_test_holds() -> None:
    graph = build_call_graph(scan_functions(Module(TEXT)), virtual_call=lambda fact: False)
    k = graph.index["k"]
    assert [graph.names[j] for j in graph.successors[k]] == ["b", "a", "llvm.donothing"]
    assert graph.indirect[k] == 0


@given(st.lists(st.lists(st.integers(0, 6), max_size=6), min_size=1, max_size=6))
def test_successors_are_the_defined_callees_deduplicated(calls: list[list[int]]) -> None:
    # functions @f0.. @f<n-1> exist; @f<n> and above are called but never declared
    count = len(calls)
    bodies = ["".join(f"  call void @f{callee}()\n" for callee in callees) for callees in calls]
    text = "".join(
        f"define void @f{n}() {{\n{body}  ret void\n}}\n" for n, body in enumerate(bodies)
    )
    graph = build_call_graph(scan_functions(Module(text)))
    for n, callees in enumerate(calls):
        expected = [c for c in dict.fromkeys(callees) if c < count]
        assert list(graph.successors[n]) == expected
