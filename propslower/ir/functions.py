"""Function items: the header line and the body (instructions, uses, pinned line edits).

A body is split into instruction objects (``instructions()``) only when a caller needs
them all. A simple body (one instruction per line: no bracket lists or landingpad clauses)
can also be searched and edited line by line: ``find_instructions`` makes objects for the
matching lines only ("pins"), and ``insert_after`` / ``replace_uses_after`` on them edit
just the lines concerned. Splitting the body later keeps every object already handed out.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable

from propslower.ir.body import Instruction, local_names, renumber_after, replace_value
from propslower.ir.body_lines import is_simple_body, split_body, unpinned_lines
from propslower.ir.headers import (
    FunctionHeader,
    header_end,
    header_shape,
    parse_header,
    split_at_name,
)
from propslower.ir.items import Item, ItemKind
from propslower.ir.pins import NOTHING_AFTER, Pin, pin_at, replace_in, shared_text


class FunctionItem(Item):
    """A ``define`` or ``declare`` item: header and body parsed on demand."""

    __slots__ = (
        "_body_at",
        "_head",
        "_header",
        "_issued",
        "_lines",
        "_locals",
        "_pins",
        "_shape",
        "_simple",
    )

    def __init__(
        self, kind: ItemKind, text: str, offset: int = -1, line: int = 0, key: str | None = None
    ) -> None:
        super().__init__(kind, text, offset, line, key)
        self._head: str | tuple[str, str, str] | None = None
        """The header line as edited, or its parts (before the name, name, after it)
        (None: still the one in the text)."""
        self._body_at = -1
        """Where the body starts in the text read (or last set); -1 until needed."""
        self._header: FunctionHeader | None = None
        self._shape: FunctionHeader | None = None
        self._lines: list[str | Instruction] | None = None
        self._locals: set[str] | None = None
        self._issued: tuple[str, ...] | None = None
        """Names ``fresh_local`` handed out while ``_locals`` was not computed."""
        self._pins: list[Pin] | None = None
        self._simple: bool | None = None

    def invalidate(self) -> None:
        self._body_at = -1
        self._head = None
        self._header = None
        self._shape = None
        self._lines = None
        self._locals = None
        self._issued = None
        self._pins = None
        self._simple = None

    @property
    def is_definition(self) -> bool:
        """Whether this is a ``define`` (with a body) rather than a ``declare``."""
        return self.kind is ItemKind.DEFINITION

    # -- the text: header line + body --------------------------------------------------------

    def _base(self) -> tuple[str, int, int]:
        """The text the item was read as (or last set to): string, start, end."""
        if self._src is not None:
            return self._src, self.offset, self._end
        text = self._text or ""
        return text, 0, len(text)

    def _head_end(self, base: str, start: int, end: int) -> int:
        at = self._body_at
        if at < 0:
            definition = self.kind is ItemKind.DEFINITION
            at = self._body_at = header_end(base, start, end) if definition else end
        return at

    @property
    def header_text(self) -> str:
        """The header line (the whole text of a declaration)."""
        head = self._head
        if head is not None:
            return head if isinstance(head, str) else "".join(head)
        base, start, end = self._base()
        return base[start : self._head_end(base, start, end)]

    def pieces(self) -> list[str]:
        head = self._head
        out = list(head) if isinstance(head, tuple) else [self.header_text]
        if self._lines is not None:
            out.append("".join(x if isinstance(x, str) else x.text for x in self._lines))
            return out
        base, start, end = self._base()
        at = self._head_end(base, start, end)
        append = out.append
        for pin in self._pins or ():
            append(base[at : pin.at])
            append(pin.instruction.text)
            for inserted in pin.after:
                append(inserted.text)
            at = pin.stop
        append(base[at:end])
        return out

    @property
    def text(self) -> str:
        if self._head is None and self._lines is None and not self._pins:
            base, start, end = self._base()
            return base[start:end] if start or end != len(base) else base
        return "".join(self.pieces())

    @text.setter
    def text(self, value: str) -> None:
        self._text = value
        self._src = None
        self.invalidate()

    @property
    def pristine(self) -> bool:
        return (
            self._src is not None and self._head is None and self._lines is None and not self._pins
        )

    @property
    def body_untouched(self) -> bool:
        """Whether the body is still the text read (or last set): not split, nothing pinned."""
        return self._lines is None and not self._pins

    def span_in(self, source: str) -> tuple[int, int] | None:
        """Where the item was read in ``source``, while its body is still the text read there
        (its header may have been edited); None otherwise."""
        if self._src is source and self.body_untouched:
            return self.offset, self._end
        return None

    def set_body(self, body: str) -> None:
        """Replace what follows the header line, keeping the header as it is (edited or not:
        its parts stay shared). The text read is then the header line and the new body, so
        the body's lines are numbered from the header's as before."""
        head = self._head
        header = self.header_text
        self.text = header + body
        self._head = head
        self._body_at = len(header)

    def contains(self, needle: str) -> bool:
        head, pins = self._head, self._pins
        base = self._src
        if base is not None:
            start, end = self.offset, self._end
        else:
            base = self._text or ""
            start, end = 0, len(base)
        if self._lines is not None or "\n" in needle:
            return needle in self.text
        if head is None and not pins:
            return base.find(needle, start, end) >= 0
        body = self._body_at if self._body_at >= 0 else self._head_end(base, start, end)
        if head is None:
            if base.find(needle, start, body) >= 0:
                return True
        else:
            if isinstance(head, tuple):
                head = "".join(head)
            if not head.endswith("\n"):
                return needle in self.text
            if needle in head:
                return True
        at = body
        find = base.find
        for pin in pins or ():
            if find(needle, at, pin.at) >= 0:
                return True
            text = pin.instruction.text
            if needle in text:
                return True
            if not text.endswith("\n"):
                return needle in self.text
            for inserted in pin.after:
                text = inserted.text
                if needle in text:
                    return True
                if not text.endswith("\n"):
                    return needle in self.text
            at = pin.stop
        return find(needle, at, end) >= 0

    # -- header ------------------------------------------------------------------------------

    @property
    def parsed_header(self) -> FunctionHeader:
        """The parsed header (cached; a malformed one raises a positioned ``DiagnosticError``)."""
        if self._header is None:
            self._header = self._parsed(parse_header)
        return self._header

    @property
    def parsed_shape(self) -> FunctionHeader:
        """``parsed_header`` but for its ``name`` field, cheaper: one read-only parse object is
        shared by every header differing only in the function's name (not its length)."""
        if self._shape is None:
            self._shape = self._header or self._parsed(header_shape)
        return self._shape

    def _parsed(self, parse: Callable[[str], FunctionHeader]) -> FunctionHeader:
        try:
            return parse(self.header_text)
        except ValueError as error:
            offset = getattr(error, "offset", 0)
            raise self.error(f"malformed function header: {error}", offset) from error

    def set_header_text(self, header: str) -> None:
        """Replace the header line, keeping the body as it is."""
        self._set_head(header)

    def set_header_parts(self, before: str, name: str, after: str) -> None:
        """``set_header_text(before + name + after)`` where ``before`` and ``after`` are what
        ``header_parts`` gives (kept as parts: functions of one shape share them)."""
        self._set_head((before, name, after))

    def _set_head(self, head: str | tuple[str, str, str]) -> None:
        self._head = head
        self._header = None
        self._shape = None
        self._locals = None
        self._issued = None

    def header_parts(self) -> tuple[str, str, str] | None:
        """The header line as (before the name, name, after it), when the name is surely the
        first ``@name(`` of the line (see ``headers.split_at_name``)."""
        head = self._head
        if isinstance(head, tuple):
            return head
        return split_at_name(self.header_text)

    # -- body as instruction objects ---------------------------------------------------------

    def _body_lines(self) -> list[str | Instruction]:
        if self._lines is not None:
            return self._lines
        if not self.is_definition:
            raise ValueError(f"{self.key} is a declaration and has no body")
        base, start, end = self._base()
        body_start = self._head_end(base, start, end)
        first = self.line + base.count("\n", start, body_start) - 1 if self.line else 0
        out = split_body(base[body_start:end], first, self.file)
        if self._pins:
            out = self._merge_pins(out, body_start)
        self._lines = out
        self._pins = None
        return out

    def _merge_pins(self, lines: list[str | Instruction], at: int) -> list[str | Instruction]:
        """``lines`` with each pinned line's object (and what was inserted after it) in place."""
        pins = {pin.at: pin for pin in self._pins or ()}
        out: list[str | Instruction] = []
        for line in lines:
            pin = pins.get(at)
            at += len(line if isinstance(line, str) else line.text)
            if pin is None:
                out.append(line)
            else:
                out.append(pin.instruction)
                out.extend(pin.after)
        return out

    def instructions(self) -> list[Instruction]:
        """The body's instructions in order (each knows its original line)."""
        return [x for x in self._body_lines() if isinstance(x, Instruction)]

    def _simple_body(self) -> bool:
        """Whether every body line is one instruction or none (so lines can be pinned)."""
        if self._simple is None:
            base, start, end = self._base()
            body = self._head_end(base, start, end)
            self._simple = self.kind is ItemKind.DEFINITION and is_simple_body(base, body, end)
        return self._simple

    def find_instructions(self, needle: str) -> list[Instruction]:
        """The instructions whose text contains ``needle``, in order (as ``instructions()``
        would give them, but a simple body is searched without splitting it all)."""
        if self._lines is not None or not needle or "\n" in needle or not self._simple_body():
            return [i for i in self.instructions() if needle in i.text]
        base, start, end = self._base()
        body = self._body_at if self._body_at >= 0 else self._head_end(base, start, end)
        pins = self._pins
        pinned = {pin.at for pin in pins} if pins else ()
        found: list[Instruction] = []
        lines = unpinned_lines(base, body, end, needle, since=body, pinned=pinned)
        for line_start, line_end, piece in lines:
            found.append(self._pin(base, line_start, line_end, piece).instruction)
        if not pins:
            return found
        found = []
        for pin in pins:
            if needle in pin.instruction.text:
                found.append(pin.instruction)
            found.extend(i for i in pin.after if needle in i.text)
        return found

    def _pin(self, base: str, line_start: int, line_end: int, text: str) -> Pin:
        """Pin the line ``base[line_start:line_end]`` as an instruction whose text is ``text``."""
        pins = self._pins
        last = pins[-1] if pins else None
        if not self.line:
            number = 0
        elif last is not None and last.at < line_start:  # counted on from the last pin
            number = last.instruction.line + base.count("\n", last.at, line_start)
        else:
            start = self.offset if self._src is not None else 0
            number = self.line + base.count("\n", start, line_start)
        pin = Pin(line_start, line_end, Instruction(shared_text(text), number, self.file))
        if pins is None:
            self._pins = [pin]
        elif last is not None and last.at < line_start:
            pins.append(pin)
        else:
            insort(pins, pin, key=pin_at)
        return pin

    def _locate(self, anchor: Instruction) -> tuple[int, int] | None:
        """(pin number, -1) for a pinned instruction, (pin number, i) for ``after[i]``."""
        pins = self._pins
        if not pins:
            return None
        last = pins[-1]
        if last.instruction is anchor:
            return len(pins) - 1, -1
        for number, pin in enumerate(pins):
            if pin.instruction is anchor:
                return number, -1
            for index, inserted in enumerate(pin.after):
                if inserted is anchor:
                    return number, index
        return None

    def insert_after(self, anchor: Instruction, text: str) -> Instruction:
        """Insert the instruction ``text`` (indentation and line break added) after ``anchor``."""
        return self._insert(anchor, text)[0]

    def insert_redirecting(self, anchor: Instruction, text: str, old: str, new: str) -> Instruction:
        """``insert_after(anchor, text)``, then ``replace_uses_after`` the inserted instruction
        of ``old`` by ``new`` (wrapping a value: the uses after it see the wrapper)."""
        inserted, where = self._insert(anchor, text)
        if where is not None and old and "\n" not in old:
            self._replace_pinned(where, old, new)
        else:
            self.replace_uses_after(inserted, old, new)
        return inserted

    def wrap_value(self, anchor: Instruction, old: str, hint: str, definition: str) -> str:
        """A fresh local (``fresh_local(hint)``) defined as ``definition`` right after
        ``anchor``, with the uses of ``old`` after it made uses of the new value
        (``insert_redirecting``); returns the new name."""
        name = self.fresh_local(hint)
        line = f"{name} = {definition}"
        pins = self._pins
        last = pins[-1] if pins and self._lines is None else None
        if last is None or last.instruction is not anchor or last.after is not NOTHING_AFTER:
            self.insert_redirecting(anchor, line, old, name)
            return name
        # the last pin, with nothing inserted after it yet: no pinned line follows
        text = shared_text(f"  {line.strip()}\n")
        last.after = [Instruction(text)]
        if self._locals is not None:
            self._locals |= local_names(text)
        if not old or "\n" in old:
            return name
        base, start, end = self._base()
        body = self._body_at if self._body_at >= 0 else self._head_end(base, start, end)
        for line_start, line_end, piece in unpinned_lines(
            base, body, end, old, since=last.stop, pinned=()
        ):
            replaced = replace_value(piece, old, name)
            if replaced != piece:
                self._pin(base, line_start, line_end, replaced)
        return name

    def _insert(self, anchor: Instruction, text: str) -> tuple[Instruction, tuple[int, int] | None]:
        """``insert_after``, and where the new instruction is pinned (None: the body is split)."""
        new = Instruction(shared_text(f"  {text.strip()}\n"))
        where = self._locate(anchor) if self._lines is None else None
        if where is not None and self._pins is not None:
            pin = self._pins[where[0]]
            if pin.after is NOTHING_AFTER:
                pin.after = []
            pin.after.insert(where[1] + 1, new)
            where = (where[0], where[1] + 1)
        else:
            lines = self._body_lines()
            lines.insert(lines.index(anchor) + 1, new)
            where = None
        if self._locals is not None:
            self._locals |= local_names(new.text)
        return new, where

    def remove_instruction(self, instruction: Instruction) -> None:
        """Delete ``instruction`` from the body."""
        if self._locals is None and self._issued is not None:
            self._locals = local_names(self.text).union(self._issued)
        lines = self._body_lines()
        del lines[lines.index(instruction)]
        result = instruction.result
        if result is not None and result[1:].isdigit() and not _defines(lines, result):
            self._renumber(lines, int(result[1:]))

    @staticmethod
    def _renumber(lines: list[str | Instruction], removed: int) -> None:
        """Close the gap ``%removed`` left: unnamed values must stay consecutive."""
        for index, item in enumerate(lines):
            if isinstance(item, Instruction):
                item.text = renumber_after(item.text, removed)
            else:
                lines[index] = renumber_after(item, removed)

    def replace_uses_after(self, anchor: Instruction, old: str, new: str) -> int:
        """Replace the value ``old`` by ``new`` in every instruction after ``anchor``; the count."""
        where = self._locate(anchor) if self._lines is None and old and "\n" not in old else None
        if where is not None:
            return self._replace_pinned(where, old, new)
        lines = self._body_lines()
        index = lines.index(anchor)
        changed = 0
        for item in lines[index + 1 :]:
            if isinstance(item, Instruction) and replace_in(item, old, new):
                changed += 1
        return changed

    def _replace_pinned(self, where: tuple[int, int], old: str, new: str) -> int:
        pins = self._pins or []
        number, position = where
        pin = pins[number]
        changed = 0
        if position + 1 < len(pin.after):
            for inserted in pin.after[position + 1 :]:
                changed += replace_in(inserted, old, new)
        for other in pins[number + 1 :] if number + 1 < len(pins) else ():
            changed += replace_in(other.instruction, old, new)
            for inserted in other.after:
                changed += replace_in(inserted, old, new)
        base, start, end = self._base()
        body = self._body_at if self._body_at >= 0 else self._head_end(base, start, end)
        pinned = {p.at for p in pins} if len(pins) > 1 else (pin.at,)
        lines = unpinned_lines(base, body, end, old, since=pin.stop, pinned=pinned)
        for line_start, line_end, piece in lines:
            replaced = replace_value(piece, old, new)
            if replaced != piece:
                self._pin(base, line_start, line_end, replaced)
                changed += 1
        return changed

    def fresh_local(self, hint: str) -> str:
        """A new ``%name`` not used anywhere in this function (never a bare number)."""
        base = hint.lstrip("%") or "v"
        if base[0].isdigit():
            base = f"v{base}"
        candidate = shared_text(f"%{base}")
        if self._locals is None:
            issued = self._issued or ()
            if candidate not in issued and not self.contains(candidate):
                self._issued = (*issued, candidate)
                return candidate
            self._locals = local_names(self.text).union(issued)
        counter = 0
        while candidate in self._locals:
            counter += 1
            candidate = f"%{base}.{counter}"
        self._locals.add(candidate)
        return candidate

    # -- header edits ------------------------------------------------------------------------

    def set_attachment(self, kind: str, node: str) -> None:
        """Attach ``kind node`` to the function (replacing an attachment of that kind)."""
        header = self.parsed_shape
        text = self.header_text
        span = header.attachment_spans.get(kind)
        if span is not None:
            self.set_header_text(f"{text[: span[0]]}{node}{text[span[1] :]}")
            return
        at = header.content_end
        self.set_header_text(f"{text[:at]} {kind} {node}{text[at:]}")


def _defines(lines: list[str | Instruction], name: str) -> bool:
    """Whether an instruction of ``lines`` defines ``name`` (a replacement was inserted)."""
    return any(isinstance(item, Instruction) and item.result == name for item in lines)
