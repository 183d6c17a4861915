import pytest

from propslower.diagnostics import DiagnosticError
from propslower.lowering.placements import (
    FunctionTarget,
    GlobalTarget,
    MemberTarget,
    ParameterTarget,
)
from propslower.lowering.spec import read_spec
from propslower.properties.profiles import DESIGN

SPEC = """\
globals:
  dm1: 'add_ir_global_variable_attributes("sycl-device-image-scope", "sycl-host-access", "", "read")'
functions:
  _ZTS8MyKernel: 'add_ir_function_attributes("sycl-sub-group-size", 32)'
kernel_parameters:
  _ZTS8MyKernel:
    1: {sycl-buffer-location: 3, sycl-no-alias: null, flag: true, ratio: 0.5, name: text}
members:
  class.annotated_ptr:            # IR struct name; field index -> properties
    0: 'add_ir_member_annotation("foo", "bar", "", 32)'
"""


def test_the_issue_example() -> None:
    placements = read_spec(SPEC, "spec.yaml", DESIGN)
    assert [p.target for p in placements] == [
        GlobalTarget("dm1"),
        FunctionTarget("_ZTS8MyKernel"),
        ParameterTarget("_ZTS8MyKernel", 1),
        MemberTarget("class.annotated_ptr", 0),
    ]
    assert placements[2].properties.ir_pairs() == (
        ("sycl-buffer-location", "3"),
        ("sycl-no-alias", None),
        ("flag", "true"),
        ("ratio", "0.500000"),
        ("name", "text"),
    )
    assert placements[0].span is not None
    assert (placements[0].span.line, placements[0].span.column) == (2, 3)


def errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(DiagnosticError) as caught:
        read_spec(text, "s.yaml", DESIGN)
    return [(d.span.line, d.span.column, d.message) for d in caught.value.diagnostics if d.span]


def test_every_mistake_is_reported_with_its_position() -> None:
    found = errors(
        "globals:\n"
        '  g: \'add_ir_global_variable_attributes("a", "b", 1)\'\n'
        "nonsense: {}\n"
        "members:\n"
        "  s:\n"
        "    x: {a: 1}\n"
        "    1: [1, 2]\n"
    )
    assert found == [
        (
            2,
            7,
            "attribute 'add_ir_global_variable_attributes' must specify a value for each specified name in the argument list",
        ),
        (
            3,
            1,
            "unknown section 'nonsense' (expected one of: globals, functions, kernel_parameters, members)",
        ),
        (6, 5, "'x' is not a field index (an integer from 0 to 2147483647)"),
        (7, 8, "expected attribute text or a mapping of property name to value"),
    ]


def test_yaml_syntax_errors_are_positioned() -> None:
    [(line, _column, message)] = errors("globals:\n  g: [unclosed\n")
    assert line == 3
    assert message.startswith("invalid YAML")


def test_block_scalars_keep_exact_positions() -> None:
    [(line, column, _)] = errors(
        "globals:\n  g: |\n    add_ir_global_variable_attributes(\n      1, 2)\n"
    )
    assert (line, column) == (4, 7)


def test_pack_expansions_need_the_front_end() -> None:
    [(_, _, message)] = errors(
        "functions:\n  f: 'add_ir_function_attributes(P::meta_name..., P::meta_value...)'\n"
    )
    assert "needs" in message or "C++ front-end" in message


def test_empty_spec() -> None:
    assert read_spec("", "e.yaml", DESIGN) == []


def test_an_index_is_read_as_yaml_reads_an_int() -> None:
    text = "kernel_parameters:\n  k:\n    0x1: {sycl-a: 1}\n"
    (placement,) = read_spec(text, "s.yaml", DESIGN)
    assert placement.target == ParameterTarget("k", 1)
