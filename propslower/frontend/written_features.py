"""Feature attributes libclang cannot turn into annotates: lambda declarators, C++20 ``requires``.

In ``[]() [[sycl::reqd_sub_group_size(8)]] {}`` the attribute appertains to the lambda's
function type, where ``clang::annotate`` is an error; those errors are recognised here and
the attribute is read from the source text instead. From C++20 on ``requires`` is a keyword,
so the prelude defines no macro for it and such attributes are reported as not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from propslower.diagnostics import Diagnostic, Span
from propslower.frontend.clang_errors import diagnostic_span
from propslower.frontend.prelude import KEYWORD_SPELLINGS, feature_spellings
from propslower.frontend.spans import SourceTexts

LAMBDA_ERROR = "'annotate' attribute cannot be applied to types"
"""libclang's error for a prelude annotate in a lambda declarator."""

_NAME = re.compile(r"(\w+)\s*\(")
_UNKNOWN = re.compile(r"unknown attribute '(\w+)' ignored")
_CXX20 = re.compile(r"^(?:-std=|--std=|/std:)(?:c|gnu)\+\+(\d\w)$")
_BEFORE_CXX20 = frozenset({"98", "03", "0x", "11", "1y", "14", "1z", "17"})
_ERROR_SEVERITY = 3
NOT_READ = (
    "propslower cannot read '{name}' here: from C++20 on 'requires' is a keyword; "
    "use [[sycl::device_has()]]"
)


@dataclass(frozen=True)
class WrittenAttribute:
    """A feature attribute read from the source text: its name, the call text, where."""

    name: str
    text: str
    span: Span


def keywords_allowed(args: Iterable[str]) -> bool:
    """Whether the language standard of ``args`` (the last ``-std``) is before C++20."""
    allowed = True
    for argument in args:
        match = _CXX20.match(argument)
        if match is not None:
            allowed = match.group(1) in _BEFORE_CXX20
    return allowed


def split_lambda_errors(
    diagnostics: Iterable[Any], texts: SourceTexts
) -> tuple[list[WrittenAttribute], list[Any]]:
    """Feature attributes in lambda declarators, and every other error diagnostic."""
    found: list[WrittenAttribute] = []
    errors: list[Any] = []
    for diagnostic in diagnostics:
        if diagnostic.severity < _ERROR_SEVERITY:
            continue
        written = _written(diagnostic, texts) if diagnostic.spelling == LAMBDA_ERROR else None
        if written is None:
            errors.append(diagnostic)
        else:
            found.append(written)
    return found, errors


def _written(diagnostic: Any, texts: SourceTexts) -> WrittenAttribute | None:
    location = diagnostic.location
    if location.file is None:
        return None
    file = str(location.file.name)
    line_text = texts.line(file, location.line)
    match = _NAME.match(line_text, location.column - 1)
    names = feature_spellings()
    if match is None or match.group(1) not in names:
        return None
    text = _balanced_call(texts, file, location.line, location.column)
    if text is None:
        return None
    return WrittenAttribute(names[match.group(1)], text, Span(file, location.line, location.column))


def _balanced_call(texts: SourceTexts, file: str, line: int, column: int) -> str | None:
    """``name(...)`` from (line, column) up to its closing parenthesis (string-aware)."""
    parts: list[str] = []
    depth = 0
    quote: str | None = None
    number = line
    text = texts.line(file, number)[column - 1 :]
    while True:
        for index, char in enumerate(text):
            if quote is not None:
                if char == quote and (index == 0 or text[index - 1] != "\\"):
                    quote = None
            elif char in "\"'":
                quote = char
            elif char == "(":
                depth += 1
            elif char == ")":
                depth -= 1
                if depth == 0:
                    parts.append(text[: index + 1])
                    return "\n".join(parts)
        parts.append(text)
        number += 1
        if number > line + 64:
            return None
        text = texts.line(file, number)


def keyword_notices(diagnostics: Iterable[Any]) -> list[Diagnostic]:
    """Warnings for ``requires`` attributes left unread because it is a C++20 keyword."""
    notices: list[Diagnostic] = []
    for diagnostic in diagnostics:
        match = _UNKNOWN.fullmatch(diagnostic.spelling)
        span = diagnostic_span(diagnostic)
        if match is None or match.group(1) not in KEYWORD_SPELLINGS or span is None:
            continue
        notices.append(Diagnostic.warning(NOT_READ.format(name=match.group(1)), span))
    return notices
