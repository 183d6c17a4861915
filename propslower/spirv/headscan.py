"""A cheap scan of a function header line: parameter string attributes and group refs.

Parsing a header fully costs 60-90 µs; on a 50 MB module with every kernel decorated that
alone is slower than ``opt-15 -S``. This scan reads only what the pass needs, with one
regex pass over the punctuation and strings of the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from propslower.ir.strings import unescape

_NAME = re.compile(r'@(?:"[^"]*"|[-\w$.]+)\s*\(')
_TOKENS = re.compile(r'"[^"]*"|[()\[\]{}<>,=]')
_GROUP = re.compile(r'"[^"]*"|;[^\n]*|(!)|#(\d+)')
"""A group reference ``#N``, or the first attachment's ``!`` (strings and comments skipped)."""
_OPEN = frozenset("([{<")
_CLOSE = frozenset(")]}>")


ParameterKey = tuple[tuple[tuple[str, str | None], ...], ...]


@dataclass(frozen=True, slots=True)
class HeaderScan:
    """Parameter count, each parameter's string attributes, and the text after the list.

    Headers that are the same after the name share one scan (read it, do not change it).
    """

    parameters: tuple[dict[str, str | None], ...]
    suffix: str
    """The header after the parameter list (function attributes, ``#N``, attachments)."""
    group_refs: tuple[int, ...] = ()
    parameter_key: ParameterKey = ()
    """The parameters' string attributes as a key: headers with equal keys decorate their
    parameters alike."""


def scan_header(line: str) -> HeaderScan | None:
    """Scan ``define ... @name(params) suffix {``; None when the shape is unexpected."""
    name = _NAME.search(line)
    if name is None:
        return None
    after = line[name.end() :]
    found = _SCANS.get(after)
    if found is None:
        found = _scan_after_name(line, name)
        if found is None:
            return None
        if len(_SCANS) >= _SCAN_LIMIT:
            _SCANS.clear()
        _SCANS[after] = found
    return found


_SCANS: dict[str, HeaderScan] = {}
"""Scans by the header after ``@name(`` (all the scan reads)."""
_SCAN_LIMIT = 4096


def _scan_after_name(line: str, name: re.Match[str]) -> HeaderScan | None:
    depth = 1
    params: list[dict[str, str | None]] = [{}]
    empty = True
    pending: str | None = None
    after_equals = False
    for match in _TOKENS.finditer(line, name.end()):
        token = match.group()
        if token[0] == '"':
            empty = False
            if depth != 1:
                continue
            if after_equals and pending is not None:
                params[-1][pending] = unescape(token[1:-1])
                pending, after_equals = None, False
            else:
                pending = unescape(token[1:-1])
                params[-1][pending] = None
            continue
        after_equals = token == "=" and pending is not None
        if token in _OPEN:
            depth += 1
        elif token in _CLOSE:
            depth -= 1
            if depth == 0:
                count = 0 if empty and line[name.end() : match.start()].strip() == "" else None
                found = tuple(params) if count is None else ()
                suffix = line[match.end() :]
                key = tuple(tuple(p.items()) for p in found)
                return HeaderScan(found, suffix, _group_refs(suffix), key)
        elif token == "," and depth == 1:
            params.append({})
        if token != "=":
            pending = None
        empty = False
    return None


def _group_refs(suffix: str) -> tuple[int, ...]:
    """The ``#N`` references before the first attachment of a header's suffix."""
    refs: list[int] = []
    for match in _GROUP.finditer(suffix):
        if match.group(1) is not None:
            break
        if match.group(2) is not None:
            refs.append(int(match.group(2)))
    return tuple(refs)
