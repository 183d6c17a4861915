"""Time ``propslower aspects`` on synthetic call graphs of 10k, 100k and 300k functions.

Each module has a few hundred kernels, average out-degree 10 (calls go mostly "down" to
higher-numbered functions, with some back edges for recursion), and aspects at the leaves
(``!intel_used_aspects`` metadata, ``double`` arithmetic, a struct that uses an aspect).
Reports end-to-end time in-process and in a subprocess (with its peak RSS), time per edge,
and ``opt-15 -S`` on the 100k module for comparison. ``--chain DEPTH`` then times one call
chain that deep with and without a missing-aspect warning (whose notes name every call).

    python bench/aspects.py [--sizes 10000,100000,300000] [--chain 10000] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import child_runs

from propslower.cli import main as cli_main

HEADER = """\
; ModuleID = 'aspects-synthetic'
source_filename = "aspects-synthetic.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-\
v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%struct.Amx = type { i32, [4 x i8] }
%struct.Holder = type { %struct.Amx, float }

"""
TRAILER = """\
attributes #0 = { convergent noinline nounwind "sycl-module-id"="synthetic.cpp" }
attributes #1 = { convergent noinline nounwind }

!sycl_types_that_use_aspects = !{!0}
!0 = !{!"struct.Amx", i32 58}
!1 = !{i32 5}
!2 = !{i32 28}
!3 = !{i32 6, i32 5, i32 28, i32 58}
"""


def synthesize(functions: int, kernels: int = 300, degree: int = 10, seed: int = 1) -> str:
    """A module with ``functions`` definitions and about ``functions * degree`` call edges."""
    rng = random.Random(seed)
    leaves = max(functions // 20, 1)
    first_leaf = functions - leaves
    out = [HEADER]
    for i in range(functions):
        if i < kernels:
            head = f"define spir_kernel void @k{i}(ptr addrspace(1) %p) #0"
        else:
            head = f"define internal spir_func void @f{i}(ptr addrspace(1) %p) #1"
        if i >= first_leaf:
            out.append(_leaf(head, i))
            continue
        if i == kernels:
            head += " !intel_allowed_aspects !3"
        lines = [f"{head} {{\nentry:\n"]
        for _ in range(degree):
            if rng.random() < 0.02 and i > kernels:
                callee = rng.randrange(kernels, i)  # a back edge: recursion
            else:
                callee = rng.randrange(max(i + 1, kernels), functions)
            lines.append(f"  call spir_func void @f{callee}(ptr addrspace(1) %p)\n")
        lines.append("  ret void\n}\n\n")
        out.append("".join(lines))
    out.append(TRAILER)
    return "".join(out)


def _leaf(head: str, i: int) -> str:
    kind = i % 4
    if kind == 0:
        return f"{head} !intel_used_aspects !1 {{\nentry:\n  ret void\n}}\n\n"
    if kind == 1:
        return (
            f"{head} {{\nentry:\n  %v = load double, ptr addrspace(1) %p, align 8\n"
            "  %w = fadd double %v, 1.0\n  store double %w, ptr addrspace(1) %p, align 8\n"
            "  ret void\n}\n\n"
        )
    if kind == 2:
        return f"{head} {{\nentry:\n  %s = alloca %struct.Holder, align 4\n  ret void\n}}\n\n"
    return f"{head} !intel_used_aspects !2 {{\nentry:\n  ret void\n}}\n\n"


def chain_module(depth: int, warn: bool) -> str:
    """``@k`` → ``@f0`` → … → ``@f<depth-1>``, which uses fp16; ``warn``: @k allows fp64 only."""
    allowed = " !intel_allowed_aspects !0" if warn else ""
    parts = [f"define spir_kernel void @k(){allowed} {{\nentry:\n  call spir_func void @f0()\n"]
    parts.append("  ret void\n}\n\n")
    for i in range(depth):
        call = f"  call spir_func void @f{i + 1}()\n" if i < depth - 1 else ""
        used = " !intel_used_aspects !1" if i == depth - 1 else ""
        parts.append(f"define spir_func void @f{i}(){used} {{\nentry:\n{call}  ret void\n}}\n\n")
    parts.append("!0 = !{i32 6}\n!1 = !{i32 5}\n")
    return "".join(parts)


def chain_times(directory: Path, depth: int) -> None:
    """``aspects`` on a ``depth``-deep chain without and with the warning (subprocess)."""
    seconds: dict[bool, float] = {}
    for warn in (False, True):
        path = directory / f"chain-{depth}-{'warn' if warn else 'quiet'}.ll"
        path.write_text(chain_module(depth, warn), encoding="utf-8")
        command = [sys.executable, "-m", "propslower", "aspects", str(path), "-o", os.devnull]
        start = time.perf_counter()
        subprocess.run(command, check=True, stderr=subprocess.DEVNULL)
        seconds[warn] = time.perf_counter() - start
    ratio = seconds[True] / seconds[False]
    verdict = "meets" if ratio <= 2 else "MISSES"
    print(
        f"{depth:,}-deep chain: {seconds[False]:.2f} s without a warning, {seconds[True]:.2f} s "
        f"with one ({depth:,} notes): {ratio:.2f}x (target <= 2x) -> {verdict}",
        flush=True,
    )


def edges_of(text: str) -> int:
    return text.count("\n  call ")


def in_process(path: Path, out: Path) -> float:
    """Seconds of one in-process run (verification skipped)."""
    start = time.perf_counter()
    status = cli_main(["aspects", str(path), "-o", str(out), "--no-verify"])
    assert status == 0, status
    return time.perf_counter() - start


def subprocess_run(path: Path, out: Path, *extra: str) -> tuple[float, float]:
    """Seconds and peak RSS MiB of ``python -m propslower aspects`` in a child process."""
    command = [sys.executable, "-m", "propslower", "aspects", str(path), "-o", str(out), *extra]
    result = child_runs.checked(command)
    return result.seconds, result.peak_mb


def opt_time(path: Path) -> float | None:
    opt = shutil.which("opt-15")
    if opt is None:
        return None
    start = time.perf_counter()
    subprocess.run([opt, "-S", str(path), "-o", "/dev/null"], check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10000,100000,300000")
    parser.add_argument("--chain", type=int, default=10_000, metavar="DEPTH", help="0: skip")
    parser.add_argument("--keep", metavar="DIR", help="keep the generated modules here")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    directory = Path(args.keep or tempfile.mkdtemp(prefix="aspects-bench-"))
    directory.mkdir(parents=True, exist_ok=True)
    per_edge: dict[int, float] = {}
    for size in sizes:
        path = directory / f"aspects-{size}.ll"
        text = synthesize(size)
        path.write_text(text, encoding="utf-8")
        edges = edges_of(text)
        out = directory / f"aspects-{size}.out.ll"
        seconds = in_process(path, out)
        child, rss = subprocess_run(path, out, "--no-verify")
        per_edge[size] = seconds / edges
        print(
            f"{size:>7,} functions {edges:>9,} edges {len(text) / 2**20:7.1f} MiB: "
            f"in-process {seconds:6.2f} s ({1e6 * per_edge[size]:.2f} us/edge), "
            f"subprocess {child:6.2f} s peak RSS {rss:7.1f} MiB",
            flush=True,
        )
        if size == 100_000:
            verified, _ = subprocess_run(path, out)
            print(f"    100k subprocess with llvmlite verification: {verified:.2f} s", flush=True)
            opt = opt_time(path)
            if opt is not None:
                print(f"    opt-15 -S on the 100k module: {opt:.2f} s", flush=True)
            verdict = "meets" if seconds < 10 and child < 10 else "MISSES"
            print(f"    target: 100k functions / 1M edges under 10 s -> {verdict}")
    if len(per_edge) > 1:
        smallest, largest = min(per_edge), max(per_edge)
        ratio = per_edge[largest] / per_edge[smallest]
        verdict = "meets" if ratio <= 1.2 else "MISSES"
        print(
            f"time per edge {largest:,} / {smallest:,}: {ratio:.2f}x (target <= 1.2x) -> {verdict}"
        )
    if args.chain:
        chain_times(directory, args.chain)
    if args.keep is None:
        shutil.rmtree(directory)


if __name__ == "__main__":
    main()
