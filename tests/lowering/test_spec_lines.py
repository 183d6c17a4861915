"""The line-by-line spec reader agrees with the YAML reader on every spec it accepts."""

from __future__ import annotations

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from propslower.lowering.spec import read_spec
from propslower.lowering.spec_lines import read_simple_spec

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
    return read_spec(text + "# read through YAML\n", "spec.yaml", "design")


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
