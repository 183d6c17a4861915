"""clang's unknown-attribute warnings, less those for the attributes propslower reads itself.

The compile ``cc`` runs does not know the kernel markers and the optional-kernel-feature
attributes, and would warn about each although propslower handles them. So that compile
runs with ``-Wno-unknown-attributes`` and the warnings come from the libclang read instead,
for every attribute that neither clang nor propslower understands (a misspelt one, say).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from propslower.diagnostics import Diagnostic, Span
from propslower.frontend.markers import UNKNOWN_ATTRIBUTE_ROLES
from propslower.frontend.prelude import feature_spellings
from propslower.frontend.unique_ids import RECOGNISED_CLASS_ATTRIBUTES

_UNKNOWN = re.compile(r"unknown attribute '(?:[\w:]+::)?(\w+)' ignored")
_SILENCING = re.compile(r"-w|-Wno-unknown-attributes|-Wno-attributes|-Wno-everything")


def handled_names() -> frozenset[str]:
    """Attribute names (without namespace) that propslower reads."""
    names = frozenset(UNKNOWN_ATTRIBUTE_ROLES) | frozenset(feature_spellings())
    return names | RECOGNISED_CLASS_ATTRIBUTES


def silenced(arguments: Sequence[str]) -> bool:
    """Whether the user's own flags already turn unknown-attribute warnings off."""
    return any(_SILENCING.fullmatch(argument) for argument in arguments)


def as_errors(arguments: Sequence[str]) -> bool:
    """Whether the user's flags make unknown-attribute warnings errors (the last flag wins)."""
    errors = False
    for argument in arguments:
        if argument in _WERROR:
            errors = True
        elif argument in _WNO_ERROR:
            errors = False
    return errors


_WERROR = frozenset({"-Werror", "-Werror=unknown-attributes", "-Werror=attributes"})
_WNO_ERROR = frozenset({"-Wno-error", "-Wno-error=unknown-attributes", "-Wno-error=attributes"})


def unknown_attribute_warnings(diagnostics: Iterable[Any]) -> list[Diagnostic]:
    """clang's warning for each unknown attribute propslower does not read, once per place."""
    handled = handled_names()
    found: dict[tuple[str, Span], Diagnostic] = {}
    for diagnostic in diagnostics:
        match = _UNKNOWN.match(diagnostic.spelling)
        location = diagnostic.location
        if match is None or match.group(1) in handled or location.file is None:
            continue
        span = Span(str(location.file.name), location.line, location.column, *_end(diagnostic))
        message = f"{diagnostic.spelling} [-Wunknown-attributes]"
        found.setdefault((message, span), Diagnostic.warning(message, span))
    return list(found.values())


def _end(diagnostic: Any) -> tuple[int, int] | tuple[()]:
    """The inclusive end of the attribute's name, from libclang's (exclusive) range."""
    for extent in diagnostic.ranges:
        start, end = extent.start, extent.end
        if start.line == end.line == diagnostic.location.line and end.column > start.column:
            return end.line, end.column - 1
    return ()
