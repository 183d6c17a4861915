"""Checking module text with llvmlite (parse + verify), errors mapped onto spans."""

from __future__ import annotations

import re

from propslower.diagnostics import Diagnostic, Span

_PARSE_LOCATION = re.compile(r"<string>:(\d+):(\d+):\s*(?:error:\s*)?(.*)", re.DOTALL)
_QUOTED_VALUE = re.compile(r"[%@](?:\"[^\"]*\"|[-\w$.]+)")


def verify_text(text: str, name: str) -> list[Diagnostic]:
    """Diagnostics for ``text`` (empty when llvmlite parses and verifies it)."""
    import llvmlite.binding as llvm  # noqa: PLC0415 - LLVM costs 50 MB: load it only to verify

    try:
        module = llvm.parse_assembly(text)
    except RuntimeError as error:
        return [_parse_diagnostic(str(error), name)]
    try:
        module.verify()
    except RuntimeError as error:
        return [_verify_diagnostic(str(error), text, name)]
    return []


def _parse_diagnostic(message: str, name: str) -> Diagnostic:
    match = _PARSE_LOCATION.search(message)
    if match is None:
        return Diagnostic.error(f"invalid IR: {_first_line(message)}", Span(name, 1, 1))
    line, column = int(match.group(1)), int(match.group(2))
    detail = _first_line(match.group(3))
    return Diagnostic.error(f"invalid IR: {detail}", Span(name, line, max(column, 1)))


def _verify_diagnostic(message: str, text: str, name: str) -> Diagnostic:
    """Point at the first quoted line of the verifier's message found in ``text``."""
    lines = [line for line in message.splitlines() if line.strip()]
    headline = lines[0] if lines else message
    for quoted in lines[1:]:
        offset = _find_line(text, quoted)
        if offset is not None:
            return Diagnostic.error(
                f"IR verification failed: {headline}", _span(text, name, offset)
            )
    for quoted in lines[1:]:
        for token in _QUOTED_VALUE.findall(quoted):
            offset = _find_definition(text, token)
            if offset is not None:
                span = _span(text, name, offset)
                return Diagnostic.error(f"IR verification failed: {headline}", span)
    return Diagnostic.error(f"IR verification failed: {headline}", Span(name, 1, 1))


def _first_line(message: str) -> str:
    return message.strip().splitlines()[0] if message.strip() else "unknown error"


def _find_line(text: str, quoted: str) -> int | None:
    needle = quoted.strip()
    if len(needle) < 4:
        return None
    found = text.find(needle)
    return None if found < 0 else found


def _find_definition(text: str, token: str) -> int | None:
    for pattern in (f"\n{token} =", f"@{token[1:]}(", f" {token} = "):
        found = text.find(pattern)
        if found >= 0:
            return found + (1 if pattern.startswith("\n") else 0)
    return None


def _span(text: str, name: str, offset: int) -> Span:
    end = text.find("\n", offset)
    return Span.at_offset(name, text, offset, len(text) if end < 0 else end)
