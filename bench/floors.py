"""What the verified module commands cannot go below on this machine, measured in one run.

A verified run has LLVM read the input and the output, and reads, indexes and writes the
module itself. On a machine with ``cores`` cores the wall time is at least that work divided
by the cores, so what is left of ``cores`` x ``opt-15 -S`` for the pass's own edits is::

    slack = cores * opt - (input check + output check + read and write with no edits)

and any LLVM that verifies the output holds at least its top level (every global, header,
attribute group and metadata node): the output with every body stubbed, read by llvmlite, is
a floor for the peak memory. ``bench/table.py`` prints these beside the rows they bound.

    python bench/floors.py MODULE OUTPUT [--stub-from INPUT] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import child_runs

from propslower.ir.unchanged_bodies import ModuleLayout, stub_unchanged_bodies

PYTHON = sys.executable
_CHECK = """
import resource, sys, time
import llvmlite.binding as llvm
llvm.parse_assembly("")
loaded = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
text = open(sys.argv[1], encoding="utf-8").read()
start = time.perf_counter()
module = llvm.parse_assembly(text)
module.verify()
print(time.perf_counter() - start, loaded)
"""
"""LLVM's read and verify of one text, as the verifier's child does it, timed inside a fresh
process (its imports excluded); also the peak before the text, LLVM loaded."""


@dataclass(frozen=True)
class Check:
    """Median seconds of LLVM's read and verify of a text, the largest peak resident MB, and
    the process's peak before it read the text (the interpreter with LLVM loaded)."""

    seconds: float
    peak_mb: float
    loaded_mb: float


def llvm_check(path: Path, repeat: int) -> Check:
    times: list[float] = []
    peaks: list[float] = []
    loaded: list[float] = []
    for _ in range(repeat):
        result = child_runs.run([PYTHON, "-c", _CHECK, str(path)])
        if result.status != 0:
            raise SystemExit(f"LLVM rejected {path}:\n{result.stderr.decode()[-2000:]}")
        seconds, before = result.stdout.split()
        times.append(float(seconds))
        loaded.append(int(before) / 1024)
        peaks.append(result.peak_mb)
    return Check(statistics.median(times), max(peaks), min(loaded))


def stubbed(base: str, text: str) -> str | None:
    """``text`` with the bodies it shares with ``base`` stubbed, as the output's verifier
    reads it (``base`` = ``text``: every body stubbed, the top level alone)."""
    layout = ModuleLayout.of(base)
    return None if layout is None else stub_unchanged_bodies(layout, text, worth=0.0)


@dataclass(frozen=True)
class Floors:
    """The checks a verified run needs and what holding the output's top level costs."""

    input_check: Check
    output_check: Check
    top_level: Check
    output_stubbed: bool
    """Whether the output check read the stubbed output (the verifier's rules allowed it)."""


def floors(module: Path, output: Path, repeat: int, *, stub_from: Path | None = None) -> Floors:
    """``stub_from``: the input, when the command's verifier skips the bodies the output
    shares with it (``aspects``): the output check is then of the stubbed text."""
    output_text = output.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="propslower-floors-") as temporary:
        directory = Path(temporary)
        checked = output
        if stub_from is not None:
            partial = stubbed(stub_from.read_text(encoding="utf-8"), output_text)
            if partial is not None:
                checked = directory / "partial.ll"
                checked.write_text(partial, encoding="utf-8")
        top = stubbed(output_text, output_text)
        if top is None:
            raise SystemExit(f"{output}: a definition's header is not one line")
        top_path = directory / "top.ll"
        top_path.write_text(top, encoding="utf-8")
        return Floors(
            llvm_check(module, repeat),
            llvm_check(checked, repeat),
            llvm_check(top_path, 1),
            checked != output,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("module", type=Path)
    parser.add_argument("output", type=Path, help="the command's output for MODULE")
    parser.add_argument("--stub-from", type=Path, help="check the output stubbed against this")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    found = floors(args.module, args.output, args.repeat, stub_from=args.stub_from)
    for name, check in (
        ("input check", found.input_check),
        ("output check", found.output_check),
        ("output's top level", found.top_level),
    ):
        print(
            f"  {name:<20} {check.seconds:6.2f} s   peak {check.peak_mb:6.0f} MB"
            f" ({check.loaded_mb:.0f} MB before the text)"
        )


if __name__ == "__main__":
    main()
