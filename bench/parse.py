"""Attribute texts parsed per second, for 4- and 64-property lists (the grammar is built once)."""

from __future__ import annotations

import argparse
import time

from propslower.properties.front import parse_attribute
from propslower.properties.grammar import attribute_parser


def attribute_text(count: int) -> str:
    names = [f'"sycl-prop-{i}"' for i in range(count)]
    values = [
        ("32", '"read"', "3.5f", "true", "(char)65", "-7", "4294967295u", '""')[i % 8]
        for i in range(count)
    ]
    return f"[[__sycl_detail__::add_ir_function_attributes({', '.join(names + values)})]]"


def rate(text: str, seconds: float) -> tuple[float, int]:
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            result = parse_attribute(text)
        assert result.ok
        done += 50
    return done / (time.perf_counter() - start), done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    start = time.perf_counter()
    attribute_parser()
    print(f"grammar build (once per process): {1000 * (time.perf_counter() - start):.1f} ms")
    for count in (4, 64):
        per_second, done = rate(attribute_text(count), args.seconds)
        print(f"{count:>3}-property lists: {per_second:>9,.0f} per second ({done:,} parsed)")
    per_second, _ = rate(attribute_text(4), args.seconds)
    verdict = "meets" if per_second >= 10_000 else "MISSES"
    print(f"target: >= 10,000 four-property lists per second -> {verdict}")


if __name__ == "__main__":
    main()
