"""Runs the benchmarks' commands from a small helper process, so each command's peak is its own.

Linux carries the peak resident size of the memory a process was forked or vforked from
across ``exec`` (``ru_maxrss``): a command started by a benchmark that has built a 50 MB module
reported at least the benchmark's own peak (a ``python -c pass`` started by a process that
had held 500 MB reported 510 MB). The helper's memory after its own ``exec`` is new and small,
so the commands it starts report their own peak; it is started on first use and runs each
command to completion, one at a time.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

_HELPER = r"""
import json, os, subprocess, sys, time
for line in sys.stdin:
    request = json.loads(line)
    with open(request["stdout"], "wb") as out, open(request["stderr"], "wb") as err:
        start = time.perf_counter()
        child = subprocess.Popen(
            request["command"], stdin=subprocess.DEVNULL, stdout=out, stderr=err
        )
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
    reply = {
        "seconds": seconds,
        "status": os.waitstatus_to_exitcode(status),
        "peak_kb": usage.ru_maxrss,
        "cpu": usage.ru_utime + usage.ru_stime,
    }
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
"""


@dataclass(frozen=True)
class ChildRun:
    """One command's wall seconds, peak resident MB, CPU seconds, exit status and output."""

    seconds: float
    peak_mb: float
    cpu: float
    status: int
    stdout: bytes
    stderr: bytes


class _Helper:
    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None

    def run(self, command: list[str]) -> ChildRun:
        if self._process is None or self._process.poll() is not None:
            self._process = subprocess.Popen(
                [sys.executable, "-c", _HELPER],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        with tempfile.TemporaryDirectory(prefix="propslower-bench-run-") as temporary:
            out, err = Path(temporary) / "stdout", Path(temporary) / "stderr"
            request = {"command": command, "stdout": str(out), "stderr": str(err)}
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            line = process.stdout.readline()
            if not line:
                raise SystemExit(f"the benchmark's helper died running: {' '.join(command)}")
            reply = json.loads(line)
            return ChildRun(
                reply["seconds"],
                reply["peak_kb"] / 1024,
                reply["cpu"],
                reply["status"],
                out.read_bytes(),
                err.read_bytes(),
            )


_HELPER_PROCESS = _Helper()


def run(command: list[str]) -> ChildRun:
    """Run ``command`` from the helper (started on first use) and wait for it."""
    return _HELPER_PROCESS.run(command)


def checked(command: list[str]) -> ChildRun:
    """``run``, exiting with the command's error output when it fails."""
    result = run(command)
    if result.status != 0:
        raise SystemExit(
            f"failed ({result.status}): {' '.join(command)}\n{result.stderr.decode()[-2000:]}"
        )
    return result
