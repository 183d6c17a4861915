"""The README's snapshot test: lower a two-function module and compare it with its ``.ll``."""

import os

from syrupy.assertion import SnapshotAssertion

import propslower

MODULE = """\
define spir_kernel void @k() #0 {
  ret void
}

define spir_func void @helper() #0 {
  ret void
}

attributes #0 = { convergent nounwind }
"""


def lower_my_module() -> str:
    """The module with kernel ``k``'s sub-group size (``SUB_GROUP_SIZE``, 16 by default)."""
    module = propslower.parse_assembly(MODULE)
    size = os.environ.get("SUB_GROUP_SIZE", "16")
    spec = {"functions": {"k": {"sycl-sub-group-size": size}}}
    propslower.annotate(module, spec, profile=propslower.DESIGN)
    return str(module)


def test_lowering(ll_snapshot: SnapshotAssertion) -> None:
    """The lowered module is the one in ``__snapshots__/test_lowering/test_lowering.ll``."""
    assert lower_my_module() == ll_snapshot
