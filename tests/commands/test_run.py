"""``run -p``: a pipeline naming no registered pass is a usage error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliRun

DEVICE = Path(__file__).resolve().parents[2] / "examples" / "ir" / "device.ll"


@pytest.mark.parametrize("passes", ["nosuch", "lower,nosuch", ","])
def test_an_unknown_pass_exits_2(cli: Callable[..., CliRun], passes: str) -> None:
    run = cli("run", "-p", passes, str(DEVICE))
    assert run.status == 2
    assert "available: lower, spirv, aspects" in run.stderr
    assert run.stdout == ""
