"""Helpers for the SPIR-V pass tests: small modules and running the pass in-process."""

from __future__ import annotations

from pathlib import Path

from propslower.diagnostics import Diagnostic
from propslower.ir.module import Module
from propslower.passes import PassContext
from propslower.properties.profiles import profile_named
from propslower.spirv.lower import SpirvPass, SpirvResult

INPUTS = Path(__file__).resolve().parent / "inputs"
HEADER = (
    'target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-'
    'v512:512-v1024:1024-n8:16:32:64"\ntarget triple = "{triple}"\n\n'
)


def header(triple: str = "spir64-unknown-unknown") -> str:
    return HEADER.replace("{triple}", triple)


def lower(
    text: str, profile: str = "design", member_decorations: str = "string"
) -> tuple[str, list[Diagnostic], SpirvResult]:
    """Run the pass over ``text``: the rendered output, the diagnostics, the pass's result."""
    module = Module.parse(text, "in.ll")
    spirv = SpirvPass(member_decorations=member_decorations)
    result = spirv.lower(module, PassContext(profile_named(profile)))
    return module.render(), result.diagnostics, result


def kernel(function_attrs: str = "", parameter_attrs: str = "", extra: str = "") -> str:
    """A module with kernel ``@K(i32 %n, ptr addrspace(1) <parameter_attrs> %a)``."""
    return (
        header()
        + f"define spir_kernel void @K(i32 %n, ptr addrspace(1) {parameter_attrs} %a) #0{extra} {{\n"
        + "entry:\n  ret void\n}\n\n"
        + f"attributes #0 = {{ nounwind {function_attrs} }}\n"
    )


def global_variable(attrs: str) -> str:
    """A module with ``@g = addrspace(1) global i32 0 #0`` carrying ``attrs``."""
    return (
        header()
        + "@g = addrspace(1) global i32 0, align 4 #0\n\n"
        + (f"attributes #0 = {{ {attrs} }}\n")
    )
