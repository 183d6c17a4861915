"""Source positions for diagnostics: ``!dbg`` locations when present, IR lines otherwise."""

from __future__ import annotations

import re

from propslower.diagnostics import Span
from propslower.ir.function_attachments import header_attachments
from propslower.ir.functions import FunctionItem
from propslower.ir.module import Module
from propslower.ir.strings import name_token, unescape

_FIELD = re.compile(
    r"\b(line|column|scope|file|filename|directory):\s*(!\d+|\d+|\"(?:[^\"\\]|\\.)*\")"
)
_DBG = re.compile(r"!dbg\s+(!\d+)")
_MAX_SCOPES = 64


def _fields(module: Module, ref: str) -> dict[str, str]:
    node = module.metadata_node(ref)
    return {} if node is None else dict(_FIELD.findall(node.text))


def _file_of(module: Module, scope: str | None) -> str | None:
    """The file name of a scope (DISubprogram, DILexicalBlock, …), following ``scope:``."""
    for _ in range(_MAX_SCOPES):
        if scope is None:
            return None
        fields = _fields(module, scope)
        if "filename" in fields:
            return unescape(fields["filename"][1:-1])
        if "file" in fields:
            file_fields = _fields(module, fields["file"])
            if "filename" in file_fields:
                return unescape(file_fields["filename"][1:-1])
        scope = fields.get("scope")
    return None


def location_span(module: Module, ref: str) -> Span | None:
    """The span of a ``!DILocation`` (file from its scope chain), or None."""
    fields = _fields(module, ref)
    if "line" not in fields:
        return None
    file = _file_of(module, fields.get("scope"))
    if file is None:
        return None
    return Span(file, int(fields["line"]), int(fields.get("column", "1")) or 1)


def function_span(module: Module, item: FunctionItem) -> tuple[Span | None, bool]:
    """Where ``item`` is: its DISubprogram's file and line, else its IR line; and whether
    the position came from debug information."""
    ref = header_attachments(item).get("!dbg")
    if ref is not None:
        fields = _fields(module, ref)
        file = _file_of(module, ref)
        if file is not None and "line" in fields:
            return Span(file, int(fields["line"]), 1), True
    return _ir_span(module, item, 0), False


def call_span(module: Module, caller: FunctionItem, callee: str) -> tuple[Span | None, bool]:
    """Where ``caller`` first calls ``@callee``: its ``!dbg`` location, else the IR line."""
    text = caller.text
    token = name_token("@", callee)
    offset = -1
    for needle in (f"{token}(", f"{token} to "):
        found = text.find(needle, text.find("\n") + 1 if caller.is_definition else 0)
        if found >= 0 and (offset < 0 or found < offset):
            offset = found
    if offset < 0:
        return None, False
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    line = text[start : end if end >= 0 else len(text)]
    dbg = _DBG.search(line)
    if dbg is not None:
        span = location_span(module, dbg.group(1))
        if span is not None:
            return span, True
    return _ir_span(module, caller, start, end if end >= 0 else len(text)), False


def token_span(module: Module, item: FunctionItem, token: str) -> tuple[Span | None, bool]:
    """Where ``token`` first appears in ``item`` (its line's ``!dbg`` if any, else IR line)."""
    text = item.text
    offset = text.find(token)
    if offset < 0:
        return function_span(module, item)
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    dbg = _DBG.search(text, start, end if end >= 0 else len(text))
    if dbg is not None:
        span = location_span(module, dbg.group(1))
        if span is not None:
            return span, True
    return _ir_span(module, item, start, end if end >= 0 else len(text)), False


def _ir_span(module: Module, item: FunctionItem, start: int, end: int | None = None) -> Span | None:
    """A span in the IR file itself (None for items an edit created)."""
    if item.is_new:
        return None
    text = item.text
    line = item.line + text.count("\n", 0, start)
    indent = len(text[start:]) - len(text[start:].lstrip(" \t"))
    column = indent + 1
    if end is None:
        return Span(module.name, line, column)
    return Span(module.name, line, column, line, max(column, end - start))
