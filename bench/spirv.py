"""Time ``propslower spirv`` (with and without verification) against ``opt-15 -S``.

Every kernel of the synthetic module has a work-group size, a sub-group size and a
decorated parameter, and every global is decorated. Runs a MEGABYTES input and one ten
times smaller, and checks that ten times the input costs at most eleven times the time.

    python bench/spirv.py [MEGABYTES] [--profile design|dpcpp] [--repeat N]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import child_runs
from synth import write


@dataclass(frozen=True)
class Timing:
    """Wall time and peak resident memory of one child process."""

    seconds: float
    peak_mb: float


REPEAT = 1
"""Runs of each command; the median time is shown (``--repeat``: the machine is shared)."""


def _run(command: list[str]) -> Timing:
    runs = [_run_once(command) for _ in range(REPEAT)]
    return Timing(statistics.median(r.seconds for r in runs), max(r.peak_mb for r in runs))


def _run_once(command: list[str]) -> Timing:
    result = child_runs.checked(command)
    return Timing(result.seconds, result.peak_mb)


def measure(path: Path, profile: str, opt: str | None) -> dict[str, Timing]:
    ours = [sys.executable, "-m", "propslower", "spirv", "--profile", profile, str(path)]
    out = str(path.with_suffix(".out.ll"))
    timings = {
        "propslower spirv --no-verify": _run([*ours, "--no-verify", "-o", out]),
        "propslower spirv": _run([*ours, "-o", out]),
    }
    if opt is not None:
        timings["opt-15 -S"] = _run([opt, "-S", str(path), "-o", str(path.with_suffix(".opt.ll"))])
    return timings


def report(size_mb: float, timings: dict[str, Timing]) -> None:
    print(f"input: {size_mb:.1f} MB")
    for name, timing in timings.items():
        print(f"  {name:<30} {timing.seconds:7.2f} s  peak {timing.peak_mb:7.0f} MB")
    opt = timings.get("opt-15 -S")
    if opt is not None:
        for name in ("propslower spirv --no-verify", "propslower spirv"):
            print(f"  {name} / opt-15 -S: {timings[name].seconds / opt.seconds:.2f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="propslower spirv vs opt-15 -S")
    parser.add_argument("megabytes", nargs="?", type=float, default=50.0)
    parser.add_argument("--profile", choices=("design", "dpcpp"), default="design")
    parser.add_argument("--repeat", type=int, default=3, help="runs per command (median shown)")
    args = parser.parse_args(argv)
    global REPEAT  # noqa: PLW0603 - one setting for the whole run
    REPEAT = max(1, args.repeat)
    opt = shutil.which("opt-15")
    results: dict[float, dict[str, Timing]] = {}
    with tempfile.TemporaryDirectory() as directory:
        for megabytes in (args.megabytes / 10, args.megabytes):
            path = write(Path(directory) / f"synthetic-{megabytes:g}.ll", megabytes, True)
            results[megabytes] = measure(path, args.profile, opt)
            report(path.stat().st_size / 1e6, results[megabytes])
    small, large = results[args.megabytes / 10], results[args.megabytes]
    key = "propslower spirv --no-verify"
    scaling = large[key].seconds / small[key].seconds
    print(f"scaling 10x input: {scaling:.2f}x time (limit 11x)")
    ok = scaling <= 11
    if opt is not None:
        ok = ok and large[key].seconds <= large["opt-15 -S"].seconds
    print("target met" if ok else "target missed")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
