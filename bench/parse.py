"""Attribute texts parsed per second, for 4- and 64-property lists (the grammar is built once).

Every parse sees a distinct text (property names carry a counter); texts are made outside the
timed region.
"""

from __future__ import annotations

import argparse
import itertools
import time

from propslower.properties.front import parse_attribute
from propslower.properties.grammar import attribute_parser, fast_parser

_BATCH = 50


def attribute_text(count: int, serial: int = 0) -> str:
    names = [f'"sycl-prop-{serial}-{i}"' for i in range(count)]
    values = [
        ("32", '"read"', "3.5f", "true", "(char)65", "-7", "4294967295u", '""')[i % 8]
        for i in range(count)
    ]
    return f"[[__sycl_detail__::add_ir_function_attributes({', '.join(names + values)})]]"


def rate(count: int, seconds: float, serials: itertools.count[int]) -> tuple[float, int]:
    done = 0
    spent = 0.0
    while spent < seconds:
        texts = [attribute_text(count, next(serials)) for _ in range(_BATCH)]
        start = time.perf_counter()
        results = [parse_attribute(text) for text in texts]
        spent += time.perf_counter() - start
        assert all(result.ok for result in results)
        done += _BATCH
    return done / spent, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    start = time.perf_counter()
    attribute_parser()
    fast_parser()
    print(f"grammar build (once per process): {1000 * (time.perf_counter() - start):.1f} ms")
    serials = itertools.count()
    rates: dict[int, float] = {}
    for count in (4, 64):
        per_second, done = rate(count, args.seconds, serials)
        rates[count] = per_second
        print(f"{count:>3}-property lists: {per_second:>9,.0f} per second ({done:,} parsed)")
    verdict = "meets" if rates[4] >= 10_000 else "MISSES"
    print(f"target: >= 10,000 four-property lists per second -> {verdict}")


if __name__ == "__main__":
    main()
