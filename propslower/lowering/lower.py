"""Applies placements to a module: one lowering function per kind of target, all errors reported."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.module import Module
from propslower.ir.nogc import gc_paused
from propslower.lowering.member_plans import MemberPlans
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
Plans = MemberPlans | None
_LOWERINGS: dict[type, Callable[[Module, Placement, Profile, Forms, Plans], object]] = {
    GlobalTarget: lambda module, placement, _profile, _forms, _plans: lower_global(
        module, placement
    ),
    FunctionTarget: lambda module, placement, _profile, _forms, _plans: lower_function(
        module, placement
    ),
    ParameterTarget: lambda module, placement, profile, _forms, _plans: lower_parameter(
        module, placement, profile
    ),
    MemberTarget: lower_member,
}


def apply_placements(
    module: Module,
    placements: Iterable[Placement],
    profile: Profile,
    forms: Forms = None,
    *,
    plan: bool = False,
) -> list[Diagnostic]:
    """Lower every placement; returns the errors (the module must not be written if any).

    ``forms``: the strings a later pass rewrites member annotations into, which count as
    this lowering's own (see ``members.EquivalentForms``). ``plan``: member rows may be
    worked out ahead in a forked child on a second core (``member_plans.py``)."""
    plans = None
    if plan and isinstance(placements, Sequence):
        plans = MemberPlans.start(module, placements)
    try:
        return _apply(module, placements, profile, forms, plans)
    finally:
        if plans is not None:
            plans.close()


def _apply(
    module: Module, placements: Iterable[Placement], profile: Profile, forms: Forms, plans: Plans
) -> list[Diagnostic]:
    def lower(placement: Placement) -> None:
        _LOWERINGS[type(placement.target)](module, placement, profile, forms, plans)

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
