"""``propslower cc`` against the same clang command alone and ``clang -fsyntax-only``, in one run.

Two inputs: the bundled combined example, and a generated translation unit with a few
thousand decorated instantiations (device globals, kernel parameters, kernel functions and
annotated members). Target: ``cc`` costs at most 1.5x the plain clang compile.

Also timed in this process: the libclang read ``cc`` runs beside clang (its critical path
while it is the longer of the two; what follows it is lowering, verifying and writing).

    python bench/frontend.py [INSTANTIATIONS] [--clang clang-19] [--repeat 3]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from propslower.aspects.def_file import default_table
from propslower.frontend.command_line import parse_clang_command
from propslower.frontend.reader import read

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17", "-O0"]


def generated_source(count: int) -> str:
    lines = ['#include "sycl_props.hpp"', "namespace exp = sycl::ext::oneapi::experimental;"]
    for i in range(count):
        lines.append(
            f"exp::device_global<int, exp::property_list<exp::alignment<{i % 64 + 1}>, "
            f"exp::buffer_location<{i}>>> g{i};"
        )
    for i in range(count // 4):
        lines += [
            f"struct Body{i} {{ void operator()() const {{ g{i}.get() += {i}; "
            f"exp::annotated_ptr<int, exp::property_list<exp::alignment<{i % 16 + 1}>>> "
            f"p(&g{i}.get()); *p += 1; }} }};",
            f"class Name{i};",
            f"void launch{i}() {{ exp::single_task<Name{i}>("
            f"exp::properties(exp::sub_group_size<{(i % 4 + 1) * 8}>{{}}), Body{i}{{}}); }}",
        ]
    return "\n".join(lines) + "\n"


def timed(command: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - start)
    return best


def timed_call(function: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def read_alone(plain: list[str]) -> Callable[[], object]:
    """The libclang read ``cc`` does for the clang command ``plain``, as ``cc`` calls it."""
    command = parse_clang_command(plain)
    arguments = command.libclang_arguments()
    return lambda: read(command.source, arguments, features=default_table)


def compare(label: str, source: Path, clang: str, directory: Path, repeat: int) -> None:
    flags = [*DEVICE, f"-I{EXAMPLES}"]
    plain = [clang, *flags, "-S", "-emit-llvm", str(source), "-o", str(directory / "plain.ll")]
    syntax = [clang, *flags, "-fsyntax-only", str(source)]
    ours = [
        sys.executable,
        "-m",
        "propslower",
        "cc",
        "--",
        clang,
        *flags,
        "-S",
        "-emit-llvm",
        str(source),
        "-o",
        str(directory / "cc.ll"),
    ]
    results = {
        "clang -fsyntax-only": timed(syntax, repeat),
        "clang -S -emit-llvm": timed(plain, repeat),
        "propslower cc -- clang ...": timed(ours, repeat),
        "  of which libclang read": timed_call(read_alone(plain), repeat),
    }
    print(f"\n{label} ({source.stat().st_size / 1024:.0f} KB source)")
    for name, seconds in results.items():
        print(f"  {name:<28} {seconds:7.3f} s")
    ratio = results["propslower cc -- clang ..."] / results["clang -S -emit-llvm"]
    print(f"  cc / plain compile: {ratio:.2f}  (target <= 1.5)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("instantiations", nargs="?", type=int, default=3000)
    parser.add_argument("--clang", default="clang-19")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if shutil.which(args.clang) is None:
        raise SystemExit(f"{args.clang} is not installed")
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        compare("combined example", EXAMPLES / "combined.cpp", args.clang, directory, args.repeat)
        generated = directory / "generated.cpp"
        generated.write_text(generated_source(args.instantiations))
        label = f"generated TU, {args.instantiations} decorated instantiations"
        compare(label, generated, args.clang, directory, args.repeat)


if __name__ == "__main__":
    main()
