"""Attribute texts parsed per second, for 4- and 64-property lists (the grammar is built once).

Every parse sees a distinct text: property names carry a counter. The values cycle through
eight literals, as header values repeat; a third measurement makes every value distinct too,
which defeats the literal-decoding caches. Texts are made outside the timed region. Each
figure is the median of ``--repeats`` runs (the machine's timings vary by run), with the best.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Callable

from propslower.properties.front import parse_attribute
from propslower.properties.grammar import attribute_parser, fast_parser

_BATCH = 50
_TARGET = 10_000
_VALUES = ("32", '"read"', "3.5f", "true", "(char)65", "-7", "4294967295u", '""')


def attribute_text(count: int, serial: int = 0) -> str:
    names = [f'"sycl-prop-{serial}-{i}"' for i in range(count)]
    values = [_VALUES[i % len(_VALUES)] for i in range(count)]
    return f"[[__sycl_detail__::add_ir_function_attributes({', '.join(names + values)})]]"


def distinct_text(count: int, serial: int = 0) -> str:
    """A text whose values, too, appear in no other text."""
    names = [f'"sycl-prop-{serial}-{i}"' for i in range(count)]
    distinct = (f"{serial + 1}", f'"v{serial}"', f"{serial}.5f", f"(char){serial % 128}")
    values = [distinct[i % len(distinct)] for i in range(count)]
    return f"[[__sycl_detail__::add_ir_function_attributes({', '.join(names + values)})]]"


def rate(make: Callable[[int], str], seconds: float, serials: itertools.count[int]) -> float:
    done = 0
    spent = 0.0
    while spent < seconds:
        texts = [make(next(serials)) for _ in range(_BATCH)]
        start = time.perf_counter()
        results = [parse_attribute(text) for text in texts]
        spent += time.perf_counter() - start
        assert all(result.ok for result in results)
        done += _BATCH
    return done / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per measurement")
    args = parser.parse_args()
    start = time.perf_counter()
    attribute_parser()
    fast_parser()
    print(f"grammar build (once per process): {1000 * (time.perf_counter() - start):.1f} ms")
    serials = itertools.count()
    cases: list[tuple[str, Callable[[int], str]]] = [
        (" 4-property lists", lambda serial: attribute_text(4, serial)),
        ("64-property lists", lambda serial: attribute_text(64, serial)),
        (" 4-property lists, distinct values", lambda serial: distinct_text(4, serial)),
    ]
    medians: list[float] = []
    for label, make in cases:
        rates = [rate(make, args.seconds, serials) for _ in range(args.repeats)]
        medians.append(statistics.median(rates))
        print(
            f"{label}: {medians[-1]:>9,.0f} per second "
            f"(median of {args.repeats} runs; best {max(rates):,.0f})"
        )
    verdict = "meets" if medians[0] >= _TARGET and medians[2] >= _TARGET else "MISSES"
    print(f"target: >= {_TARGET:,} four-property lists per second -> {verdict}")


if __name__ == "__main__":
    main()
