"""A kernel's !reqd_work_group_size for llvm-spirv-15: SPIR-V order, three operands."""

from __future__ import annotations

import pytest

from propslower.ir.verify import verify_text
from propslower.spirv.required_size import size_of
from tests.spirv.helpers import kernel, lower


def required(dims: str, function_attrs: str = "") -> str:
    node = ", ".join(f"i32 {d}" for d in dims.split(","))
    return kernel(function_attrs, extra=" !reqd_work_group_size !0") + f"!0 = !{{{node}}}\n"


def lowered(text: str, profile: str) -> str:
    out, diagnostics, _ = lower(text, profile)
    assert not diagnostics, diagnostics
    assert verify_text(out, "out.ll") == []
    return out


def header_of(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("define"))


@pytest.mark.parametrize(
    ("dims", "local_size"),
    [
        ("8", "i32 8, i32 1, i32 1"),
        ("8,4", "i32 4, i32 8, i32 1"),
        ("8,4,2", "i32 2, i32 4, i32 8"),
    ],
)
def test_design_attribute_order_becomes_a_local_size_mode(dims: str, local_size: str) -> None:
    out = lowered(required(dims), "design")
    assert f"!{{ptr @K, i32 17, {local_size}}}" in out
    assert "!reqd_work_group_size" not in header_of(out)


def test_design_property_of_the_same_size_gives_one_mode() -> None:
    out = lowered(required("8,4", '"sycl-work-group-size"="8,4"'), "design")
    assert out.count("i32 17, i32 4, i32 8, i32 1}") == 1
    assert "!spirv.ExecutionMode = !{!" in out


def test_design_property_of_another_size_is_an_error() -> None:
    _, diagnostics, _ = lower(required("8,4", '"sycl-work-group-size"="2,2"'), "design")
    assert [d.message for d in diagnostics] == [
        "kernel '@K' requires work-group size 8,4 by its attribute and 2,2 by its "
        "sycl-work-group-size property"
    ]


@pytest.mark.parametrize(
    ("dims", "padded"),
    [
        ("8", "i32 8, i32 1, i32 1"),
        ("8,4", "i32 8, i32 4, i32 1"),
        ("8,4,2", "i32 8, i32 4, i32 2"),
    ],
)
def test_dpcpp_spirv_order_is_padded_in_place(dims: str, padded: str) -> None:
    out = lowered(required(dims), "dpcpp")
    header = header_of(out)
    ref = header.split("!reqd_work_group_size ")[1].split()[0]
    assert f"{ref} = !{{{padded}}}" in out
    assert "i32 17" not in out


def test_size_of_reads_the_integer_type() -> None:
    assert size_of(["i64 8", "i64 4"]) == ((8, 4), "i64")
    assert size_of(None) is None
