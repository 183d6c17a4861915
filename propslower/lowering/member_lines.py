"""A member annotation written into a function's text line by line, without making the
function an object.

It covers the shape clang writes for opaque pointers: a simple body (one instruction per
line), one-line GEPs of the struct without attachments, and no ``llvm.ptr.annotation`` in the
function yet (so nothing there can be an earlier annotation of the field). The result is the
text ``members._AnnotationWriter`` makes of the same function; any other function is left to
it (``annotated_text`` answers ``None``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable

from propslower.ir.body import replace_value
from propslower.ir.body_lines import is_simple_body, unpinned_lines
from propslower.ir.headers import header_end

CallText = Callable[[int, str], str]
"""The annotation call for a field pointer: (address space, pointer name) → ``call ...``."""

INTRINSIC = "llvm.ptr.annotation"
_NAME = r"%[-\w$.]+"
_GEP_LINE = re.compile(
    rf'  ({_NAME}) = getelementptr (?:inbounds )?({_NAME}|%"[^"\\\n]*"), '
    rf"ptr(?: addrspace\((\d+)\))? {_NAME}, i(?:32|64) (?:\d+|{_NAME}), i32 (\d+)"
    rf"(?:, i(?:32|64) (?:\d+|{_NAME}))*\n"
)
"""A GEP line of the shape covered: result, source type, pointer address space, field."""
_GEP_WORD = "getelementptr"
_NAME_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-$._")
"""What may go on a name after its first character (``[-\\w$.]``, for ASCII)."""


def annotated_text(
    text: str,
    wanted: str,
    field: str,
    call_text: CallText,
    looked_up: list[str] | None = None,
) -> tuple[str, int] | None:
    """The body (what follows the header line) of the definition ``text`` with each GEP of
    field ``field`` of the struct type ``wanted`` (``%name`` as written) wrapped in its
    annotation call, the uses after it redirected to the wrapper, and how many were; ``None``
    when the function is not of the shape covered. ``looked_up`` collects the names the
    text was searched for (each GEP's result and its wrapper's name)."""
    if INTRINSIC in text:
        return None
    end = len(text)
    body = header_end(text, 0, end)
    if body >= end or not is_simple_body(text, body, end):
        return None
    accesses = _accesses(text, body, wanted, field)
    if accesses is None:
        return None
    done = 0
    for pointer, space in accesses:
        line = _line_defining(text, pointer, done)
        name = _fresh_name(text, pointer)
        if looked_up is not None:
            looked_up += (pointer, fresh_name(pointer))
        if line is None or name is None:
            return None
        call = call_text(space, pointer)
        stop = line[1]
        inserted = f"  {name} = {call}".rstrip() + "\n"
        rest = _redirected(text, stop, pointer, name)
        text = text[:stop] + inserted + rest
        done = stop + len(inserted)
    return text[body:], len(accesses)


def type_name(struct: str) -> str:
    """The struct type ``%struct`` as LLVM writes it (quoted unless a plain name)."""
    return f"%{struct}" if re.fullmatch(r"[-\w$.]+", struct) else f'%"{struct}"'


def _accesses(text: str, body: int, wanted: str, field: str) -> list[tuple[str, int]] | None:
    """(result, address space) of each GEP of the field, in order; ``None`` when a line
    holding the type and the word ``getelementptr`` is not a GEP line of the shape covered
    (a line without the word is no GEP: the writer skips it too)."""
    found: list[tuple[str, int]] = []
    find, end = text.find, len(text)
    at = find(wanted, body)
    while at >= 0:
        start = text.rfind("\n", body, at) + 1 or body
        stop = find("\n", at) + 1 or end
        if find(_GEP_WORD, start, stop) >= 0:
            match = _GEP_LINE.fullmatch(text, start, stop)
            if match is None:
                return None
            result, source, space, index = match.groups()
            if source == wanted and index == field:
                found.append((result, int(space) if space else 0))
        at = find(wanted, stop)
    return found


def _line_defining(text: str, pointer: str, since: int) -> tuple[int, int] | None:
    """Start and end of the line at or after ``since`` that defines ``pointer``; ``None``
    when another line defines it too (not valid IR, and the writer renames as it goes)."""
    at = text.find(f"\n  {pointer} = {_GEP_WORD} ", since - 1 if since else 0)
    if at < 0 or _definitions(text, pointer) != 1:
        return None
    stop = text.find("\n", at + 1)
    return (at + 1, stop + 1) if stop >= 0 else None


def _definitions(text: str, name: str) -> int:
    """How many lines start with ``name =`` (white space allowed around the name, the line
    breaks after it included: as LLVM's lexer reads it)."""
    count = 0
    find, size = text.find, len(text)
    at = find(name)
    while at >= 0:
        end = at + len(name)
        if end == size or text[end] not in _NAME_CHARACTERS:
            line = text.rfind("\n", 0, at) + 1
            after = end
            while after < size and text[after].isspace():
                after += 1
            if after < size and text[after] == "=" and not text[line:at].strip():
                count += 1
        at = find(name, end)
    return count


def _fresh_name(text: str, pointer: str) -> str | None:
    """``FunctionItem.fresh_local(pointer + ".annotated")`` when the text does not hold that
    name; ``None`` otherwise (the writer then numbers it from the function's names)."""
    candidate = fresh_name(pointer)
    return None if candidate in text else candidate


def fresh_name(pointer: str) -> str:
    """The name ``FunctionItem.fresh_local`` first tries for the wrapper of ``pointer``."""
    base = pointer.lstrip("%") + ".annotated"
    if base[0].isdigit():
        base = f"v{base}"
    return f"%{base}"


def _redirected(text: str, since: int, old: str, new: str) -> str:
    """``text[since:]`` with ``old`` made ``new`` in its instruction lines (as
    ``FunctionItem.wrap_value`` redirects the uses after the wrapper)."""
    pieces: list[str] = []
    at = since
    for start, stop, line in unpinned_lines(text, since, len(text), old, since=since, pinned=()):
        pieces.append(text[at:start])
        pieces.append(replace_value(line, old, new))
        at = stop
    pieces.append(text[at:])
    return "".join(pieces)
