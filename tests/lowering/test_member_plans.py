"""member_plans: member rows worked out in a child give what the rows give without one."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import propslower
from propslower.diagnostics import DiagnosticError
from propslower.forked import Forked
from propslower.ir.module import Module
from propslower.lowering import member_plans, members
from propslower.lowering.lower import apply_placements
from propslower.lowering.member_plans import MemberPlans, member_keys
from propslower.lowering.placements import MemberTarget, ParameterTarget, Placement
from propslower.lowering.spec_lines import read_simple_rows
from propslower.properties.model import Property, PropertyList
from propslower.properties.profiles import DESIGN
from propslower.properties.values import NoValue, StringValue
from tests.lowering.test_member_lines import PREAMBLE, _placement

FUNCTION = """
define spir_func void @f{index}(ptr addrspace(1) %p, ptr %q) {{
entry:
{body}  ret void
}}
"""
RESULTS = ["%field", "%0", "%x.y"]
LINES = [
    "  {r} = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 1\n",
    "  %u{n} = load float, ptr addrspace(1) {r}, align 4\n",
    "  store float 1.0, ptr addrspace(1) {r}, align 4\n",
    "  {r} = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 0\n",
    "  %field.annotated = load i32, ptr %q\n",  # the wrapper's name is taken
    "  %a{n} = call ptr addrspace(1) @llvm.ptr.annotation.p1.p0(ptr addrspace(1) {r}, ptr @s,"
    " ptr @s, i32 1, ptr null)\n",  # maybe done already
    "  %a{n} = call ptr @llvm.ptr.annotation.p1.p0(ptr addrspace(1) {r})\n",  # invalid IR
    "  switch i32 0, label %entry [\n    i32 1, label %entry\n  ]\n",  # not a simple body
]
HEADER_VALUES = [
    "plain",
    "%field",
    "%field.annotated",
    "%v0.annotated",
    "%x.y",
    "llvm.ptr.annotation",
]
"""What a parameter row writes into a header: names the plan searches the function for."""


@st.composite
def bodies(draw: st.DrawFn) -> str:
    picks = draw(st.lists(st.tuples(st.sampled_from(LINES), st.sampled_from(RESULTS)), max_size=6))
    return "".join(line.format(r=r, n=n) for n, (line, r) in enumerate(picks))


@pytest.fixture
def planning(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Plans for any number of functions, on a machine of any core count; yields the pids of
    the processes that made ``plan`` calls."""
    monkeypatch.setattr(member_plans, "PLAN_AT", 0)
    monkeypatch.setattr(member_plans, "several_cores", lambda: True)
    callers: list[int] = []
    original = member_plans.plan

    def plan(*args: Any) -> Any:
        callers.append(os.getpid())
        return original(*args)

    monkeypatch.setattr(member_plans, "plan", plan)
    yield callers


def lowered(text: str, placements: list[Placement], plans: bool) -> tuple[str, list[str]]:
    """The module and the errors after ``apply_placements``, with plans or without."""
    module = Module(text, "m.ll")
    start = MemberPlans.start
    try:
        if not plans:
            MemberPlans.start = lambda *_args: None  # type: ignore[method-assign]
        errors = [str(d) for d in apply_placements(module, placements, DESIGN, plan=True)]
    except DiagnosticError as error:
        errors = [str(error)]
    finally:
        MemberPlans.start = start  # type: ignore[method-assign]
    return module.render(), errors


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    functions=st.lists(st.tuples(bodies(), st.sampled_from(HEADER_VALUES)), min_size=1, max_size=4)
)
def test_the_rows_lower_the_same_with_plans_or_without(
    planning: list[int], functions: list[tuple[str, str]]
) -> None:
    text = PREAMBLE + "".join(
        FUNCTION.format(index=i, body=body) for i, (body, _) in enumerate(functions)
    )
    placements = [
        Placement(
            ParameterTarget(f"f{i}", 1),
            PropertyList((Property("sycl-x", StringValue(value)),)),
        )
        for i, (_, value) in enumerate(functions)
    ]
    placements.append(_placement())
    used: list[bool] = []
    written = member_plans._Calls.written

    def recording(calls: Any, body: str, header: str) -> Any:
        found = written(calls, body, header)
        used.append(found is not None)
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(member_plans._Calls, "written", recording)
        with_plans = lowered(text, placements, plans=True)
    event(f"plans used: {used.count(True)}, refused for a header: {used.count(False)}")
    assert with_plans == lowered(text, placements, plans=False)


def test_a_plan_is_used_only_where_the_header_allows(planning: list[int]) -> None:
    body = LINES[0].format(r="%field") + LINES[1].format(r="%field", n=0)
    text = PREAMBLE + FUNCTION.format(index=0, body=body) + FUNCTION.format(index=1, body=body)
    module = Module(text, "m.ll")
    plans = MemberPlans.start(module, [_placement()])
    assert plans is not None
    try:
        edits = plans.edits(("%struct.Pair", "1"), lambda space, p: f"call ptr @a({space}, {p})")
        first, second = module.functions_containing("%struct.Pair")
        second.item().set_header_text(second.header_text.replace("%q", "%field"))
        assert edits(first) == (
            "entry:\n"
            + LINES[0].format(r="%field")
            + "  %field.annotated = call ptr @a(1, %field)\n"
            + LINES[1].format(r="%field.annotated", n=0)
            + "  ret void\n}\n",
            1,
        )
        assert edits(second) is None  # the header now holds the GEP's result
        first.set_body("entry:\n  ret void\n}\n")
        assert edits(first) is None  # the body changed since
    finally:
        plans.close()


