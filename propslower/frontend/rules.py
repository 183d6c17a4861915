"""Evaluated C++ attribute arguments fed through the shared argument-list rules.

The rules are in docs/design/properties.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from propslower.diagnostics import COMMAND_LINE, Diagnostic, DiagnosticError, Diagnostics, Span
from propslower.frontend.cindex import Cursor
from propslower.frontend.convert import NotAValueError, is_string_type, string_of, value_of
from propslower.properties.argument_kinds import (
    Argument,
    BracedArgument,
    InvalidArgument,
    ValueArgument,
)
from propslower.properties.filter_mark import filter_argument
from propslower.properties.model import PropertyList
from propslower.properties.rules import pair_arguments, value_type_message
from propslower.properties.values import NullptrValue, StringValue

_NOWHERE = Span(COMMAND_LINE, 1, 1)


def property_list(
    attribute: str,
    arguments: Sequence[Cursor],
    span: Span | None,
) -> PropertyList:
    """The property list an attribute's evaluated arguments give; raises ``DiagnosticError``.

    A leading marked string is the filter list ``cc`` rewrote (``properties/filter_mark.py``).
    """
    where = span or _NOWHERE
    diagnostics = Diagnostics()
    leading = _filter(arguments[0], where) if arguments else None
    rest = arguments[1:] if leading is not None else arguments
    half = len(rest) // 2 if len(rest) % 2 == 0 else len(rest)
    converted: list[Argument] = [
        _name(c, where, diagnostics) if i < half else _value(attribute, c, where, diagnostics)
        for i, c in enumerate(rest)
    ]
    if leading is not None:
        converted.insert(0, leading)
    paired = pair_arguments(attribute, converted, where, {}, diagnostics)
    diagnostics.raise_if_errors()
    return paired.properties


def _filter(cursor: Cursor, span: Span) -> BracedArgument | None:
    """The filter list a marked string argument stands for, or ``None``."""
    if not is_string_type(cursor):
        return None
    try:
        text = string_of(cursor)
    except LookupError:
        return None
    return None if text is None else filter_argument(text, span)


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
