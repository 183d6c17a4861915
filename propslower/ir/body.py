"""Function bodies: instruction lines, parsed calls and GEPs, insertion and use rewriting."""

from __future__ import annotations

import re
from dataclasses import dataclass

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.ir.lex import Chunk, LexError, chunks, split_commas, text_of, type_end

_LABEL = re.compile(r'\s*(?:[-\w$.]+|"[^"]*"):')
_RESULT = re.compile(r'\s*(%(?:[-\w$.]+|"[^"]*"))\s*=\s*')
_ATTACHMENT = re.compile(r"(![-\w$.\\]+)\s+(!\d+)")
_STRING = re.compile(r'"[^"]*"')
_ALIGN = re.compile(r"\balign\s+\d+")
_LOCAL = re.compile(r'%(?:[-\w$.]+|"[^"]*")')
_CONTINUATION = ("catch ", "filter ", "cleanup")
_CALL_PREFIXES = frozenset({"tail", "musttail", "notail"})
_CONSTANT_OPCODES = frozenset(
    {
        "getelementptr",
        "bitcast",
        "addrspacecast",
        "ptrtoint",
        "inttoptr",
        "trunc",
        "zext",
        "sext",
        "add",
        "sub",
        "mul",
        "xor",
        "shl",
        "icmp",
    }
)


@dataclass(frozen=True, slots=True)
class Operand:
    """A typed operand ``<type> [attrs] <value>`` as written."""

    type_text: str
    value: str
    text: str


@dataclass(frozen=True, slots=True)
class Call:
    """A ``call``/``invoke``: the callee token and the argument list."""

    callee: str
    """``@f``, ``%fp``, or a constant expression."""
    arguments: list[Operand]
    return_type: str


@dataclass(frozen=True, slots=True)
class Gep:
    """A ``getelementptr``: source element type, base pointer and indices."""

    source_type: str
    pointer: Operand
    indices: list[Operand]
    inbounds: bool


