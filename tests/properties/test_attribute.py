"""Parsed attributes: work-group sizes in SPIR-V order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from propslower.properties.attribute import spirv_order


@given(st.lists(st.integers(1, 1024), min_size=1, max_size=3))
def test_spirv_order_reverses_and_pads(dims: list[int]) -> None:
    ordered = spirv_order(dims)
    assert len(ordered) == 3
    assert list(ordered[: len(dims)]) == dims[::-1]
    assert set(ordered[len(dims) :]) <= {1}
