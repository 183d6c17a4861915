"""Evaluated C++ attribute arguments fed through the shared argument-list rules.

The rules are in docs/design/properties.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from propslower.diagnostics import COMMAND_LINE, Diagnostic, DiagnosticError, Diagnostics, Span
from propslower.frontend.cindex import Cursor
from propslower.frontend.convert import NotAValueError, is_string_type, string_of, value_of
from propslower.properties.arguments import (
    Argument,
    BracedArgument,
    InvalidArgument,
    ValueArgument,
)
from propslower.properties.model import PropertyList
from propslower.properties.rules import pair_arguments, value_type_message
from propslower.properties.values import NullptrValue, StringValue

_NOWHERE = Span(COMMAND_LINE, 1, 1)


def property_list(
    attribute: str,
    arguments: Sequence[Cursor],
    span: Span | None,
    filter_names: Sequence[str] | None = None,
) -> PropertyList:
    """The property list an attribute's evaluated arguments give; raises ``DiagnosticError``."""
    where = span or _NOWHERE
    diagnostics = Diagnostics()
    half = len(arguments) // 2 if len(arguments) % 2 == 0 else len(arguments)
    converted: list[Argument] = [
        _name(c, where, diagnostics) if i < half else _value(attribute, c, where, diagnostics)
        for i, c in enumerate(arguments)
    ]
    if filter_names is not None:
        items = tuple(ValueArgument(StringValue(n), None, where) for n in filter_names)
        converted.insert(0, BracedArgument(items, where))
    paired = pair_arguments(attribute, converted, where, {}, diagnostics)
    diagnostics.raise_if_errors()
    return paired.properties


def _name(cursor: Cursor, span: Span, diagnostics: Diagnostics) -> Argument:
    if not is_string_type(cursor):
        return _value("", cursor, span, diagnostics)
    try:
        text = string_of(cursor)
    except LookupError as error:
        diagnostics.add(Diagnostic.error(f"cannot evaluate this name: {error}", span))
        return InvalidArgument(span)
    value = NullptrValue(span) if text is None else StringValue(text, span)
    return ValueArgument(value, None, span)


def _value(attribute: str, cursor: Cursor, span: Span, diagnostics: Diagnostics) -> Argument:
    try:
        return ValueArgument(value_of(cursor), None, span)
    except NotAValueError as error:
        diagnostics.add(Diagnostic.error(f"{value_type_message(attribute)} (got '{error}')", span))
        return InvalidArgument(span)


__all__ = ["DiagnosticError", "property_list"]