class Instruction:
    """One instruction line of a body (possibly spanning continuation lines)."""

    __slots__ = ("file", "line", "text")

    def __init__(self, text: str, line: int = 0, file: str = "<new>") -> None:
        self.text = text
        """The instruction's text including its line break(s)."""
        self.line = line
        """1-based line in the module as read; 0 for an inserted instruction."""
        self.file = file

    def error(self, message: str, offset: int = 0) -> DiagnosticError:
        """A positioned error about ``self.text[offset:]`` (no position when inserted)."""
        if self.line == 0:
            return DiagnosticError(Diagnostic.error(message))
        line = self.line + self.text.count("\n", 0, offset)
        column = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return DiagnosticError(Diagnostic.error(message, Span(self.file, line, column)))

    @property
    def result(self) -> str | None:
        """The result name token (``%5``, ``%x``) or None."""
        match = _RESULT.match(self.text)
        return None if match is None else match.group(1)

    def _rest_start(self) -> int:
        match = _RESULT.match(self.text)
        return match.end() if match is not None else len(self.text) - len(self.text.lstrip())

    def _chunks(self) -> list[Chunk]:
        return chunks(self.text, self._rest_start(), len(self.text.rstrip()))

    @property
    def opcode(self) -> str:
        """The opcode word (``call`` for ``tail call`` too)."""
        return self._opcode_at(self._rest_start())

    def _opcode_at(self, rest: int) -> str:
        words = self.text[rest:].split(None, 2)
        if not words:
            return ""
        return words[1] if words[0] in _CALL_PREFIXES and len(words) > 1 else words[0]

    @property
    def attachments(self) -> dict[str, str]:
        """Metadata kind → node reference for trailing ``, !kind !N`` attachments."""
        try:
            pieces = split_commas(self.text, self._rest_start(), len(self.text.rstrip()))
        except LexError as error:
            raise self.error(f"malformed instruction: {error}", error.offset) from error
        found: dict[str, str] = {}
        for start, end in pieces:
            match = _ATTACHMENT.fullmatch(self.text, start, end)
            if match is not None:
                found[match.group(1)] = match.group(2)
        return found

    def set_attachment(self, kind: str, node: str) -> None:
        """Attach ``, kind node`` (replacing an existing attachment of that kind)."""
        end = len(self.text.rstrip())
        for start, stop in split_commas(self.text, self._rest_start(), end):
            match = _ATTACHMENT.fullmatch(self.text, start, stop)
            if match is not None and match.group(1) == kind:
                self.text = f"{self.text[: match.start(2)]}{node}{self.text[match.end(2) :]}"
                return
        self.text = f"{self.text[:end]}, {kind} {node}{self.text[end:]}"

    def replace_call_argument(self, old: str, new: str) -> None:
        """Replace the first ``old`` after the callee of this call with ``new``."""
        call = self.call()
        assert call is not None
        text = self.text
        at = text.index(old, text.index(call.callee) + len(call.callee))
        self.text = f"{text[:at]}{new}{text[at + len(old) :]}"

    def set_access_alignment(self, index: int, alignment: int) -> None:
        """Give this access ``align N``: a load or store itself (its ``align`` replaced or
        added), or a memory transfer's argument ``index``."""
        text = self.text
        if self.opcode in ("load", "store"):
            start = text.index(self.opcode) + len(self.opcode)
            pieces = split_commas(text, start, len(text.rstrip()))
            for a, b in pieces[2:]:
                if _ALIGN.fullmatch(text[a:b].strip()):
                    self.text = f"{text[:a]}align {alignment}{text[b:]}"
                    return
            end = pieces[1][1]
            self.text = f"{text[:end]}, align {alignment}{text[end:]}"
            return
        call = self.call()
        if call is None:
            return
        operand = call.arguments[index].text
        if _ALIGN.search(operand):
            new = _ALIGN.sub(f"align {alignment}", operand, count=1)
        else:
            words = operand.rsplit(None, 1)
            new = f"{words[0]} align {alignment} {words[1]}" if len(words) == 2 else operand
        self.replace_call_argument(operand, new)

    def call(self) -> Call | None:
        """The parsed call, or None if this is not a ``call``/``invoke``."""
        if self.opcode not in ("call", "invoke"):
            return None
        try:
            return self._call()
        except LexError as error:
            raise self.error(f"malformed call: {error}", error.offset) from error

    def _call(self) -> Call | None:
        items = self._chunks()
        for j in range(1, len(items)):
            if not items[j].text.startswith("("):
                continue
            callee_start = _callee_start(items, j)
            if callee_start is None:
                continue
            arguments = [_operand(self.text, a, b) for a, b in _pieces(self.text, items[j])]
            return_type = _return_type(items, callee_start, self.text)
            callee = text_of(items, self.text, callee_start, j)
            return Call(callee, arguments, return_type)
        return None

    def gep(self) -> Gep | None:
        """The parsed ``getelementptr``, or None for other instructions."""
        known = _GEP_LINES.get(self.text)
        if known is not None:
            return known
        rest = self._rest_start()
        if self._opcode_at(rest) != "getelementptr":
            return None
        try:
            return self._gep(rest + len("getelementptr"))
        except LexError as error:
            raise self.error(f"malformed getelementptr: {error}", error.offset) from error

    def _gep(self, rest: int) -> Gep:
        end = len(self.text.rstrip())
        key = self.text[rest:end]
        cached = _GEPS.get(key)
        if cached is not None:
            if len(_GEP_LINES) >= _GEP_LIMIT:
                _GEP_LINES.clear()
            _GEP_LINES[self.text] = cached
            return cached
        gep = self._parse_gep(rest, end)
        if len(_GEPS) >= _GEP_LIMIT:
            _GEPS.clear()
            _GEP_LINES.clear()
        _GEPS[key] = gep
        _GEP_LINES[self.text] = gep
        return gep

    def _parse_gep(self, rest: int, end: int) -> Gep:
        simple = _simple_gep(self.text, rest, end)
        if simple is not None:
            return simple
        pieces = [p for p in split_commas(self.text, rest, end) if self.text[p[0]] != "!"]
        if len(pieces) < 2:
            raise self.error("getelementptr needs a type and a pointer", rest)
        head = self.text[pieces[0][0] : pieces[0][1]].split()
        flags = [w for w in head if w in ("inbounds", "nuw", "nusw") or w.startswith("inrange")]
        source = self.text[pieces[0][0] : pieces[0][1]]
        for flag in flags:
            source = source.replace(flag, "", 1)
        operands = [_operand(self.text, a, b) for a, b in pieces[1:]]
        return Gep(source.strip(), operands[0], operands[1:], "inbounds" in flags)

    def __repr__(self) -> str:
        return f"<Instruction line {self.line}: {self.text.strip()[:60]}>"


_GEPS: dict[str, Gep] = {}
"""Parsed GEPs (read-only, shared) by their text after ``getelementptr``: clang writes the
same field access in many functions."""
_GEP_LINES: dict[str, Gep] = {}
"""The same by whole instruction text (equal lines, such as edits share, are found at once)."""
_GEP_LIMIT = 4096
_TYPE = r"(?:i\d+|ptr|half|bfloat|float|double|%[-\w$.]+)(?:\s*(?:\*|addrspace\(\d+\)))*"
_SIMPLE_OPERAND = re.compile(rf"({_TYPE})\s+([%@][-\w$.]+|[-+]?\d+|[A-Za-z_][\w.]*)")
_SIMPLE_SOURCE = re.compile(rf"((?:(?:inbounds|nuw|nusw)\s+)*)({_TYPE})")
_FLAT = re.compile(r"(?:[-\w$.%@!#*, \t]|addrspace\(\d+\))*")
"""Text with no strings, comments or brackets but ``addrspace(N)``: commas are all top level."""