@pytest.mark.parametrize("child_claims", [0, 3, 8])
def test_the_parent_plans_what_the_child_leaves(
    planning: list[int], monkeypatch: pytest.MonkeyPatch, child_claims: int
) -> None:
    body = LINES[0].format(r="%field") + LINES[1].format(r="%field", n=0)
    text = PREAMBLE + "".join(FUNCTION.format(index=i, body=body) for i in range(8))
    expected = lowered(text, [_placement()], plans=False)
    forward = member_plans._forward

    def claiming(work: list[Any], progress: Any) -> Any:
        with memoryview(progress).cast("q") as claimed:
            claimed[1] = child_claims  # as if the parent had claimed the rest
        return forward(work, progress)

    class Inline(Forked[Any]):
        @classmethod
        def start(cls, work: Callable[[], Any], *, fork: bool = True) -> Any:
            return cls.done(work())  # the child's part, deterministically, before the rows

    def unplanned(*_args: object) -> None:
        raise AssertionError("a function was lowered without its plan")

    monkeypatch.setattr(member_plans, "_forward", claiming)
    monkeypatch.setattr(member_plans, "Forked", Inline)
    monkeypatch.setattr(members, "annotated_text", unplanned)
    assert lowered(text, [_placement()], plans=True) == expected
    assert len(planning) == 8  # each function once, by the child or the parent


def test_no_plans_where_no_child_is_worth_it(monkeypatch: pytest.MonkeyPatch) -> None:
    body = LINES[0].format(r="%field")
    module = Module(PREAMBLE + FUNCTION.format(index=0, body=body), "m.ll")
    assert MemberPlans.start(module, [_placement()]) is None  # one function
    monkeypatch.setattr(member_plans, "PLAN_AT", 0)
    monkeypatch.setattr(member_plans, "several_cores", lambda: False)
    assert MemberPlans.start(module, [_placement()]) is None  # one core
    monkeypatch.setattr(member_plans, "several_cores", lambda: True)
    assert MemberPlans.start(module, []) is None  # no member row
    typed_function = "define void @t(%struct.Pair addrspace(1)* %p) {\n  ret void\n}\n"
    typed = Module(PREAMBLE + typed_function, "m.ll")
    assert not typed.opaque_pointers
    assert MemberPlans.start(typed, [_placement()]) is None  # typed pointers: no text path
    plans = MemberPlans.start(module, [_placement()])
    assert plans is not None
    plans.close()


def test_member_keys_read_spec_rows_without_making_placements() -> None:
    spec = (
        "functions:\n  k: {a: 1}\n"
        "members:\n  struct.Pair:\n    1: {b: 2}\n    0: {c: 3}\n"
        "  struct.PairX:\n    0: {e: 5}\n"
    )
    rows = read_simple_rows(spec, "s.yaml")
    assert rows is not None
    keys = [("%struct.Pair", "1"), ("%struct.Pair", "0"), ("%struct.PairX", "0")]
    assert member_keys(rows) == keys
    assert member_keys(list(rows)) == keys
    odd = Placement(MemberTarget("struct.odd name", 1), PropertyList(()))
    assert member_keys([odd, _placement(), _placement()]) == [
        ('%"struct.odd name"', "1"),
        ("%struct.Pair", "1"),
    ]


@pytest.mark.parametrize(
    "extra",
    [
        "declare ptr @llvm.ptr.annotation.p1.p0(ptr addrspace(1), ptr, ptr, i32, ptr) +\n",
        "define void @f9(ptr %p) \ufeff{\n"
        "  %x = getelementptr %struct.Pair, ptr %p, i32 0, i32 1\n  ret void\n}\n",
    ],
)
def test_what_the_lowering_reports_is_reported_in_its_place_with_plans(
    planning: list[int], extra: str
) -> None:
    body = LINES[0].format(r="%field") + LINES[1].format(r="%field", n=0)
    text = PREAMBLE + FUNCTION.format(index=0, body=body) + extra
    placements = [
        Placement(ParameterTarget("missing", 0), PropertyList((Property("sycl-x", NoValue()),))),
        _placement(),
    ]
    with_plans = lowered(text, placements, plans=True)
    assert with_plans == lowered(text, placements, plans=False)
    assert "no function '@missing'" in with_plans[1][0]  # in its place, before the member's
    if extra.startswith("declare"):
        assert "malformed function header" in with_plans[1][1]


def test_the_library_forks_no_child_unless_asked(
    planning: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(*_args: object) -> None:
        raise AssertionError("a child was started")

    monkeypatch.setattr(MemberPlans, "start", refused)
    body = LINES[0].format(r="%field")
    module = Module(PREAMBLE + FUNCTION.format(index=0, body=body), "m.ll")
    text = module.render()
    assert apply_placements(module, [_placement()], DESIGN) == []
    spec = {"members": {"struct.Pair": {1: {"sycl-a": 1}}}}
    assert propslower.annotate(Module(text, "m.ll"), spec) == []
