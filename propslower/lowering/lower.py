"""Applies placements to a module: one lowering function per kind of target, all errors reported."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.module import Module
from propslower.ir.nogc import gc_paused
from propslower.lowering.members import EquivalentForms, lower_member
from propslower.lowering.placements import (
    FunctionTarget,
    GlobalTarget,
    MemberTarget,
    ParameterTarget,
    Placement,
)
from propslower.lowering.rows import apply_rows
from propslower.lowering.spec_lines import SpecRows
from propslower.lowering.string_attributes import lower_function, lower_global, lower_parameter
from propslower.properties.profiles import Profile

Forms = EquivalentForms | None
_LOWERINGS: dict[type, Callable[[Module, Placement, Profile, Forms], object]] = {
    GlobalTarget: lambda module, placement, _profile, _forms: lower_global(module, placement),
    FunctionTarget: lambda module, placement, _profile, _forms: lower_function(module, placement),
    ParameterTarget: lambda module, placement, profile, _forms: lower_parameter(
        module, placement, profile
    ),
    MemberTarget: lower_member,
}


def apply_placements(
    module: Module, placements: Iterable[Placement], profile: Profile, forms: Forms = None
) -> list[Diagnostic]:
    """Lower every placement; returns the errors (the module must not be written if any).

    ``forms``: the strings a later pass rewrites member annotations into, which count as
    this lowering's own (see ``members.EquivalentForms``)."""

    def lower(placement: Placement) -> None:
        _LOWERINGS[type(placement.target)](module, placement, profile, forms)

    if isinstance(placements, SpecRows):
        with gc_paused():
            return apply_rows(module, placements, profile, lower)
    diagnostics: list[Diagnostic] = []
    with gc_paused():
        for placement in placements:
            try:
                lower(placement)
            except DiagnosticError as error:
                diagnostics.extend(error.diagnostics)
    return diagnostics
