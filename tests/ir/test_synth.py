"""The synthetic benchmark module is valid IR that the IR layer reads and edits."""

from __future__ import annotations

import sys
from pathlib import Path

from propslower.ir.module import Module
from tests.ir.helpers import assert_verifies

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from synth import kernel_count, synthesize


def test_synthetic_module_round_trips_and_verifies() -> None:
    text = synthesize(0.1)
    module = Module(text, "synthetic.ll")
    assert module.render() == text
    kernels = [f for f in module.functions() if f.parsed_header.calling_convention == "spir_kernel"]
    assert len(kernels) == kernel_count(0.1)
    assert module.opaque_pointers
    device_globals = [g for g in module.globals() if g.parts.type_text == "%class.device_global"]
    assert device_globals
    module.attributes.add_to_function(kernels[0], {"sycl-work-group-size": "8,4,2"})
    module.attributes.add_to_global(device_globals[0], {"sycl-host-access": "read"})
    assert_verifies(module)
