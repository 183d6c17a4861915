"""Lowering a simple spec's rows gives what lowering its placements one by one gives."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from propslower.diagnostics import render_all
from propslower.ir.module import Module
from propslower.lowering.lower import apply_placements
from propslower.lowering.spec_lines import SpecRows, read_simple_rows
from propslower.properties.profiles import Profile
from tests.ir.helpers import ALL_INPUTS, read_input
from tests.profiles import EVERY_PROFILE, every_profile

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from annotate import spec_for
from synth import kernel_count, synthesize


def assert_rows_lower_like_placements(text: str, spec: str, profile: Profile) -> None:
    rows = read_simple_rows(spec, "spec.yaml")
    assert isinstance(rows, SpecRows)
    by_rows, by_placements = Module(text, "m.ll"), Module(text, "m.ll")
    found = apply_placements(by_rows, rows, profile)
    expected = apply_placements(by_placements, list(rows), profile)
    sources = {"spec.yaml": spec, "m.ll": text}
    assert render_all(found, sources) == render_all(expected, sources)
    assert by_rows.render() == by_placements.render()


@every_profile
@pytest.mark.parametrize("properties", [False, True])
def test_the_benchmark_spec(profile: Profile, properties: bool) -> None:
    megabytes = 0.02
    spec = spec_for(kernel_count(megabytes))
    assert_rows_lower_like_placements(synthesize(megabytes, properties), spec, profile)


_ENTRIES = st.sampled_from(
    [
        ("functions", "_ZTS7Kernel{n}", "{{sycl-sub-group-size: 16}}"),
        ("functions", "_ZTS7Kernel{n}", "{{sycl-sub-group-size: 32, sycl-x: null}}"),
        ("functions", "_Z6helperv", "{{sycl-a: 1}}"),
        ("functions", "missing{n}", "{{sycl-a: 1}}"),
        ("functions", "counter{n}", "{{sycl-a: 1}}"),
        ("globals", "counter{n}", "{{sycl-host-access: read}}"),
        ("globals", "counter{n}", "{{sycl-host-access: write}}"),
        ("globals", "dg{n}", "{{sycl-device-image-scope: null}}"),
        ("globals", "message{n}", "{{sycl-a: 'b c'}}"),
        ("globals", "_ZTS7Kernel{n}", "{{sycl-a: 1}}"),
        ("globals", "nothing", "{{sycl-a: 1}}"),
        ("kernel_parameters", "_ZTS7Kernel{n}", "{{sycl-buffer-location: 3}}"),
        ("kernel_parameters", "_ZTS7Kernel{n}", "{{sycl-buffer-location: 4, sycl-restrict: null}}"),
        ("kernel_parameters", "_ZTS7Kernel{n}", "{{sycl-restrict: null}}"),
        ("kernel_parameters", "_Z6helperv", "{{sycl-a: 1}}"),
        ("members", "struct.Pair", "{{sycl-alignment: 8}}"),
        ("members", "struct.Missing", "{{sycl-alignment: 8}}"),
    ]
)


def _spec(entries: list[tuple[tuple[str, str, str], int, int]]) -> str:
    sections: dict[str, dict[str, list[str]]] = {}
    for (section, name, flow), n, index in entries:
        owner = name.format(n=n)
        lines = sections.setdefault(section, {}).setdefault(owner, [])
        if section in ("kernel_parameters", "members"):
            lines.append(f"    {index}: {flow.format()}")
        elif not lines:
            lines.append(flow.format())
    out: list[str] = []
    for section, owners in sections.items():
        out.append(f"{section}:")
        for owner, lines in owners.items():
            if section in ("kernel_parameters", "members"):
                indexes = dict.fromkeys(line.split(":")[0] for line in lines)
                out.append(f"  {owner}:")
                out += [next(line for line in lines if line.startswith(i)) for i in indexes]
            else:
                out.append(f"  {owner}: {lines[0]}")
    return "\n".join(out) + "\n"


_TEXTS = {properties: synthesize(0.006, properties) for properties in (False, True)}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(_ENTRIES, st.integers(0, 6), st.integers(0, 3)), min_size=1, max_size=12),
    st.booleans(),
    st.sampled_from(EVERY_PROFILE),
)
def test_random_specs_with_errors(
    entries: list[tuple[tuple[str, str, str], int, int]], properties: bool, profile: Profile
) -> None:
    assert_rows_lower_like_placements(_TEXTS[properties], _spec(entries), profile)


@pytest.mark.parametrize("name", ALL_INPUTS)
@every_profile
def test_every_site_of_real_inputs(name: str, profile: Profile) -> None:
    text = read_input(name)
    module = Module(text, name)
    plain = re.compile(r"[A-Za-z_.$][\w.$-]*")
    functions = [f.key[1:] for f in module.functions() if f.key and plain.fullmatch(f.key[1:])]
    variables = [g.key[1:] for g in module.globals() if g.key and plain.fullmatch(g.key[1:])]
    lines = ["functions:"]
    lines += [f"  {f}: {{sycl-sub-group-size: 16, sycl-a: null}}" for f in functions]
    lines.append("kernel_parameters:")
    for function in functions:
        lines += [f"  {function}:", "    0: {sycl-restrict: null}", "    2: {sycl-b: 'x'}"]
    lines.append("globals:")
    lines += [f"  {g}: {{sycl-host-access: read}}" for g in variables]
    assert_rows_lower_like_placements(text, "\n".join(lines) + "\n", profile)
