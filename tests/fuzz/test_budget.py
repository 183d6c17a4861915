"""The fixed-seed CI budget: ``FUZZ_EXAMPLES`` cases per command (default 100; a tenth for cc and extract), from seed 0."""

from __future__ import annotations

import pytest

from tests.fuzz.helpers import assert_ok, budget
from tests.fuzz.runner import judge_isolated, preload
from tests.fuzz.scenarios import COMMANDS, SLOW_COMMANDS, make_case

pytestmark = pytest.mark.fuzz


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    preload()


@pytest.mark.parametrize("command", COMMANDS)
def test_fixed_seed_budget(command: str) -> None:
    count = max(1, budget(100) // 10) if command in SLOW_COMMANDS else budget(100)
    results = [
        judge_isolated(make_case(command, seed), llvm_as=seed % 4 == 0) for seed in range(count)
    ]
    assert len(results) == count
    assert_ok(results)
