"""Applies placements to a module: one lowering function per kind of target, all errors reported."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.module import Module
from propslower.ir.nogc import gc_paused
from propslower.lowering.members import lower_member
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

_LOWERINGS: dict[type, Callable[[Module, Placement, Profile], object]] = {
    GlobalTarget: lambda module, placement, _profile: lower_global(module, placement),
    FunctionTarget: lambda module, placement, _profile: lower_function(module, placement),
    ParameterTarget: lower_parameter,
    MemberTarget: lower_member,
}


def apply_placements(
    module: Module, placements: Iterable[Placement], profile: Profile
) -> list[Diagnostic]:
    """Lower every placement; returns the errors (the module must not be written if any)."""
    if isinstance(placements, SpecRows):
        with gc_paused():
            return apply_rows(module, placements, profile, lambda p: _lower(module, p, profile))
    diagnostics: list[Diagnostic] = []
    with gc_paused():
        for placement in placements:
            _apply_one(module, placement, profile, diagnostics)
    return diagnostics


def _apply_one(
    module: Module, placement: Placement, profile: Profile, diagnostics: list[Diagnostic]
) -> None:
    try:
        _lower(module, placement, profile)
    except DiagnosticError as error:
        diagnostics.extend(error.diagnostics)


def _lower(module: Module, placement: Placement, profile: Profile) -> None:
    _LOWERINGS[type(placement.target)](module, placement, profile)