def _simple_gep(text: str, start: int, end: int) -> Gep | None:
    """The GEP in ``text[start:end]`` when every piece has the plain ``<type> <value>`` form
    (what clang writes), found without the general lexer; None otherwise."""
    if not _FLAT.fullmatch(text, start, end):
        return None
    pieces = []
    at = start
    for piece in text[start:end].split(","):
        kept = piece.strip()
        first = at + len(piece) - len(piece.lstrip())
        at += len(piece) + 1
        if not kept.startswith("!"):
            pieces.append((first, first + len(kept)))
    if len(pieces) < 2:
        return None
    source = _SIMPLE_SOURCE.fullmatch(text, *pieces[0])
    if source is None:
        return None
    operands = []
    for a, b in pieces[1:]:
        match = _SIMPLE_OPERAND.fullmatch(text, a, b)
        if match is None:
            return None
        operands.append(Operand(match.group(1), match.group(2), text[a:b]))
    return Gep(source.group(2), operands[0], operands[1:], "inbounds" in source.group(1).split())


def _pieces(text: str, group: Chunk) -> list[tuple[int, int]]:
    return split_commas(text, group.start + 1, group.end - 1)


def _callee_start(items: list[Chunk], j: int) -> int | None:
    before = items[j - 1].text
    if before[:1] in "@%" and not before.startswith("%struct"):
        return j - 1
    if before.startswith("(") and j >= 2 and items[j - 2].text in _CONSTANT_OPCODES:
        return j - 2
    return None


def _return_type(items: list[Chunk], callee_start: int, text: str) -> str:
    """The type right before the callee (the last type-shaped run of chunks)."""
    for i in range(callee_start - 1, -1, -1):
        if type_end(items, i) == callee_start:
            return text_of(items, text, i, callee_start)
    return ""


def _operand(text: str, start: int, end: int) -> Operand:
    items = chunks(text, start, end)
    stop = type_end(items, 0)
    value_start = len(items) - 1
    for i in range(stop, len(items)):
        if items[i].text in _CONSTANT_OPCODES:
            value_start = i
            break
    return Operand(
        type_text=text_of(items, text, 0, stop),
        value=text_of(items, text, value_start, len(items)),
        text=text[start:end],
    )


def is_continuation(line: str) -> bool:
    """Whether ``line`` continues the previous instruction (landingpad clauses)."""
    return line.lstrip().startswith(_CONTINUATION)


def bracket_depth(line: str) -> int:
    """Net ``[`` opened by ``line``: ``switch``/``indirectbr`` lists span lines in LLVM output."""
    code = _STRING.sub("", line).split(";", 1)[0]
    return code.count("[") - code.count("]")


def is_instruction_line(line: str) -> bool:
    """Whether ``line`` starts an instruction (not a label, comment or blank line)."""
    stripped = line.strip()
    if not stripped or stripped.startswith(";"):
        return False
    return _LABEL.match(line) is None or _RESULT.match(line) is not None


def local_names(text: str) -> set[str]:
    """Every ``%name`` token in ``text`` (values, labels, and type names alike)."""
    return set(_LOCAL.findall(text))


_TOKENS: dict[str, re.Pattern[str]] = {}
"""``replace_value``'s pattern for each value token."""


def replace_value(text: str, old: str, new: str) -> str:
    """``text`` with the value token ``old`` replaced by ``new`` (whole tokens, not in strings)."""
    if old.startswith('%"'):
        return text.replace(old, new)
    pattern = _TOKENS.get(old)
    if pattern is None:
        if len(_TOKENS) >= 1024:
            _TOKENS.clear()
        pattern = _TOKENS[old] = re.compile(re.escape(old) + r"(?![-\w$.])")
    if '"' not in text:
        return pattern.sub(new, text)
    parts = text.split('"')
    for i in range(0, len(parts), 2):
        parts[i] = pattern.sub(new, parts[i])
    return '"'.join(parts)


_NUMBERED_VALUE = re.compile(r'(?<![-\w.$"])%(\d+)(?![-\w.$])')
_VALUE_NUMBERS = 2**32
"""LLVM numbers values in 32 bits; a larger number is not renumbered (LLVM reads it wrapped)."""
_NUMBERED_LABEL = re.compile(r"^(\s*)(\d+):", re.MULTILINE)


def renumber_after(text: str, removed: int) -> str:
    """``text`` with every unnamed value and block numbered above ``removed`` one lower, as
    LLVM numbers them once ``%removed`` is gone (numbers must stay consecutive)."""

    def lower(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return f"%{number - 1}" if removed < number < _VALUE_NUMBERS else match.group(0)

    def lower_label(match: re.Match[str]) -> str:
        number = int(match.group(2))
        kept = match.group(0)
        return f"{match.group(1)}{number - 1}:" if removed < number < _VALUE_NUMBERS else kept

    return _NUMBERED_LABEL.sub(lower_label, _NUMBERED_VALUE.sub(lower, text))
