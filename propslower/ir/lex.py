"""Chunking of IR text: atoms and bracketed groups, top-level commas, and type extents."""

from __future__ import annotations

import re
from dataclasses import dataclass

OPENERS = {"(": ")", "[": "]", "{": "}", "<": ">"}
_CLOSERS = frozenset(OPENERS.values())
_INTERESTING = re.compile(r'[";()\[\]{}<>]')

_ATOM_BODY = r"""
      [%@!$]?"[^"]*"                 # quoted name or string
    | c"[^"]*"                       # byte string
    | [%@!$#][-\w$.\\]*          # names, metadata refs, attribute-group refs
    | 0x[0-9A-Fa-f]+ | [su]0x[0-9A-Fa-f]+
    | [-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?
    | [A-Za-z_][\w.]*:?            # keywords, types, labels
    | \.\.\.
    | [=,*:|]
"""


def nested_groups(depth: int, *, one_line: bool = False) -> str:
    """Regex text of code with strings and bracket groups nested properly up to ``depth``
    deep (no comments); ``one_line``: no newline anywhere, as on a one-line item."""
    newline = r"\n" if one_line else ""
    plain = rf'[^{newline}"()\[\]{{}}<>;]*+'
    inner = rf'"[^"{newline}]*"'
    if depth > 0:
        below = nested_groups(depth - 1, one_line=one_line)
        inner += "".join(f"|\\{o}{below}\\{c}" for o, c in ("()", "[]", "{}", "<>"))
    return f"{plain}(?:(?:{inner}){plain})*+"


def item_content() -> str:
    """Regex text of the rest of a one-line item after its ``name =``, as ``nested_groups(2,
    one_line=True)`` but with no ``=`` outside brackets except right after a string (an
    inline attribute ``"k"="v"``): another ``=`` there means a second item on the line, as
    in ``align 4 !9 = !{}``, which only the general reader splits."""
    plain = r'[^\n"()\[\]{}<>;=]*+'
    below = nested_groups(1, one_line=True)
    groups = "".join(f"|\\{o}{below}\\{c}" for o, c in ("()", "[]", "{}", "<>"))
    return f'{plain}(?:(?:"[^"\\n]*"=?{groups}){plain})*+'


_GROUP_BODY = nested_groups(2)
_TOKEN = re.compile(
    rf"""
    (?:\s+|;[^\n]*)*+
    (?:
      (                               # 1: an atom or a whole group
        {_ATOM_BODY}
      | \({_GROUP_BODY}\)|\[{_GROUP_BODY}\]|\{{{_GROUP_BODY}\}}|<{_GROUP_BODY}>
      )
    | (?P<open>[(\[{{<])
    | (?P<bad>.)
    | (?P<end>\Z)
    )
    """,
    re.VERBOSE,
)
"""One atom or bracketed group after space and comments; groups nested too deeply for the
pattern (or holding comments) come out as a lone ``open`` and are matched by hand."""


class LexError(ValueError):
    """Unbalanced brackets, an unterminated string or an unknown character at ``offset``."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(slots=True, unsafe_hash=True)
class Chunk:
    """An atom or a whole bracketed group, with its offsets in the scanned text (never mutated;
    not frozen only because frozen construction costs twice as much in the lexer's loop)."""

    text: str
    start: int
    end: int

    @property
    def is_group(self) -> bool:
        return self.text[:1] in OPENERS


def match_bracket(text: str, start: int) -> int:
    """Offset just past the bracket that closes the one at ``start`` (strings skipped)."""
    stack = [OPENERS[text[start]]]
    i = start + 1
    n = len(text)
    while i < n:
        found = _INTERESTING.search(text, i)
        if found is None:
            break
        i = found.start()
        ch = text[i]
        if ch == '"':
            close = text.find('"', i + 1)
            if close < 0:
                raise LexError("unterminated string", i)
            i = close + 1
            continue
        if ch == ";":
            newline = text.find("\n", i)
            i = n if newline < 0 else newline
            continue
        if ch in OPENERS:
            stack.append(OPENERS[ch])
        elif ch in _CLOSERS:
            if ch != stack[-1]:
                raise LexError(f"unbalanced '{ch}'", i)
            stack.pop()
            if not stack:
                return i + 1
        i += 1
    raise LexError(f"unclosed '{text[start]}'", start)


def chunks(text: str, start: int = 0, end: int | None = None) -> list[Chunk]:
    """Split ``text[start:end]`` into atoms and bracketed groups, skipping space and comments."""
    stop = len(text) if end is None else end
    out: list[Chunk] = []
    append = out.append
    i = start
    while i < stop:
        for m in _TOKEN.finditer(text, i, stop):
            begin = m.start(1)
            if begin >= 0:
                append(Chunk(m.group(1), begin, m.end(1)))
                continue
            kind = m.lastgroup or "open"
            begin = m.start(kind)
            if kind == "end":
                return out
            if kind == "bad":
                raise LexError(f"unexpected character '{text[begin]}'", begin)
            close = match_bracket(text, begin)
            if close > stop:
                raise LexError(f"unclosed '{text[begin]}'", begin)
            append(Chunk(text[begin:close], begin, close))
            i = close
            break
        else:
            break
    return out


def split_chunks(text: str, start: int = 0, end: int | None = None) -> list[list[Chunk]]:
    """The chunks of each top-level comma-separated piece (empty pieces kept as ``[]``)."""
    pieces: list[list[Chunk]] = [[]]
    for chunk in chunks(text, start, end):
        if chunk.text == ",":
            pieces.append([])
        else:
            pieces[-1].append(chunk)
    return [] if pieces == [[]] else pieces


def split_commas(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Offsets ``(start, end)`` of the top-level comma-separated pieces, trimmed of space."""
    stop = len(text) if end is None else end
    pieces: list[tuple[int, int]] = []
    piece_start = start
    for chunk in chunks(text, start, stop):
        if chunk.text == ",":
            pieces.append(_trim(text, piece_start, chunk.start))
            piece_start = chunk.end
    last = _trim(text, piece_start, stop)
    if last[0] < last[1] or pieces:
        pieces.append(last)
    return pieces


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


_BASE_WORD = re.compile(
    r"void|ptr|label|metadata|token|opaque|half|bfloat|float|double|x86_fp80|fp128|ppc_fp128"
    r"|x86_amx|x86_mmx|i\d+|target"
)


def type_end(items: list[Chunk], i: int) -> int:
    """Index just past the type that starts at ``items[i]`` (``i`` itself when none does)."""
    if i >= len(items):
        return i
    first = items[i].text
    if not (_BASE_WORD.fullmatch(first) or first[:1] in "%{[<"):
        return i
    j = i + 1
    if first == "target" and j < len(items) and items[j].text.startswith("("):
        j += 1
    while j < len(items):
        text = items[j].text
        if text == "*":
            j += 1
        elif text == "addrspace" and j + 1 < len(items) and items[j + 1].text.startswith("("):
            j += 2
        elif text.startswith("(") and _is_parameter_list(items, j):
            j += 1
        else:
            break
    return j


def _is_parameter_list(items: list[Chunk], j: int) -> bool:
    """A ``(...)`` after a type is a function type only if a ``*`` follows (typed pointers)."""
    return j + 1 < len(items) and items[j + 1].text in ("*", "addrspace")


def text_of(items: list[Chunk], source: str, first: int, last: int) -> str:
    """The source text covered by ``items[first:last]`` (empty when that range is empty)."""
    if first >= last:
        return ""
    return source[items[first].start : items[last - 1].end]
