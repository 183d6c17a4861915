"""The shrinker keeps a failure's signature while deleting every line it can."""

from __future__ import annotations

import pytest

from tests.fuzz import minimize as shrink
from tests.fuzz.oracle import Finding, Outcome, Verdict
from tests.fuzz.runner import Result
from tests.fuzz.scenarios import PRESET, Case


def _fake_judge(case: Case, *, llvm_as: bool = False) -> Result:
    data = case.files.get("in.ll", case.stdin or b"")
    bad = b"BAD\n" in data and b"ALSO\n" in data
    findings = [Finding(Verdict.CRASH, "ValueError: bad")] if bad else []
    return Result(case, Outcome(3 if bad else 0, "", ""), findings)


def test_minimize_shrinks_to_the_lines_that_matter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shrink, "judge_isolated", _fake_judge)
    lines = [f"line {i}\n".encode() for i in range(40)]
    lines[7], lines[31] = b"BAD\n", b"ALSO\n"
    case = Case("spirv", ["spirv", "in.ll"], files={"in.ll": b"".join(lines), "out.ll": PRESET})
    small = shrink.minimize(_fake_judge(case))
    assert small.case.files["in.ll"] == b"BAD\nALSO\n"
    assert small.case.files["out.ll"] == PRESET
    assert small.findings[0].verdict is Verdict.CRASH


def test_minimize_leaves_a_passing_result_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shrink, "judge_isolated", _fake_judge)
    case = Case("spirv", ["spirv", "-"], stdin=b"fine\n")
    result = _fake_judge(case)
    assert shrink.minimize(result) is result


def test_minimize_shrinks_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shrink, "judge_isolated", _fake_judge)
    case = Case("spirv", ["spirv", "-"], stdin=b"a\nBAD\nb\nALSO\nc\n")
    assert shrink.minimize(_fake_judge(case)).case.stdin == b"BAD\nALSO\n"
