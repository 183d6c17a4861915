"""Split module text into top-level items in one linear pass, with positioned errors.

``read_items`` is the general reader; ``scan.py`` builds the same items as a compact table
and uses this module for every shape it does not match itself. Item keys are read here too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NoReturn

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.ir.attributes import AttributeGroup
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.headers import function_key, function_key_at, header_end
from propslower.ir.items import Item, ItemKind
from propslower.ir.lex import OPENERS
from propslower.ir.metadata import MetadataNode, NamedMetadata

_STRING = re.compile(r'"[^"\n]*"')
_GLOBAL_KEY = re.compile(r'@(?:"[^"]*"|[-\w$.]+)')
_TYPE_KEY = re.compile(r'%(?:"[^"]*"|[-\w$.]+)')
_GROUP_KEY = re.compile(r"attributes\s+(#\d+)")
_METADATA_KEY = re.compile(r'!(?:\d+|"[^"]*"|[-\w$.\\]+)')
_CLOSERS = {v: k for k, v in OPENERS.items()}

_WORD_KINDS: dict[str, ItemKind] = {
    "define": ItemKind.DEFINITION,
    "declare": ItemKind.DECLARATION,
    "attributes": ItemKind.ATTRIBUTES,
    "source_filename": ItemKind.HEADER,
    "target": ItemKind.HEADER,
    "module": ItemKind.HEADER,
    "deplibs": ItemKind.HEADER,
    "uselistorder": ItemKind.OPAQUE,
    "uselistorder_bb": ItemKind.OPAQUE,
}
_SIGIL_KINDS: dict[str, ItemKind] = {
    "@": ItemKind.GLOBAL,
    "%": ItemKind.TYPE,
    "$": ItemKind.OPAQUE,
    "^": ItemKind.OPAQUE,
}
_WORD = re.compile(r"[A-Za-z_]+")
_LEADING = re.compile(r"[ \t]*")


def _make_item(kind: ItemKind, text: str, offset: int, line: int) -> Item:
    key = _key(kind, text)
    factory = _FACTORIES.get(kind)
    if factory is not None:
        return factory(kind, text, offset, line, key)
    if kind in (ItemKind.DEFINITION, ItemKind.DECLARATION):
        return FunctionItem(kind, text, offset, line, key)
    return Item(kind, text, offset, line, key)


_FACTORIES: dict[ItemKind, Callable[[ItemKind, str, int, int, str | None], Item]] = {
    ItemKind.GLOBAL: lambda _k, t, o, n, key: GlobalItem(t, o, n, key),
    ItemKind.ATTRIBUTES: lambda _k, t, o, n, key: AttributeGroup(t, o, n, key),
    ItemKind.METADATA: lambda _k, t, o, n, key: MetadataNode(t, o, n, key),
    ItemKind.NAMED_METADATA: lambda _k, t, o, n, key: NamedMetadata(t, o, n, key),
}

_KEY_PATTERNS: dict[ItemKind, re.Pattern[str]] = {
    ItemKind.GLOBAL: _GLOBAL_KEY,
    ItemKind.TYPE: _TYPE_KEY,
    ItemKind.METADATA: _METADATA_KEY,
    ItemKind.NAMED_METADATA: _METADATA_KEY,
}


def item_key(kind: ItemKind, text: str) -> str | None:
    """The key of an item of ``kind`` whose text is ``text`` (None for unnamed kinds)."""
    return _key(kind, text)


def _key(kind: ItemKind, text: str) -> str | None:
    if kind in (ItemKind.DEFINITION, ItemKind.DECLARATION):
        key = function_key(text[: text.find("\n") if "\n" in text else len(text)])
        return key if key is not None else function_key_at(text, 0, _header_end(text, 0, len(text)))
    if kind is ItemKind.ATTRIBUTES:
        match = _GROUP_KEY.match(text)
        return None if match is None else match.group(1)
    pattern = _KEY_PATTERNS.get(kind)
    if pattern is None:
        return None
    match = pattern.match(text.lstrip())
    return None if match is None else match.group()


def read_items(text: str, file: str) -> list[Item]:
    """The top-level items of ``text``; raise ``DiagnosticError`` on malformed structure."""
    items: list[Item] = []
    pos = 0
    line = 1
    size = len(text)
    while pos < size:
        end, kind = classified_end(text, pos, file)
        item_text = text[pos:end]
        item = _make_item(kind, item_text, pos, line)
        item.file = file
        items.append(item)
        line += item_text.count("\n")
        pos = end
    return items


_SHAPES: dict[ItemKind, tuple[re.Pattern[str], str]] = {
    ItemKind.TYPE: (re.compile(r'\s*%(?:"[^"]*"|[-\w$.]+)\s*=\s*type\b'), "'%name = type ...'"),
    ItemKind.GLOBAL: (re.compile(r'\s*@(?:"[^"]*"|[-\w$.]+)\s*=\s*\S'), "'@name = ...'"),
    ItemKind.ATTRIBUTES: (
        re.compile(r"\s*attributes\s+#\d+\s*=\s*\{"),
        "'attributes #N = { ... }'",
    ),
    ItemKind.METADATA: (re.compile(r"\s*!\d+\s*=\s*\S"), "'!N = ...'"),
    ItemKind.NAMED_METADATA: (
        re.compile(r'\s*!(?:"[^"]*"|[-\w$.\\]+)\s*=\s*!\{'),
        "'!name = !{...}'",
    ),
    ItemKind.DEFINITION: (re.compile(r"\s*define\b[^@]*+@"), "'define ... @name(...) {'"),
    ItemKind.DECLARATION: (re.compile(r"\s*declare\b[^@]*+@"), "'declare ... @name(...)'"),
}


def _check_shape(kind: ItemKind, text: str, pos: int, file: str) -> None:
    shape = _SHAPES.get(kind)
    if shape is None or shape[0].match(text, pos):
        return
    start = _LEADING.match(text, pos)
    _fail(file, text, pos if start is None else start.end(), f"expected {shape[1]}")


def _line_end(text: str, pos: int) -> int:
    newline = text.find("\n", pos)
    return len(text) if newline < 0 else newline + 1


def _classify(text: str, pos: int, file: str) -> ItemKind:
    stripped_at = pos
    while stripped_at < len(text) and text[stripped_at] in " \t\r":
        stripped_at += 1
    first = text[stripped_at : stripped_at + 1]
    if first in ("", "\n", ";"):
        return ItemKind.TRIVIA
    if first == "!":
        return _metadata_kind(text, stripped_at)
    sigil_kind = _SIGIL_KINDS.get(first)
    if sigil_kind is not None:
        return sigil_kind
    word = _WORD.match(text, stripped_at)
    kind = None if word is None else _WORD_KINDS.get(word.group())
    if kind is None:
        end = _line_end(text, pos)
        raise DiagnosticError(
            Diagnostic.error(
                "expected a top-level entity (global, function, metadata, attribute group)",
                Span.at_offset(file, text, stripped_at, min(end, stripped_at + 40)),
            )
        )
    return kind


def _metadata_kind(text: str, pos: int) -> ItemKind:
    numbered = pos + 1 < len(text) and text[pos + 1].isdigit()
    return ItemKind.METADATA if numbered else ItemKind.NAMED_METADATA


def _statement_end(text: str, pos: int, file: str) -> int:
    """End of the line at ``pos``, or of later lines while brackets stay open or the next
    line continues the item (LLVM's lexer ignores line breaks: see ``continuation``)."""
    end = _balanced_end(text, pos, file)
    more = continuation(text, end)
    while more >= 0:
        end = _balanced_end(text, more, file)
        more = continuation(text, end)
    return end


_BLANK_LINES = re.compile(r"(?:[ \t\r]*+(?:;[^\n]*+)?\n)*+")
_NAME_ASSIGNED = re.compile(r'[@%!$^#](?:"[^"]*"|[-\w$.\\]+)[ \t]*=')
"""A line starting a named top-level item: ``@g =``, ``%T =``, ``!0 =``, ``$c =``."""
_CONTINUATION_WORDS = frozenset(
    {
        *("void", "ptr", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128"),
        *("label", "metadata", "token", "opaque", "x86_amx", "x86_mmx", "addrspace"),
        *("global", "constant", "alias", "ifunc", "externally_initialized", "thread_local"),
        *("private", "internal", "available_externally", "linkonce", "weak", "common"),
        *("appending", "extern_weak", "linkonce_odr", "weak_odr", "external"),
        *("dso_local", "dso_preemptable", "default", "hidden", "protected"),
        *("dllimport", "dllexport", "unnamed_addr", "local_unnamed_addr"),
        *("section", "partition", "comdat", "align", "no_sanitize_address"),
        *("zeroinitializer", "undef", "poison", "null", "none", "true", "false", "c"),
        *("getelementptr", "inbounds", "bitcast", "addrspacecast", "ptrtoint", "inttoptr"),
        *("type", "dso_local_equivalent", "no_cfi", "blockaddress"),
    }
)
"""Words that can begin a line continuing a global, a declaration or a type (a line
starting with any other word begins a new item, or is an error)."""
_WORD_OR_INTEGER_TYPE = re.compile(r"[A-Za-z_][\w.]*")


def continuation(text: str, at: int) -> int:
    """Where the line continuing the item that ends at ``at`` starts, or -1 when the next
    line (past blank and comment lines) begins a new item or is not IR.

    LLVM's lexer ignores line breaks, so ``@g = global\n  i32 0, align 4`` is one global.
    A line continues the item before it unless it starts (after any indentation) with
    ``name =``, a top-level keyword (``define``, ``attributes``, ...) or ``}``; a line
    starting at column one with a word must start with a word that can continue an item
    (so that ``this is garbage`` is reported where it is).
    """
    start = _BLANK_LINES.match(text, at).end()  # type: ignore[union-attr]
    size = len(text)
    if start >= size:
        return -1
    first = _LEADING.match(text, start).end()  # type: ignore[union-attr]
    char = text[first : first + 1]
    if char in ("@", "%", "!", "$", "^", "#"):
        return -1 if _NAME_ASSIGNED.match(text, first) else start
    if char in ("}", "\r", ""):
        return -1
    word = _WORD_OR_INTEGER_TYPE.match(text, first)
    if word is None:
        return start
    found = word.group()
    if found in _WORD_KINDS:
        return -1
    if found in _CONTINUATION_WORDS or (found[0] == "i" and found[1:].isdigit()):
        return start
    return start if first > start else -1


def _balanced_end(text: str, pos: int, file: str) -> int:
    """End of the line at ``pos``, or of later lines while brackets stay open."""
    end = _line_end(text, pos)
    segment = text[pos:end]
    if '"' in segment:
        segment = _STRING.sub("", segment)
    if '"' not in segment:
        segment = segment.split(";", 1)[0]
        if _balanced_counts(segment):
            return end
    return _scan_statement(text, pos, file)


def _balanced_counts(segment: str) -> bool:
    return all(segment.count(o) == segment.count(c) for o, c in OPENERS.items())


def _scan_statement(text: str, pos: int, file: str) -> int:
    stack: list[tuple[str, int]] = []
    i = pos
    size = len(text)
    while i < size:
        ch = text[i]
        if ch == '"':
            close = text.find('"', i + 1)
            if close < 0:
                _fail(file, text, i, "unterminated string")
            i = close + 1
            continue
        if ch == ";":
            i = text.find("\n", i)
            i = size if i < 0 else i
            continue
        if ch == "\n" and not stack:
            return i + 1
        if ch in OPENERS:
            stack.append((ch, i))
        elif ch in _CLOSERS:
            if not stack or stack[-1][0] != _CLOSERS[ch]:
                _fail(file, text, i, f"unbalanced '{ch}'")
            stack.pop()
        i += 1
    if stack:
        opener, where = stack[-1]
        _fail(file, text, where, f"'{opener}' is never closed (truncated input?)")
    return size


def definition_end(text: str, pos: int, file: str) -> int:
    """End of the definition at ``pos``: its body closes with a ``}`` line."""
    body = header_end(text, pos, len(text))
    close = text.find("\n}", body - 1)
    if close < 0:
        _fail(file, text, pos, "function body is never closed with '}' (truncated input?)")
    next_define = text.find("\ndefine ", body - 1, close)
    if next_define >= 0:
        _fail(file, text, pos, "function body is not closed with '}' before the next 'define'")
    return closing_line_end(text, close + 1)


_REST_OF_LINE = re.compile(r"[ \t\r]*+(?:;[^\n]*+)?(?:\n|\Z)")


def closing_line_end(text: str, brace: int) -> int:
    """End of a body's closing ``}`` line at ``brace``; or, when another item follows the
    brace on that line (``}attributes #0 = {}``, which LLVM reads), where that item starts."""
    after = brace + 1
    rest = _REST_OF_LINE.match(text, after)
    if rest is not None:
        return rest.end()
    return _LEADING.match(text, after).end()  # type: ignore[union-attr]


_ITEM_HEAD = re.compile(r'[ \t]*(?:[@%!$^](?:"[^"\n]*"|[-\w$.\\]+)[ \t]*=|[A-Za-z_]+)')
"""The part of an item that names it: ``@g =``, ``!0 =``, or its first word."""
_ITEM_START = re.compile(
    r'[@%!$^](?:"[^"\n]*"|[-\w$.\\]+)[ \t]*=(?!=)'
    r"|(?<![-\w$.\\])(?:define|declare|attributes|source_filename|uselistorder(?:_bb)?)[ \t]"
    r"|(?<![-\w$.\\])target[ \t]+(?:triple|datalayout)\b"
)
"""What starts a top-level item, wherever it stands."""


def _second_item(text: str, pos: int, end: int) -> int:
    """Where a second top-level item starts inside the statement ``text[pos:end]`` (LLVM's
    lexer ignores line breaks, so ``@g = global i32 0, align 4!9 = !{}`` is two items), or
    -1: the first ``name =`` or top-level keyword outside strings, comments and brackets."""
    head = _ITEM_HEAD.match(text, pos, end)
    body = pos if head is None else head.end()
    at, depth = pos, 0
    for hit in _ITEM_START.finditer(text, body, end):
        start = hit.start()
        while at < start:
            char = text[at]
            if char == '"':
                at = text.find('"', at + 1, end) + 1 or end
                continue
            if char == ";":
                at = text.find("\n", at, end) + 1 or end
                continue
            if char in OPENERS:
                depth += 1
            elif char in _CLOSERS:
                depth -= 1
            at += 1
        if at == start and depth == 0:
            return start
    return -1


def _fail(file: str, text: str, offset: int, message: str) -> NoReturn:
    end = _line_end(text, offset)
    raise DiagnosticError(
        Diagnostic.error(message, Span.at_offset(file, text, offset, min(end - 1, offset + 1)))
    )


def classified_end(text: str, pos: int, file: str) -> tuple[int, ItemKind]:
    """End and kind of the item at ``pos``, its shape checked; the general, slower path."""
    kind = _classify(text, pos, file)
    if kind is ItemKind.DEFINITION:
        end = definition_end(text, pos, file)
    elif kind is ItemKind.TRIVIA:
        end = _line_end(text, pos)
    else:
        end = _statement_end(text, pos, file)
        second = _second_item(text, pos, end)
        if second > pos:
            end = second
    _check_shape(kind, text, pos, file)
    return end, kind


def _header_end(text: str, pos: int, end: int) -> int:
    """Where a function's header ends: its body's ``{`` line, or the whole declaration."""
    first = _LEADING.match(text, pos).end()  # type: ignore[union-attr]
    return header_end(text, pos, end) if text.startswith("define", first) else end


def _key_text(kind: ItemKind, text: str, pos: int, end: int) -> str:
    """As much of the item's text as its key can depend on."""
    if kind is ItemKind.DEFINITION or kind is ItemKind.DECLARATION:
        newline = text.find("\n", pos, end)
        return text[pos : end if newline < 0 else newline]
    return text[pos:end]


def key_at(kind: ItemKind, text: str, pos: int, end: int) -> str | None:
    """The key of the item ``text[pos:end]`` of ``kind``."""
    if kind is ItemKind.DEFINITION or kind is ItemKind.DECLARATION:
        newline = text.find("\n", pos, end)
        key = function_key_at(text, pos, end if newline < 0 else newline)
        return key if key is not None else function_key_at(text, pos, _header_end(text, pos, end))
    pattern = _KEY_PATTERNS.get(kind)
    if pattern is not None and pos < end and not text[pos].isspace():
        found = pattern.match(text, pos, end)
        return None if found is None else found.group()
    if kind in (ItemKind.TRIVIA, ItemKind.HEADER, ItemKind.OPAQUE):
        return None
    return _key(kind, _key_text(kind, text, pos, end))
