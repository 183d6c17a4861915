"""The bench's helper reports each command's own peak memory, status and output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import child_runs

BENCH = Path(__file__).resolve().parents[2] / "bench"

_BIG_THEN_MEASURE = f"""
import sys
sys.path.insert(0, {str(BENCH)!r})
import child_runs
held = bytearray(300 * 1024 * 1024)
for offset in range(0, len(held), 4096):
    held[offset] = 1
print(child_runs.checked([sys.executable, "-c", "pass"]).peak_mb)
"""


def test_a_command_started_by_a_large_process_reports_its_own_peak() -> None:
    # The bench builds 50 MB modules in its own process: a command it started directly
    # would report the bench's peak as its own.
    printed = subprocess.run(
        [sys.executable, "-c", _BIG_THEN_MEASURE], capture_output=True, text=True, check=True
    ).stdout
    assert float(printed) < 100


def test_the_peak_is_the_commands() -> None:
    allocates = "held = bytearray(200 * 1024 * 1024); held[::4096] = b'x' * len(held[::4096])"
    assert child_runs.checked([sys.executable, "-c", allocates]).peak_mb > 200


def test_status_and_output_are_the_commands() -> None:
    result = child_runs.run(
        [
            sys.executable,
            "-c",
            "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)",
        ]
    )
    assert (result.status, result.stdout, result.stderr) == (3, b"out\n", b"err\n")
    assert result.seconds > 0 and result.cpu > 0


def test_checked_exits_with_the_commands_error() -> None:
    command = [sys.executable, "-c", "import sys; sys.exit('broken')"]
    with pytest.raises(SystemExit, match="broken"):
        child_runs.checked(command)
