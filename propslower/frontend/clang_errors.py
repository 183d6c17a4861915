"""libclang's diagnostics as propslower's: their positions, and the C++ errors a read stops on."""

from __future__ import annotations

from typing import Any

from propslower.diagnostics import Diagnostic, Span

_ANNOTATE_CONSTANT = "'annotate' attribute requires parameter"
_FILTER_NOTE = (
    'propslower cc reads a filter list (\'{"a", "b"}\') written in the source file or in a '
    "header it includes from its own, an -iquote or an -I directory; elsewhere (a system "
    "header, an attribute name a macro pastes together) the attribute reaches clang::annotate "
    "as written, and clang::annotate accepts only constant expressions"
)


def diagnostic_span(diagnostic: Any) -> Span | None:
    """Where a libclang diagnostic points (``None`` for one without a file)."""
    location = diagnostic.location
    if location.file is None:
        return None
    return Span(str(location.file.name), location.line, location.column)


def cpp_error(diagnostic: Any) -> Diagnostic:
    """A C++ error of the translation unit; clang::annotate's constant-expression error gets a
    note on where ``cc`` reads filter lists."""
    span = diagnostic_span(diagnostic)
    if not diagnostic.spelling.startswith(_ANNOTATE_CONSTANT):
        return Diagnostic.error(diagnostic.spelling, span)
    return Diagnostic.error(diagnostic.spelling, span, Diagnostic.note(_FILTER_NOTE, span))
