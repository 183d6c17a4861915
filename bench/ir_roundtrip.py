"""Time propslower's IR parse + render against ``opt-15 -S`` on the same synthetic module.

python bench/ir_roundtrip.py [MEGABYTES]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from propslower.ir.module import Module

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synth import write


def time_ours(path: Path) -> tuple[float, float, bool]:
    """Seconds for read + parse + render, seconds for also parsing every function header."""
    start = time.perf_counter()
    text = path.read_text(encoding="utf-8")
    module = Module(text, str(path))
    rendered = module.render()
    parse_render = time.perf_counter() - start
    for function in module.functions():
        _ = function.parsed_header
    headers = time.perf_counter() - start
    return parse_render, headers, rendered == text


def time_opt(path: Path, opt: str) -> float:
    start = time.perf_counter()
    subprocess.run([opt, "-S", str(path), "-o", str(path.with_suffix(".opt.ll"))], check=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="IR parse + render vs opt-15 -S")
    parser.add_argument("megabytes", nargs="?", type=float, default=50.0)
    args = parser.parse_args(argv)
    opt = shutil.which("opt-15")
    with tempfile.TemporaryDirectory() as directory:
        path = write(Path(directory) / "synthetic.ll", args.megabytes)
        size = path.stat().st_size / 1e6
        ours, with_headers, identical = time_ours(path)
        print(f"input: {size:.1f} MB")
        print(f"propslower parse+render: {ours:.2f} s (byte-identical: {identical})")
        print(f"propslower parse+render+all function headers: {with_headers:.2f} s")
        if opt is None:
            print("opt-15 not found; no comparison")
            return 0 if identical else 1
        theirs = time_opt(path, opt)
        print(f"opt-15 -S: {theirs:.2f} s")
        print(f"ratio opt-15 / propslower: {theirs / ours:.2f}x")
        return 0 if identical and ours < theirs else 1


if __name__ == "__main__":
    raise SystemExit(main())
