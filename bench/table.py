"""Every performance figure in one table: propslower beside its reference, same run, and the target.

Start-up (``parse`` of one attribute, ``--version``), ``cc`` on the 1 KB example, on the
3,000-instantiation TU and on a real-header TU (when the DPC++ headers are cached), the default
(verified) and ``--no-verify`` paths of ``annotate``, ``spirv`` and ``aspects`` against
``opt-15 -S`` with peak memory, the parse rate, ``split`` of 13,000 kernels, the aspects
per-edge scaling and the annotate 10x scaling. Short commands show the median of ``--repeat``
runs, the large modules of ``--repeat-large`` (the machine is shared: ratios are what count).
A second table gives what bounds the verified rows on this machine (``floors.py``).

    python bench/table.py [--repeat 5] [--repeat-large 3] [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import aspects as aspects_bench
import child_runs
import floors as floors_bench
import frontend as frontend_bench
import parse as parse_bench
import split as split_bench
from annotate import spec_for
from synth import kernel_count, synthesize

from propslower.frontend.sycl_compat import compat_layer
from propslower.properties.front import parse_attribute

PYTHON = sys.executable
PROPSLOWER = [PYTHON, "-m", "propslower"]
ATTRIBUTE = '[[__sycl_detail__::add_ir_function_attributes("sycl-a", 3)]]'


@dataclass(frozen=True)
class Run:
    """Median wall and CPU seconds and the largest peak resident MB of runs of one command."""

    seconds: float
    peak_mb: float
    cpu: float = 0.0


def measure(command: list[str], repeat: int) -> Run:
    runs = [child_runs.checked(command) for _ in range(repeat)]
    return Run(
        statistics.median(run.seconds for run in runs),
        max(run.peak_mb for run in runs),
        statistics.median(run.cpu for run in runs),
    )


ROWS: list[tuple[str, str, str, str, str]] = []
FLOOR_ROWS: list[tuple[str, ...]] = []
FLOOR_NOTES: list[str] = []
CORES = len(os.sched_getaffinity(0))


def row(what: str, ours: str, reference: str, target: str, met: bool | None) -> None:
    verdict = "n/a" if met is None else ("met" if met else "**missed**")
    ROWS.append((what, ours, reference, target, verdict))
    print(f"  {what}: {ours} | {reference} | {target} -> {verdict}", file=sys.stderr, flush=True)


def startup(repeat: int) -> None:
    baseline = measure([PYTHON, "-c", "pass"], repeat)
    for label, args in (
        ("`parse '<one attribute>'`", ["parse", ATTRIBUTE]),
        ("`--version`", ["--version"]),
    ):
        run = measure([*PROPSLOWER, *args], repeat)
        # judged by CPU time: on a shared machine the wall time of a 0.1 s process is mostly
        # the other workers' (both are shown)
        row(
            f"{label}, one process",
            f"{run.seconds:.3f} s wall, {run.cpu:.3f} s CPU",
            f"`python -c pass` {baseline.seconds:.3f} s wall, {baseline.cpu:.3f} s CPU",
            "<= 0.15 s",
            min(run.seconds, run.cpu) <= 0.15,
        )


def cc(directory: Path, repeat: int) -> None:
    clang = "clang-19"
    examples = frontend_bench.EXAMPLES
    generated = directory / "generated.cpp"
    generated.write_text(frontend_bench.generated_source(3000))
    flags = [*frontend_bench.DEVICE, f"-I{examples}"]
    cases: list[tuple[str, Path, list[str], str]] = [
        ("`cc`, 1 KB combined example", examples / "combined.cpp", flags, "+0.15"),
        ("`cc`, 3,000 decorated instantiations", generated, flags, "1.5x"),
    ]
    layers: dict[str, list[str]] = {}
    """Per case: what the clang command alone needs besides the user's flags (the real headers
    compile with stock clang only with the compatibility layer that ``cc`` adds)."""
    try:
        from tests.dpcpp_headers import include_dir  # noqa: PLC0415 - optional

        headers = include_dir()
    except ImportError:
        headers = None
    if headers is not None and headers.is_dir():
        real = [
            "-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17",
            "-isystem", str(headers),
        ]  # fmt: skip
        source = examples / "dpcpp" / "end_to_end.cpp"
        label = "`cc --profile dpcpp`, real DPC++ headers"
        cases.append((label, source, real, "1.5x"))
        layer = compat_layer(clang, directory)
        layer.write()
        layers[label] = layer.clang_arguments([clang, *real], cc1=False)
    else:
        row("`cc`, real DPC++ headers", "skipped", "headers not cached", "<= 1.5x", None)
    # the saved preambles of these runs only: two compiles first (the second saves it), so
    # the runs measured read it, as every compile of a build after its first two does
    os.environ["PROPSLOWER_CACHE_DIR"] = str(directory / "cache")
    for label, source, case_flags, limit in cases:
        out = directory / "out.ll"
        compile_ = [clang, *case_flags, *layers.get(label, [])]
        compile_ += ["-S", "-emit-llvm", str(source), "-o", str(out)]
        if subprocess.run(compile_, capture_output=True, check=False).returncode != 0:
            row(label, "skipped", "clang alone cannot compile it here", "<= 1.5x", None)
            continue
        plain = measure(compile_, repeat)
        profile = ["--profile", "dpcpp"] if "dpcpp" in label else []
        ours_command = [*PROPSLOWER, "cc", *profile, "--", clang, *case_flags, "-S",
                        "-emit-llvm", str(source), "-o", str(out)]  # fmt: skip
        measure(ours_command, 2)
        ours = measure(ours_command, repeat)
        if limit == "1.5x" and label not in layers:
            cc_floor(label, plain, ours, floors_bench.llvm_check(out, repeat))
        if label in layers:
            one_off = measure([*ours_command[:4], "--no-preamble-cache", *ours_command[4:]], repeat)
            row(
                f"{label}, a one-off compile (`--no-preamble-cache`)",
                f"{one_off.seconds:.2f} s ({one_off.seconds / plain.seconds:.1f}x)",
                f"`clang-19 -S -emit-llvm` {plain.seconds:.2f} s",
                "(no target)",
                None,
            )
        if limit == "+0.15":
            met = ours.seconds <= plain.seconds + 0.15
            target = "<= clang + 0.15 s"
        else:
            met = ours.seconds <= 1.5 * plain.seconds
            target = "<= 1.5x"
        row(
            label,
            f"{ours.seconds:.2f} s ({ours.seconds / plain.seconds:.1f}x)",
            f"`clang-19 -S -emit-llvm` {plain.seconds:.2f} s",
            target,
            met,
        )


def cc_floor(label: str, plain: Run, ours: Run, check: floors_bench.Check) -> None:
    """What ``cc`` has after clang: its output exists only once clang's IR does, and LLVM
    checks it then."""
    left = 1.5 * plain.seconds - plain.seconds - check.seconds
    FLOOR_NOTES.append(
        f"{label}: clang takes {plain.seconds:.2f} s and LLVM's check of `cc`'s output"
        f" {check.seconds:.2f} s, which leaves {left:.2f} s of the 1.5x for everything else"
        f" `cc` does after clang (reading clang's IR, lowering the sites into it, writing it);"
        f" it takes {ours.seconds - plain.seconds - check.seconds:.2f} s now."
    )


def modules(directory: Path, repeat: int, megabytes: float) -> None:
    annotate_in = directory / "annotate.ll"
    annotate_in.write_text(synthesize(megabytes))
    spec = directory / "spec.yaml"
    spec.write_text(spec_for(kernel_count(megabytes)))
    spirv_in = directory / "spirv.ll"
    spirv_in.write_text(synthesize(megabytes, properties=True))
    aspects_in = directory / "aspects.ll"
    aspects_in.write_text(aspects_bench.synthesize(100_000 if megabytes >= 50 else 10_000))
    out = str(directory / "out.ll")
    commands = {
        "annotate": ([str(annotate_in), "--props", str(spec)], annotate_in),
        "spirv": ([str(spirv_in)], spirv_in),
        "aspects": ([str(aspects_in)], aspects_in),
    }
    for name, (args, path) in commands.items():
        size = path.stat().st_size / 1e6
        opt = measure(["opt-15", "-S", str(path), "-o", os.devnull], repeat)
        verified_out = directory / f"{name}.out.ll"
        verified = measure([*PROPSLOWER, name, *args, "-o", str(verified_out)], repeat)
        fast = measure([*PROPSLOWER, name, *args, "--no-verify", "-o", out], repeat)
        ratio = verified.seconds / opt.seconds
        row(
            f"`{name}` (verified), {size:.1f} MB",
            f"{verified.seconds:.2f} s ({ratio:.2f}x), peak {verified.peak_mb:.0f} MB "
            f"({verified.peak_mb / size:.1f}x input)",
            f"`opt-15 -S` {opt.seconds:.2f} s, peak {opt.peak_mb:.0f} MB",
            "<= 1.0x, peak <= 4x input",
            ratio <= 1.0 and verified.peak_mb <= 4 * size,
        )
        ratio = fast.seconds / opt.seconds
        row(
            f"`{name} --no-verify`",
            f"{fast.seconds:.2f} s ({ratio:.2f}x), peak {fast.peak_mb:.0f} MB",
            f"`opt-15 -S` {opt.seconds:.2f} s",
            "<= 0.6x",
            ratio <= 0.6,
        )
        floor_row(name, path, verified_out, opt, fast, repeat)
    small = directory / "annotate-small.ll"
    small.write_text(synthesize(megabytes / 10))
    small_spec = directory / "spec-small.yaml"
    small_spec.write_text(spec_for(kernel_count(megabytes / 10)))
    small_run = measure(
        [*PROPSLOWER, "annotate", str(small), "--props", str(small_spec), "--no-verify", "-o", out],
        repeat,
    )
    large_run = measure(
        [*PROPSLOWER, "annotate", str(annotate_in), "--props", str(spec), "--no-verify", "-o", out],
        repeat,
    )
    scaling = large_run.seconds / small_run.seconds
    row(
        "`annotate --no-verify`, 10x input",
        f"{scaling:.1f}x the time",
        f"{small_run.seconds:.2f} s -> {large_run.seconds:.2f} s",
        "<= 11x",
        scaling <= 11,
    )


def floor_row(name: str, module: Path, output: Path, opt: Run, fast: Run, repeat: int) -> None:
    """What bounds the verified row of ``name`` (``bench/floors.py``), from this run."""
    unedited = measure(
        [*PROPSLOWER, "annotate", str(module), "--no-verify", "-o", str(output) + ".same"],
        repeat,
    )
    stub_from = module if name == "aspects" else None  # its verifier reads the changed bodies
    found = floors_bench.floors(module, output, repeat, stub_from=stub_from)
    needed = found.input_check.seconds + found.output_check.seconds + unedited.seconds
    slack = CORES * opt.seconds - needed
    size = module.stat().st_size / 1e6
    top = found.top_level.peak_mb
    FLOOR_ROWS.append(
        (
            f"`{name}`",
            f"{opt.seconds:.2f} s",
            f"{found.input_check.seconds:.2f} s",
            f"{found.output_check.seconds:.2f} s" + (" (stubbed)" if found.output_stubbed else ""),
            f"{unedited.seconds:.2f} s",
            f"{slack:.2f} s",
            f"{fast.seconds - unedited.seconds:.2f} s",
            f"{top:.0f} MB ({top / size:.1f}x input; {found.top_level.loaded_mb:.0f} MB before"
            " the text)",
        )
    )


def parse_rate() -> None:
    serials = itertools.count()
    parse_attribute(ATTRIBUTE)  # the grammar is loaded outside the timing
    rates = [
        parse_bench.rate(lambda serial: parse_bench.distinct_text(4, serial), 1.0, serials)
        for _ in range(3)
    ]
    rate = statistics.median(rates)
    row(
        "`parse` rate, 4-property lists, every value distinct",
        f"{rate:,.0f} per second",
        "",
        ">= 10,000",
        rate >= 10_000,
    )


def split(directory: Path, kernels: int) -> None:
    source = directory / "split.ll"
    source.write_text(split_bench.synthesize(kernels))
    opt = measure(["opt-15", "-S", str(source), "-o", os.devnull], 1)
    for mode in ("auto", "per_kernel"):
        out = directory / f"split-{mode}"
        shutil.rmtree(out, ignore_errors=True)
        run = measure([*PROPSLOWER, "split", str(source), "-d", str(out), "--mode", mode], 1)
        row(
            f"`split --mode {mode}`, {kernels:,} kernels",
            f"{run.seconds:.1f} s, peak {run.peak_mb:.0f} MB",
            f"`opt-15 -S` {opt.seconds:.1f} s",
            "< 60 s",
            run.seconds < 60,
        )


def aspects_scaling(directory: Path, sizes: tuple[int, int], repeat: int) -> None:
    """Seconds per call edge at both sizes, each the median of ``repeat`` in-process runs (one
    run of the small module, 0.3 s, moved the ratio by 0.2 between bench runs)."""
    per_edge = []
    for size in sizes:
        path = directory / f"aspects-{size}.ll"
        text = aspects_bench.synthesize(size)
        path.write_text(text)
        out = directory / "aspects.out.ll"
        seconds = statistics.median(aspects_bench.in_process(path, out) for _ in range(repeat))
        per_edge.append(seconds / aspects_bench.edges_of(text))
    ratio = per_edge[1] / per_edge[0]
    row(
        f"`aspects`, time per edge {sizes[1]:,} vs {sizes[0]:,} functions",
        f"{ratio:.2f}x",
        f"{1e6 * per_edge[0]:.2f} -> {1e6 * per_edge[1]:.2f} us/edge",
        "<= 1.2x",
        ratio <= 1.2,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each short command")
    parser.add_argument("--repeat-large", type=int, default=3, help="runs on the large modules")
    parser.add_argument("--quick", action="store_true", help="inputs 10x smaller (a smoke test)")
    args = parser.parse_args()
    megabytes = 5.0 if args.quick else 50.0
    with tempfile.TemporaryDirectory(prefix="propslower-bench-") as temporary:
        directory = Path(temporary)
        startup(args.repeat)
        cc(directory, max(1, args.repeat // 2))
        modules(directory, args.repeat_large, megabytes)
        parse_rate()
        split(directory, 1_300 if args.quick else 13_000)
        sizes = (1_000, 30_000) if args.quick else (10_000, 300_000)
        aspects_scaling(directory, sizes, args.repeat_large)
    print("| what users run | propslower | reference, same run | target | |")
    print("|---|---|---|---|---|")
    for cells in ROWS:
        print("| " + " | ".join(cells) + " |")
    if FLOOR_ROWS:
        print(
            f"\nWhat bounds the verified rows (`bench/floors.py`): on {CORES} cores the run's work"
            f" is at least LLVM's check of the input and of the output plus reading and writing"
            f" the module with no edits; what {CORES} x `opt-15 -S` leaves beyond that is all"
            f" the edits may cost. Any LLVM verifying the output holds its top level.\n"
        )
        print(
            "| command | `opt-15 -S` | LLVM checks the input | LLVM checks the output "
            "| read + write, no edits | left for the edits | the edits now (`--no-verify`) "
            "| LLVM holding the output's top level |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for floor in FLOOR_ROWS:
            print("| " + " | ".join(floor) + " |")
    for note in FLOOR_NOTES:
        print(f"\n{note}")


if __name__ == "__main__":
    main()
