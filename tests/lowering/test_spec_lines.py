"""The line-by-line spec reader agrees with the YAML reader on every spec it accepts."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from propslower.lowering import spec_lines
from propslower.lowering.spec import read_spec
from propslower.lowering.spec_lines import SpecRows, read_simple_rows, read_simple_spec
from propslower.properties.profiles import DESIGN

SIMPLE = """\
globals:
  dm1: {sycl-host-access: read, sycl-device-image-scope: null}
  "x": {a: 'quoted, with comma'}
functions:
  _ZTS8MyKernel: {sycl-sub-group-size: 32, sycl-work-group-size: "8,4,2", f: 1.5, b: true}
kernel_parameters:
  _ZTS8MyKernel:
    1: {sycl-buffer-location: 0x10}
    0: {sycl-no-alias: null}
members:
  class.annotated_ptr:
    0: {sycl-alignment: 8}
"""


def yaml_read(text: str) -> object:
    """The YAML reader's answer: a trailing comment turns the line reader away, spans stay."""
    return read_spec(text + "# read through YAML\n", "spec.yaml", DESIGN)


def test_simple_layout_is_read_line_by_line_like_yaml() -> None:
    simple = read_simple_spec(SIMPLE.replace('"x"', "x"), "spec.yaml")
    assert simple is not None
    assert simple == yaml_read(SIMPLE.replace('"x"', "x"))
    assert len(simple) == 6


@pytest.mark.parametrize(
    "text",
    [
        "globals: {dm1: {a: 1}}\n",  # flow sections
        "globals:\n  dm1: 'add_ir_global_variable_attributes(\"a\", 1)'\n",  # attribute text
        "globals:\n  dm1: {a: 'it''s'}\n",  # YAML quote escape
        'globals:\n  dm1: {a: "tab\\t"}\n',  # backslash escape
        "globals:\n  dm1: {a: 1}\n  dm1: {b: 2}\n",  # duplicate key: YAML reports it
        "globals:\n",  # empty section
        "kernel_parameters:\n  k:\n",  # empty nested entry
        "other:\n  x: {a: 1}\n",  # unknown section
        "globals:\n  dm1: {a: -}\n",
        "globals:\n\tdm1: {a: 1}\n",
    ],
)
def test_other_layouts_go_to_the_yaml_reader(text: str) -> None:
    assert read_simple_spec(text, "spec.yaml") is None


_names = st.from_regex(r"[A-Za-z_][\w.]{0,8}", fullmatch=True)
_values = st.one_of(
    st.integers(-(2**40), 2**40).map(str),
    st.sampled_from(["true", "false", "null", "~", "1.5", "1e3", "0x1F", "read", "8,4,2"]),
    st.text("abc ,:-_", max_size=6).map(lambda s: f"'{s}'"),
    st.text("abc ,:-_", max_size=6).map(lambda s: f'"{s}"'),
)
_flows = st.dictionaries(_names, _values, min_size=1, max_size=4).map(
    lambda d: "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}"
)


@given(
    st.dictionaries(_names, _flows, min_size=1, max_size=3),
    st.dictionaries(
        _names,
        st.dictionaries(st.integers(0, 9), _flows, min_size=1, max_size=3),
        min_size=1,
        max_size=2,
    ),
)
def test_line_reader_equals_yaml_reader(
    globals_: dict[str, str], parameters: dict[str, dict[int, str]]
) -> None:
    lines = ["globals:", *(f"  {name}: {flow}" for name, flow in globals_.items())]
    lines.append("kernel_parameters:")
    for kernel, entries in parameters.items():
        lines.append(f"  {kernel}:")
        lines += [f"    {index}: {flow}" for index, flow in entries.items()]
    text = "\n".join(lines) + "\n"
    simple = read_simple_spec(text, "spec.yaml")
    event("line reader" if simple is not None else "YAML reader")
    if simple is not None:
        assert simple == yaml_read(text)


_LAYOUT_LINES = st.sampled_from(
    [
        "globals:",
        "functions:  ",
        "kernel_parameters:",
        "members:",
        "other:",
        "  a{n}: {{sycl-x: {n}, sycl-y: null}}",
        "  b{n}: {{k: 'v w'}}   ",
        "  a{n}:",
        "  c{n}:  ",
        "    {n}: {{sycl-z: 1}}",
        "    0{n}: {{sycl-z: 1}}",
        "    {n}: {{sycl-z: -}}",
        "",
        "   ",
        "\x0c",
        "  a{n}: {{x: 1}} # no",
        "    ",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(_LAYOUT_LINES, st.integers(0, 3)), max_size=14), st.booleans())
def test_sections_read_at_once_like_line_by_line(lines: list[tuple[str, int]], end: bool) -> None:
    text = "\n".join(line.format(n=n) for line, n in lines) + ("\n" if end else "")
    at_once, by_line = _read_both_ways(text)
    if at_once is not None and by_line is not None:
        assert [at_once.pairs(i) for i in range(len(at_once))] == [
            tuple((p.name, p.ir_value()) for p in placement.properties) for placement in by_line
        ]


@st.composite
def _layouts(draw: st.DrawFn) -> str:
    """Mostly well-formed specs, with blank lines and now and then a line out of place."""
    names = draw(st.permutations(["globals", "functions", "kernel_parameters", "members"]))
    lines: list[str] = []
    for section in names[: draw(st.integers(1, 4))]:
        lines.append(section + draw(st.sampled_from([":", ":  "])))
        for n in range(draw(st.integers(1, 3))):
            flow = draw(st.sampled_from(["{a: 1}", "{b: 'x y', c: null}", "{a: 1, a: 2}"]))
            if section in ("kernel_parameters", "members"):
                lines.append(f"  k{n}:")
                lines += [f"    {i}: {flow}" for i in range(draw(st.integers(1, 2)))]
            else:
                lines.append(f"  e{n}: {flow}" + draw(st.sampled_from(["", "  "])))
        if draw(st.booleans()):
            lines.insert(
                draw(st.integers(0, len(lines))), draw(st.sampled_from(["", "  ", "\x0c"]))
            )
    if draw(st.integers(0, 9)) == 0:
        lines.insert(draw(st.integers(0, len(lines))), draw(_LAYOUT_LINES).format(n=1))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n"]))


@settings(max_examples=300, deadline=None)
@given(_layouts())
def test_specs_read_at_once_like_line_by_line(text: str) -> None:
    _read_both_ways(text)


def _read_both_ways(text: str) -> tuple[SpecRows | None, SpecRows | None]:
    """``text`` read with whole sections at once and line by line; both agree on the rows."""
    at_once = read_simple_rows(text, "spec.yaml")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(spec_lines._LineReader, "_block", lambda *_: False)
        by_line = read_simple_rows(text, "spec.yaml")
    event("read" if at_once is not None else "YAML reader")
    assert (at_once is None) == (by_line is None)
    if at_once is not None and by_line is not None:
        assert repr(list(at_once)) == repr(list(by_line))
    return at_once, by_line


def test_rows_come_back_from_a_pickle_with_the_same_placements() -> None:
    rows = read_simple_rows(SIMPLE.replace('"x"', "x"), "spec.yaml")
    assert rows is not None
    again = pickle.loads(pickle.dumps(rows))
    assert isinstance(again, SpecRows)
    assert [again.pairs(row) for row in range(len(again))] == [
        rows.pairs(row) for row in range(len(rows))
    ]
    assert list(again) == list(rows)  # the placements are made after the round trip
    assert list(again) == yaml_read(SIMPLE.replace('"x"', "x"))
