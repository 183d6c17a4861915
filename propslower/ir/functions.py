"""Function items: header edits (attributes, attachments) and bodies (instructions, uses)."""

from __future__ import annotations

import re

from propslower.ir.attributes import Attribute, merge
from propslower.ir.body import (
    Instruction,
    bracket_depth,
    is_continuation,
    is_instruction_line,
    local_names,
    replace_value,
)
from propslower.ir.headers import FunctionHeader, parse_header, render_parameter
from propslower.ir.items import Item, ItemKind


class FunctionItem(Item):
    """A ``define`` or ``declare`` item: header and body parsed on demand."""

    __slots__ = ("_header", "_lines", "_locals")

    def __init__(
        self, kind: ItemKind, text: str, offset: int = -1, line: int = 0, key: str | None = None
    ) -> None:
        super().__init__(kind, text, offset, line, key)
        self._header: FunctionHeader | None = None
        self._lines: list[str | Instruction] | None = None
        self._locals: set[str] | None = None

    def invalidate(self) -> None:
        self._header = None
        self._lines = None
        self._locals = None

    @property
    def is_definition(self) -> bool:
        """Whether this is a ``define`` (with a body) rather than a ``declare``."""
        return self.kind is ItemKind.DEFINITION

    def _header_length(self) -> int:
        if not self.is_definition:
            return len(self._text)
        newline = self._text.find("\n")
        return len(self._text) if newline < 0 else newline + 1

    @property
    def header_text(self) -> str:
        """The header line (the whole text of a declaration)."""
        self._flush()
        return self._text[: self._header_length()]

    @property
    def header(self) -> FunctionHeader:
        """The parsed header (cached; a malformed one raises a positioned ``DiagnosticError``)."""
        if self._header is None:
            self._flush()
            try:
                self._header = parse_header(self._text[: self._header_length()])
            except ValueError as error:
                offset = getattr(error, "offset", 0)
                raise self.error(f"malformed function header: {error}", offset) from error
        return self._header

    def set_header_text(self, header: str) -> None:
        """Replace the header line, keeping the body as it is."""
        self._flush()
        lines = self._lines
        self.text = header + self._text[self._header_length() :]
        self._lines = lines

    @property
    def text(self) -> str:
        self._flush()
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value
        self.invalidate()

    def _flush(self) -> None:
        if self._lines is None:
            return
        header = self._text[: self._header_length()]
        body = "".join(x if isinstance(x, str) else x.text for x in self._lines)
        self._text = header + body

    def _body_lines(self) -> list[str | Instruction]:
        if self._lines is not None:
            return self._lines
        if not self.is_definition:
            raise ValueError(f"{self.key} is a declaration and has no body")
        start = self._header_length()
        body = self._text[start:].splitlines(keepends=True)
        out: list[str | Instruction] = []
        line = self.line + 1
        known = self.line != 0
        file = self.file
        depth = 0
        plain = _PLAIN_START.match
        for piece in body:
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
        self._lines = out
        return out

    def instructions(self) -> list[Instruction]:
        """The body's instructions in order (each knows its original line)."""
        return [x for x in self._body_lines() if isinstance(x, Instruction)]

    def insert_after(self, anchor: Instruction, text: str) -> Instruction:
        """Insert the instruction ``text`` (indentation and line break added) after ``anchor``."""
        lines = self._body_lines()
        index = lines.index(anchor)
        new = Instruction(f"  {text.strip()}\n")
        lines.insert(index + 1, new)
        self._note_locals(new.text)
        return new

    def remove_instruction(self, instruction: Instruction) -> None:
        """Delete ``instruction`` from the body."""
        lines = self._body_lines()
        del lines[lines.index(instruction)]

    def replace_uses_after(self, anchor: Instruction, old: str, new: str) -> int:
        """Replace the value ``old`` by ``new`` in every instruction after ``anchor``; the count."""
        lines = self._body_lines()
        index = lines.index(anchor)
        changed = 0
        for item in lines[index + 1 :]:
            if not isinstance(item, Instruction) or old not in item.text:
                continue
            replaced = replace_value(item.text, old, new)
            if replaced != item.text:
                item.text = replaced
                changed += 1
        return changed

    def _note_locals(self, text: str) -> None:
        if self._locals is not None:
            self._locals |= local_names(text)

    def fresh_local(self, hint: str) -> str:
        """A new ``%name`` not used anywhere in this function (never a bare number)."""
        if self._locals is None:
            self._locals = local_names(self.text)
        base = hint.lstrip("%") or "v"
        if base[0].isdigit():
            base = f"v{base}"
        candidate = f"%{base}"
        counter = 0
        while candidate in self._locals:
            counter += 1
            candidate = f"%{base}.{counter}"
        self._locals.add(candidate)
        return candidate

    def set_parameter_attributes(self, index: int, attributes: list[Attribute]) -> None:
        """Rewrite parameter ``index`` to carry ``attributes`` (merged with what it has)."""
        header = self.header
        parameter = header.parameters[index]
        merged = merge(parameter.attributes, attributes)
        text = self.header_text
        new = render_parameter(parameter, merged)
        self.set_header_text(f"{text[: parameter.start]}{new}{text[parameter.end :]}")

    def set_group_refs(self, group_id: int) -> None:
        """Make ``#group_id`` the function's only attribute-group reference."""
        header = self.header
        text = self.header_text
        spans = header.group_ref_spans
        if not spans:
            at = header.attributes_end
            self.set_header_text(f"{text[:at]} #{group_id}{text[at:]}")
            return
        for start, end in reversed(spans[1:]):
            text = text[:start].rstrip(" ") + text[end:]
        start, end = spans[0]
        self.set_header_text(f"{text[:start]}#{group_id}{text[end:]}")

    def set_attachment(self, kind: str, node: str) -> None:
        """Attach ``kind node`` to the function (replacing an attachment of that kind)."""
        header = self.header
        text = self.header_text
        span = header.attachment_spans.get(kind)
        if span is not None:
            self.set_header_text(f"{text[: span[0]]}{node}{text[span[1] :]}")
            return
        at = header.content_end
        self.set_header_text(f"{text[:at]} {kind} {node}{text[at:]}")


_PLAIN_START = re.compile(r"  (?:%|[a-z]++(?![-\w$.]*:))")
"""Two spaces, then a result or an opcode (not a label ``  name:``): unless it is one of the
``_CLAUSES`` of a landingpad, an instruction that continues nothing."""
_CLAUSES = ("  catch ", "  filter ", "  cleanup")
