"""What the fuzz tests share: the budget from the environment and a failure report."""

from __future__ import annotations

import os
from collections.abc import Iterable

from hypothesis import HealthCheck, settings

from tests.fuzz.runner import Result, shell_command


def budget(default: int) -> int:
    """Cases per command: ``FUZZ_EXAMPLES`` when set, else ``default``."""
    return int(os.environ.get("FUZZ_EXAMPLES", default))


HYPOTHESIS = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=max(5, budget(100) // 4),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Fixed-seed hypothesis settings for CI: the same examples on every run."""


def report(results: Iterable[Result]) -> str:
    """The failed results, one paragraph each: category, detail, how to reproduce."""
    lines = []
    for result in results:
        for finding in result.findings:
            lines.append(f"{result.case.command}: {finding.verdict.value}: {finding.detail}")
        lines.append(f"    {shell_command(result.case)!r}")
        lines.append(f"    inputs: {'; '.join(result.case.steps)}")
    return "\n".join(lines)


def assert_ok(results: Iterable[Result]) -> None:
    """Fail with every finding when any result has one."""
    failed = [r for r in results if r.findings]
    assert not failed, f"{len(failed)} fuzz failures:\n{report(failed)}"
