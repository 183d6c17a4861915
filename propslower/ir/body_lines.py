"""Which lines of a function body are instructions: the full split, and the line-by-line
search a simple body (one instruction per line) allows."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from propslower.ir.body import Instruction, bracket_depth, is_continuation, is_instruction_line

_SPLITTERS = "[]\r\x0b\x0c\x1c\x1d\x1e"
_NOT_SIMPLE = re.compile(r"[\[\]\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
"""Bracket lists span lines; the others make ``splitlines`` split a line further."""
_CLAUSE_LINE = re.compile(r"\n\s*(?:catch |filter |cleanup)")
"""A landingpad clause line, which continues the instruction before it."""
_SPLIT = re.compile(r"[,=(\[{<][ \t\r]*\n|\n[ \t]*[,)\]>]|\n[ \t]+[-0-9@]")
"""Where an instruction may go on over a line break (LLVM's lexer ignores them): a line
ending with a comma, ``=`` or an opening bracket, or a line starting with a comma, a
closing bracket or a constant. Bodies without any are split line by line."""
_STRINGS = re.compile(r'"[^"\n]*"')


def unpinned_lines(
    base: str, body: int, end: int, needle: str, *, since: int, pinned: Collection[int]
) -> Iterator[tuple[int, int, str]]:
    """Start, end and text of each instruction line of a simple body in ``base[body:end]``
    that contains ``needle`` at or after ``since`` and is not pinned already."""
    find = base.find
    at = find(needle, since, end)
    while at >= 0:
        line_start = base.rfind("\n", body, at) + 1 or body
        line_end = find("\n", at, end) + 1 or end
        if line_start not in pinned:
            piece = base[line_start:line_end]
            if (_PLAIN_START.match(piece) and not piece.startswith(_CLAUSES)) or (
                is_instruction_line(piece) and not piece.startswith("}")
            ):  # an instruction line of a simple body, as split_body decides
                yield line_start, line_end, piece
        at = find(needle, line_end, end)


_MAYBE_NOT_SIMPLE = re.compile(
    r"\n(?:(?<=[,=(\[{<]\n)|(?<=[ \t]\n)|[ \t]*+(?:[,)\]>]|(?<=[ \t])[-0-9@])"
    r"|\s*+(?:catch |filter |cleanup))"
)
"""A line break where ``_SPLIT`` or ``_CLAUSE_LINE`` may match: after a line ending with
an opening character or a blank, or before a line ``_SPLIT`` continues or a clause line.
Anchored on the line break, so the search skips between line breaks at C speed."""
_CLAUSE_FIRST = re.compile(r"\s*+(?:catch |filter |cleanup)")
"""A clause on the first line (its line break is before the range searched)."""
_UNUSUAL = re.compile(r"[\x85\u2028\u2029]")


def is_simple_body(text: str, start: int, end: int) -> bool:
    """Whether each line of ``text[start:end]`` (which follows a line break) is a whole
    instruction or no instruction, and ``splitlines`` splits it only at ``\\n``."""
    find = text.find
    for char in _SPLITTERS:
        if find(char, start, end) >= 0:
            return False
    if (
        _MAYBE_NOT_SIMPLE.search(text, start, end) is None
        and _CLAUSE_FIRST.match(text, start, end) is None
        and (text.isascii() or _UNUSUAL.search(text, start, end) is None)
    ):
        return True
    return _is_simple_body(text, start, end)


def _is_simple_body(text: str, start: int, end: int) -> bool:
    """``is_simple_body`` by its definition (the general path)."""
    if text.isascii():
        find = text.find
        for char in _SPLITTERS:
            if find(char, start, end) >= 0:
                return False
    elif _NOT_SIMPLE.search(text, start, end):
        return False
    return _CLAUSE_LINE.search(text, start - 1, end) is None and not _SPLIT.search(text, start, end)


def split_body(body: str, header_line: int, file: str) -> list[str | Instruction]:
    """The body's lines: instructions (continuation lines joined) and other lines as text."""
    if _SPLIT.search(body) is not None:
        return _split_lines(body, header_line, file)
    out: list[str | Instruction] = []
    line = header_line + 1
    known = header_line != 0
    depth = 0
    plain = _PLAIN_START.match
    for piece in body.splitlines(keepends=True):
        if depth == 0 and plain(piece) and not piece.startswith(_CLAUSES):
            out.append(Instruction(piece, line if known else 0, file))
            if "[" in piece or "]" in piece:
                depth = bracket_depth(piece)
            line += 1
            continue
        last = out[-1] if out else None
        continues = depth > 0 or is_continuation(piece)
        if isinstance(last, Instruction) and continues and not piece.startswith("}"):
            last.text += piece
        elif is_instruction_line(piece) and not piece.startswith("}"):
            out.append(Instruction(piece, line if known else 0, file))
            depth = 0
        else:
            out.append(piece)
            line += 1
            continue
        if "[" in piece or "]" in piece:
            depth += bracket_depth(piece)
        line += 1
    return out


_PLAIN_START = re.compile(r"  (?:%|[a-z]++(?![-\w$.]*:))")
"""Two spaces, then a result or an opcode (not a label ``  name:``): unless it is one of the
``_CLAUSES`` of a landingpad, an instruction that continues nothing."""
_CLAUSES = ("  catch ", "  filter ", "  cleanup")


def _split_lines(body: str, header_line: int, file: str) -> list[str | Instruction]:
    """``split_body`` for a body where instructions may go on over line breaks: an
    instruction goes on while brackets are open, after a line ending with a comma or
    ``=``, and into a line starting with a comma, a closing bracket or a constant."""
    out: list[str | Instruction] = []
    line = header_line + 1
    known = header_line != 0
    depth = 0
    open_end = False
    for piece in body.splitlines(keepends=True):
        last = out[-1] if out else None
        pending = depth > 0 or open_end or is_continuation(piece) or _continues(piece)
        if isinstance(last, Instruction) and pending and not piece.startswith("}"):
            last.text += piece
            change, ends_open = _open_state(piece)
            depth += change
            open_end = ends_open if ends_open is not None else open_end
        elif is_instruction_line(piece) and not piece.startswith("}"):
            out.append(Instruction(piece, line if known else 0, file))
            depth, ends_open = _open_state(piece)
            open_end = bool(ends_open)
        else:
            out.append(piece)
        line += 1
    return out


_CONTINUES = re.compile(r"[ \t]*[,)\]>]|[ \t]+[-0-9@]")


def _continues(piece: str) -> bool:
    """Whether the line ``piece`` can only continue an instruction (see ``_SPLIT``)."""
    return _CONTINUES.match(piece) is not None


def _open_state(piece: str) -> tuple[int, bool | None]:
    """Net brackets the line opens, and whether its code ends with a comma or ``=`` (None
    for a line without code: blank or a comment)."""
    code = _STRINGS.sub("", piece) if '"' in piece else piece
    code = code.split(";", 1)[0].rstrip() if ";" in code else code.rstrip()
    opened = code.count("(") + code.count("[") + code.count("{") + code.count("<")
    closed = code.count(")") + code.count("]") + code.count("}") + code.count(">")
    return opened - closed, (code[-1] in ",=") if code else None
