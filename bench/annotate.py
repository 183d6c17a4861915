"""``propslower annotate`` on a ~50 MB synthetic module, side by side with llvm-as-15 and opt-15 -S.

Generates the module with ``bench/synth.py`` and a spec touching every kernel (function and
parameter properties), every global, and the annotated struct field; then times, in one run:
``propslower annotate`` without and with verification, ``llvm-as-15`` and ``opt-15 -S`` on the
same input, with each process's peak memory. A 10x smaller input shows how cost scales.

    python bench/annotate.py [MEGABYTES] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import child_runs
from synth import kernel_count, synthesize


def spec_for(kernels: int) -> str:
    lines = ["functions:"]
    lines += [
        f"  _ZTS7Kernel{i}: {{sycl-sub-group-size: 16, sycl-work-group-size: '8,4,2'}}"
        for i in range(kernels)
    ]
    lines.append("kernel_parameters:")
    for i in range(kernels):
        lines += [f"  _ZTS7Kernel{i}:", "    0: {sycl-buffer-location: 3, sycl-no-alias: null}"]
    lines.append("globals:")
    lines += [f"  counter{i}: {{sycl-host-access: read}}" for i in range(kernels)]
    lines += ["members:", "  struct.Pair:", "    1: {sycl-alignment: 8, sycl-foo: null}"]
    return "\n".join(lines) + "\n"


REPEAT = 1
"""Runs of each command; the median time is shown (``--repeat``: the machine is shared)."""


def measure(command: list[str]) -> tuple[float, float]:
    """Median wall seconds and peak resident MB of ``REPEAT`` runs of one child process."""
    runs = [_measure_once(command) for _ in range(REPEAT)]
    return statistics.median(t for t, _ in runs), max(peak for _, peak in runs)


def _measure_once(command: list[str]) -> tuple[float, float]:
    result = child_runs.checked(command)
    return result.seconds, result.peak_mb


def run_size(megabytes: float, directory: Path) -> dict[str, tuple[float, float]]:
    module = directory / f"synthetic-{megabytes:g}.ll"
    module.write_text(synthesize(megabytes))
    spec = directory / f"spec-{megabytes:g}.yaml"
    spec.write_text(spec_for(kernel_count(megabytes)))
    out = directory / "out.ll"
    propslower = [sys.executable, "-m", "propslower", "annotate", str(module), "--props", str(spec)]
    results = {
        "propslower annotate --no-verify": measure([*propslower, "--no-verify", "-o", str(out)]),
        "propslower annotate (verified)": measure([*propslower, "-o", str(out)]),
    }
    for tool, arguments in (
        ("llvm-as-15", ["-o", os.devnull]),
        ("opt-15", ["-S", "-o", os.devnull]),
    ):
        if shutil.which(tool):
            results[f"{tool} {' '.join(arguments[:-2])}".strip()] = measure(
                [tool, str(module), *arguments]
            )
    size = module.stat().st_size / 1e6
    print(f"\ninput: {size:.1f} MB, {kernel_count(megabytes):,} kernels and globals")
    for name, (seconds, peak) in results.items():
        print(f"  {name:<34} {seconds:7.2f} s   peak {peak:7.0f} MB   ({peak / size:4.1f}x input)")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("megabytes", nargs="?", type=float, default=50.0)
    parser.add_argument("--repeat", type=int, default=3, help="runs per command (median shown)")
    args = parser.parse_args()
    global REPEAT  # noqa: PLW0603 - one setting for the whole run
    REPEAT = max(1, args.repeat)
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        small = run_size(args.megabytes / 10, directory)
        large = run_size(args.megabytes, directory)
    ours = large["propslower annotate --no-verify"][0]
    print("\nratios")
    if "opt-15 -S" in large:
        ratio = ours / large["opt-15 -S"][0]
        print(f"  annotate --no-verify / opt-15 -S:  {ratio:.2f}  (target <= 1.0)")
    scaling = ours / small["propslower annotate --no-verify"][0]
    print(f"  10x input costs:                   {scaling:.1f}x time  (target <= 11)")


if __name__ == "__main__":
    main()
