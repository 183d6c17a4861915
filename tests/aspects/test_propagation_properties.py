"""Property test: on random call graphs propagation equals a naive fixpoint and is idempotent."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.aspects.propagation import propagate, used_aspects, write_used_metadata
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.properties.profiles import DESIGN

ASPECTS = (1, 5, 6, 28, 58)


@st.composite
def graphs(
    draw: st.DrawFn,
) -> tuple[list[list[int]], list[frozenset[int]], list[frozenset[int] | None]]:
    count = draw(st.integers(1, 12))
    nodes = st.integers(0, count - 1)
    edges = [draw(st.lists(nodes, max_size=4)) for _ in range(count)]
    aspect_sets = st.frozensets(st.sampled_from(ASPECTS), max_size=2)
    own = [draw(aspect_sets) for _ in range(count)]
    allowed = [draw(st.none() | aspect_sets) for _ in range(count)]
    return edges, own, allowed


def module_text(
    edges: list[list[int]], own: list[frozenset[int]], allowed: list[frozenset[int] | None]
) -> str:
    nodes: list[str] = []
    out: list[str] = []
    for i, callees in enumerate(edges):
        extra = ""
        if own[i]:
            nodes.append("!{" + ", ".join(f"i32 {v}" for v in sorted(own[i])) + "}")
            extra += f" !intel_used_aspects !{len(nodes) - 1}"
        permitted = allowed[i]
        if permitted is not None:
            nodes.append("!{" + ", ".join(f"i32 {v}" for v in sorted(permitted)) + "}")
            extra += f" !intel_allowed_aspects !{len(nodes) - 1}"
        convention = "spir_kernel" if i % 3 == 0 else "spir_func"
        calls = "".join(f"  call spir_func void @f{c}()\n" for c in callees)
        out.append(f"define {convention} void @f{i}(){extra} {{\nentry:\n{calls}  ret void\n}}\n")
    out.extend(f"!{n} = {node}\n" for n, node in enumerate(nodes))
    return "\n".join(out)


def reference(
    edges: list[list[int]], own: list[frozenset[int]], allowed: list[frozenset[int] | None]
) -> list[frozenset[int]]:
    used = [own[i] | (allowed[i] or frozenset()) for i in range(len(edges))]
    changed = True
    while changed:
        changed = False
        for i, callees in enumerate(edges):
            grown = used[i].union(*(used[c] for c in callees))
            if grown != used[i]:
                used[i] = grown
                changed = True
    return used


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_matches_reference_fixpoint(
    graph: tuple[list[list[int]], list[frozenset[int]], list[frozenset[int] | None]],
) -> None:
    edges, own, allowed = graph
    text = module_text(edges, own, allowed)
    module = Module.parse(text, "random.ll")
    result = propagate(module, DESIGN)
    expected = reference(edges, own, allowed)
    for i, want in enumerate(expected):
        assert result.seed_used(f"f{i}") == want
        assert result.used(f"f{i}") == want
    warned = {(d.message.split("'")[1], d.message.split("'")[3]) for d in result.diagnostics}
    table = result.table
    missing = {
        (f"f{i}", table.name_of(v) or str(v))
        for i, permitted in enumerate(allowed)
        if permitted is not None
        for v in expected[i] - permitted
    }
    assert warned == missing
    write_used_metadata(module, result, DESIGN)
    out = module.render()
    assert verify_text(out, "random.ll") == []
    for i, want in enumerate(expected):
        assert used_aspects(module, f"f{i}", DESIGN) == want
    again = Module.parse(out, "random.ll")
    assert write_used_metadata(again, propagate(again, DESIGN), DESIGN) == 0
    assert again.render() == out
