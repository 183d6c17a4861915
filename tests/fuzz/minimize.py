"""Shrinking a failing case's input by line deletion while the failure's signature stays."""

from __future__ import annotations

from dataclasses import replace

from tests.fuzz.runner import Result, judge_isolated
from tests.fuzz.scenarios import PRESET, Case


def _target_file(case: Case) -> str | None:
    """The input to shrink: stdin, or the largest input file (not a preset output)."""
    if case.stdin is not None:
        return None
    inputs = {k: v for k, v in case.files.items() if v != PRESET and not k.endswith(".hpp")}
    return max(inputs, key=lambda k: len(inputs[k])) if inputs else None


def _with(case: Case, name: str | None, data: bytes) -> Case:
    if name is None:
        return replace(case, stdin=data, files=dict(case.files))
    return replace(case, files={**case.files, name: data}, watched=list(case.watched))


def minimize(result: Result, budget: int = 150) -> Result:
    """The smallest case found (within ``budget`` runs) failing with the same signature."""
    if not result.findings:
        return result
    wanted = (result.findings[0].verdict, result.findings[0].signature)
    case = result.case
    name = _target_file(case)
    data = case.stdin if name is None else case.files[name]
    if data is None:
        return result
    lines = data.splitlines(keepends=True)
    best = result
    runs = 0
    chunk = max(1, len(lines) // 2)
    while chunk >= 1 and runs < budget:
        start = 0
        while start < len(lines) and runs < budget:
            candidate = lines[:start] + lines[start + chunk :]
            runs += 1
            attempt = judge_isolated(_with(case, name, b"".join(candidate)))
            found = attempt.findings[0] if attempt.findings else None
            if found is not None and (found.verdict, found.signature) == wanted:
                lines, best = candidate, attempt
            else:
                start += chunk
        chunk //= 2
    return best
