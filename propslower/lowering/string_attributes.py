"""String-attribute lowering: globals, functions and kernel parameters (docs/design/lowering.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.module import Module
from propslower.lowering.placements import (
    FunctionTarget,
    GlobalTarget,
    ParameterTarget,
    Placement,
)
from propslower.properties.profiles import Profile

_NOALIAS = "noalias"
RESTRICT = "sycl-restrict"


def new_attributes(
    placement: Placement, existing: Mapping[str, str | None]
) -> dict[str, str | None]:
    """The properties not yet present; a present one with another value is an error."""
    added: dict[str, str | None] = {}
    for prop in placement.properties:
        value = prop.ir_value()
        if prop.name not in existing:
            added[prop.name] = value
            continue
        if (existing[prop.name] or None) != value:
            raise DiagnosticError(
                Diagnostic.error(
                    f"{placement.target.describe()} already has "
                    f"{_shown(prop.name, existing[prop.name])}; the property list gives "
                    f"{_shown(prop.name, value)}",
                    prop.span or placement.span,
                )
            )
    return added


def added_pairs(
    pairs: Iterable[tuple[str, str | None]], existing: Mapping[str, str | None]
) -> dict[str, str | None] | None:
    """``new_attributes`` for (name, IR value) pairs; None where it would raise an error."""
    added: dict[str, str | None] = {}
    for name, value in pairs:
        if name not in existing:
            added[name] = value
        elif (existing[name] or None) != value:
            return None
    return added


def _shown(name: str, value: str | None) -> str:
    """An attribute as LLVM prints it: ``"name"`` or ``"name"="value"``."""
    return f'"{name}"' if not value else f'"{name}"="{value}"'


def lower_global(module: Module, placement: Placement) -> None:
    assert isinstance(placement.target, GlobalTarget)
    variable = _global(module, placement)
    added = new_attributes(placement, module.attributes.strings_of_global(variable))
    if added:
        module.attributes.add_to_global(variable, added)


def lower_function(module: Module, placement: Placement) -> None:
    assert isinstance(placement.target, FunctionTarget)
    function = _definition(module, placement.target.name, placement)
    added = new_attributes(placement, module.attributes.strings_of_function(function))
    if added:
        module.attributes.add_to_function(function, added)


def lower_parameter(module: Module, placement: Placement, profile: Profile) -> None:
    target = placement.target
    assert isinstance(target, ParameterTarget)
    function = _definition(module, target.function, placement)
    count = len(function.parsed_shape.parameters)
    if not 0 <= target.index < count:
        raise DiagnosticError(
            Diagnostic.error(
                f"'@{target.function}' has {count} parameter{'s' * (count != 1)}; "
                f"there is no parameter {target.index}",
                placement.span,
            )
        )
    added = new_attributes(
        placement, module.attributes.strings_of_parameter(function, target.index)
    )
    enums = _implied_enums(module, function, target.index, placement, profile)
    if added or enums:
        module.attributes.add_to_parameter(function, target.index, added, enums)


def _implied_enums(
    module: Module, function: FunctionItem, index: int, placement: Placement, profile: Profile
) -> tuple[str, ...]:
    """DPC++: ``sycl-restrict`` also makes the parameter ``noalias``."""
    if not profile.restrict_adds_noalias or placement.properties.get(RESTRICT) is None:
        return ()
    return noalias_unless_present(module, function, index)


def noalias_unless_present(module: Module, function: FunctionItem, index: int) -> tuple[str, ...]:
    """``noalias`` for parameter ``index`` unless it has it already."""
    present = {a.key for a in module.attributes.of_parameter(function, index) if not a.is_string}
    return () if _NOALIAS in present else (_NOALIAS,)


def _global(module: Module, placement: Placement) -> GlobalItem:
    assert isinstance(placement.target, GlobalTarget)
    variable = module.global_variable(placement.target.name)
    if variable is None or not variable.is_variable:
        raise DiagnosticError(
            Diagnostic.error(
                f"no global variable '@{placement.target.name}' in the module", placement.span
            )
        )
    return variable


def _definition(module: Module, name: str, placement: Placement) -> FunctionItem:
    function = module.function(name)
    if function is None:
        raise DiagnosticError(
            Diagnostic.error(f"no function '@{name}' in the module", placement.owner_position)
        )
    if not function.is_definition:
        raise DiagnosticError(
            Diagnostic.error(
                f"'@{name}' is only declared here; properties need its definition", placement.span
            )
        )
    return function
