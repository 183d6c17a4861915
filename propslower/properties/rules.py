"""The argument-list rules: filter, name/value pairing, empty names, duplicates, types.

Each rule is stated in docs/design/properties.md, "The argument list".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from propslower.diagnostics import Diagnostic, Diagnostics, Span
from propslower.frozen import fast_init
from propslower.properties.argument_kinds import (
    Argument,
    BracedArgument,
    InvalidArgument,
    NameArgument,
    PackArgument,
    ValueArgument,
)
from propslower.properties.ctypes import TypeClass
from propslower.properties.model import Property, PropertyList
from propslower.properties.values import (
    EnumeratorValue,
    PropertyValue,
    StringValue,
    UnresolvedValue,
)

EnumTable = Mapping[str, int]
"""Qualified enumerator name (``ns::E::value``) → integer value."""


@fast_init
@dataclass(frozen=True)
class PairedArguments:
    """The rules' outcome: properties, the filter, and what only the front-end can evaluate."""

    properties: PropertyList
    filter: tuple[str, ...] | None
    unresolved: tuple[UnresolvedValue, ...]


def value_type_message(attribute: str) -> str:
    return (
        f"each attribute argument in '{attribute}' must be an integer, a floating point, a "
        "character, a boolean, 'const char *', or an enumerator usable as a constant expression"
    )


def pair_arguments(
    attribute: str,
    arguments: Sequence[Argument],
    attribute_span: Span,
    enums: EnumTable,
    diagnostics: Diagnostics,
) -> PairedArguments:
    """Apply the argument-list rules (with DPC++'s filter list) to an attribute's arguments."""
    classes = {type(argument) for argument in arguments}
    filter_names: tuple[str, ...] | None = None
    if BracedArgument in classes:
        arguments, filter_names = _take_filter(attribute, arguments, diagnostics)
    if PackArgument in classes:
        packs = [a for a in arguments if isinstance(a, PackArgument)]
        unresolved = tuple(
            UnresolvedValue(p.text, "a pack expansion needs the C++ front-end", p.span)
            for p in packs
        )
        return PairedArguments(PropertyList(), filter_names, unresolved)
    if len(arguments) % 2:
        diagnostics.add(
            Diagnostic.error(
                f"attribute '{attribute}' must specify a value for each specified name in the "
                "argument list",
                attribute_span,
            )
        )
        return PairedArguments(PropertyList(), filter_names, ())
    half = len(arguments) // 2
    names = [_name(attribute, a, diagnostics) for a in arguments[:half]]
    values = [_value(attribute, a, enums, diagnostics) for a in arguments[half:]]
    properties: list[Property] = []
    for name, value, argument in zip(names, values, arguments[:half], strict=True):
        if not name or value is None:
            continue
        if filter_names is not None and name not in filter_names:
            continue
        properties.append(Property(name, value, argument.span))
    return PairedArguments(_without_duplicates(properties, diagnostics), filter_names, ())


def _take_filter(
    attribute: str, arguments: Sequence[Argument], diagnostics: Diagnostics
) -> tuple[Sequence[Argument], tuple[str, ...] | None]:
    braced = [i for i, argument in enumerate(arguments) if isinstance(argument, BracedArgument)]
    for index in braced:
        if index:
            diagnostics.add(
                Diagnostic.error(
                    f"only the first argument of attribute '{attribute}' can be an initializer "
                    "list",
                    arguments[index].span,
                )
            )
    rest = [a for a in arguments if not isinstance(a, BracedArgument)]
    first = arguments[0]
    if not isinstance(first, BracedArgument):
        return rest, None
    names: list[str] = []
    for item in first.items:
        if isinstance(item, ValueArgument) and isinstance(item.value, StringValue):
            names.append(item.value.text)
            continue
        diagnostics.add(
            Diagnostic.error(
                f"initializer list in the first argument of '{attribute}' must contain only "
                "string literals",
                item.span,
            )
        )
    return rest, tuple(names)


def _name(attribute: str, argument: Argument, diagnostics: Diagnostics) -> str | None:
    if (
        isinstance(argument, ValueArgument)
        and isinstance(argument.value, StringValue)
        and (argument.ctype is None or argument.ctype.type_class is TypeClass.STRING_POINTER)
    ):
        return argument.value.text
    if isinstance(argument, InvalidArgument):
        return None
    if isinstance(argument, NameArgument):
        diagnostics.add(
            Diagnostic.error(
                f"the name '{argument.name}' can only be evaluated by the C++ front-end "
                "(propslower cc)",
                argument.span,
            )
        )
        return None
    diagnostics.add(
        Diagnostic.error(
            f"each name argument in '{attribute}' must be a 'const char *' usable in a constant "
            "expression",
            argument.span,
        )
    )
    return None


def _value(
    attribute: str, argument: Argument, enums: EnumTable, diagnostics: Diagnostics
) -> PropertyValue | None:
    if isinstance(argument, ValueArgument) and (
        argument.ctype is None or argument.ctype.type_class not in _NOT_VALUES
    ):
        return argument.value
    if isinstance(argument, InvalidArgument):
        return None
    if isinstance(argument, NameArgument):
        return _enumerator(argument, enums, diagnostics)
    diagnostics.add(Diagnostic.error(value_type_message(attribute), argument.span))
    return None


_NOT_VALUES = (TypeClass.OTHER_POINTER, TypeClass.VOID)  # a tuple: enum hashing is slow


def resolve_enumerator(name: str, enums: EnumTable) -> tuple[str, int] | None:
    """Look ``name`` up exactly, else as the unique entry ending in ``::name``."""
    if name in enums:
        return name, enums[name]
    suffix = "::" + name.lstrip(":")
    matches = [(key, value) for key, value in enums.items() if ("::" + key).endswith(suffix)]
    return matches[0] if len(matches) == 1 else None


def _enumerator(
    argument: NameArgument, enums: EnumTable, diagnostics: Diagnostics
) -> PropertyValue | None:
    found = resolve_enumerator(argument.name, enums)
    if found is None:
        diagnostics.add(
            Diagnostic.error(
                f"cannot resolve '{argument.name}' without the C++ front-end; give its value with "
                f"--enum {argument.name}=VALUE or compile with 'propslower cc'",
                argument.span,
            )
        )
        return None
    name, number = found
    if argument.cast is not None and argument.cast.type_class is not TypeClass.INTEGER:
        diagnostics.add(
            Diagnostic.error(
                f"cannot convert '{name}' to '{argument.cast.spelling}' here", argument.span
            )
        )
        return None
    return EnumeratorValue(name, number, argument.span)


def _without_duplicates(properties: list[Property], diagnostics: Diagnostics) -> PropertyList:
    if len({prop.name for prop in properties}) == len(properties):
        return PropertyList(tuple(properties))
    first: dict[str, Property] = {}
    kept: list[Property] = []
    for prop in properties:
        earlier = first.get(prop.name)
        if earlier is None:
            first[prop.name] = prop
            kept.append(prop)
            continue
        note = Diagnostic.note("first given here", earlier.span)
        if earlier.ir_value() == prop.ir_value():
            diagnostics.add(
                Diagnostic.warning(f"property '{prop.name}' is given twice", prop.span, note)
            )
            continue
        diagnostics.add(
            Diagnostic.error(
                f"property '{prop.name}' is given twice with different values "
                f"({_shown(earlier)} and {_shown(prop)})",
                prop.span,
                note,
            )
        )
    return PropertyList(tuple(kept))


def _shown(prop: Property) -> str:
    value = prop.ir_value()
    return "no value" if value is None else f"'{value}'"
