"""The common spec layout read line by line: what the YAML reader would give, without YAML.

Accepts only block sections of two-space-indented entries whose properties are one-line flow
mappings of plain or simply quoted scalars (what generated specs look like); anything else, and
anything the YAML reader would report, returns None so that reader handles it.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import overload

from propslower.diagnostics import Span
from propslower.lowering.placements import (
    FunctionTarget,
    GlobalTarget,
    MemberTarget,
    ParameterTarget,
    Placement,
    Target,
)
from propslower.lowering.spec_scalars import scalar_value
from propslower.properties.model import Property, PropertyList
from propslower.properties.values import PropertyValue, StringValue

_MAX_INDEX_DIGITS = 9
"""Longer indexes go to the general reader, which checks their range."""
_NAME = r"[A-Za-z_.$][\w.$-]*"
_SECTION = re.compile(rf"({_NAME}):[ ]*")
_ENTRY = re.compile(rf"  ({_NAME}):(?:[ ]+(\{{.*\}})?)?[ ]*")
_INDEXED = re.compile(r"    (0|[1-9][0-9]*):[ ]+(\{.*\})[ ]*")
_PAIR = re.compile(
    r"""
    [ ]*(?P<key>[A-Za-z_][\w.-]*):[ ]+
    (?P<value>'[^'\n]*'|"[^"\\\n]*"|[A-Za-z0-9_.+-][\w.+-]*)
    [ ]*(?P<sep>,|\})
    """,
    re.VERBOSE,
)
_SECTIONS = ("globals", "functions", "kernel_parameters", "members")
_HEAD = re.compile(r"\n(?=[^ \n])")
"""Where a line that may be a section header starts."""
_ENTRY_LINES = re.compile(rf"^(  ({_NAME}):[ ]+(\{{.*\}})[ ]*)$", re.MULTILINE)
_INDEXED_LINES = re.compile(
    rf"^((?:  ({_NAME}):[ ]*|    (0|[1-9][0-9]*):[ ]+(\{{.*\}})[ ]*))$", re.MULTILINE
)
"""Every line of a section read at once (with the line itself first, for its length)."""


def read_simple_spec(text: str, name: str) -> list[Placement] | None:
    """The placements of a spec in the simple layout, or None when it is laid out otherwise."""
    rows = read_simple_rows(text, name)
    return None if rows is None else list(rows)


def read_simple_rows(text: str, name: str) -> SpecRows | None:
    """``read_simple_spec`` as compact rows (placements made on demand), or None."""
    if "#" in text or "\t" in text or "\r" in text:
        return None
    reader = _LineReader(name)
    try:
        return reader.read(text)
    except _NotSimpleError:
        return None


class _NotSimpleError(Exception):
    """The text needs the YAML reader."""


GLOBAL, FUNCTION, PARAMETER, MEMBER = range(4)
"""Row kinds: the spec's four sections."""
_KINDS = {
    "globals": GLOBAL,
    "functions": FUNCTION,
    "kernel_parameters": PARAMETER,
    "members": MEMBER,
}
Pairs = tuple[tuple[str, str | None], ...]


class SpecRows(Sequence[Placement]):
    """A simple spec's placements as rows: kind, target name, index, properties and line.

    A ``Placement`` (with the spans of its key, properties and values) is made only when
    one is asked for; ``pairs`` gives a row's properties as IR attribute pairs without it.
    Rows with the same property text share one parse of it. They pickle (``annotate`` reads
    a large spec in a child).
    """

    def __init__(self, reader: _LineReader, text: str) -> None:
        self._reader = reader
        self.kinds = bytearray()
        self.text = text
        self.name_starts = array("q")
        self.name_ends = array("q")
        """Where each row's target (or owner) name is in the text."""
        self.indices = array("q")
        """The parameter or field index (-1 for globals and functions)."""
        self.flows = array("q")
        """Which of ``flow_pairs`` holds the row's properties."""
        self.numbers = array("q")
        """The row's line (0-based)."""
        self.offsets = array("q")
        """Where the row's line starts in the text."""
        self.flow_pairs: list[Pairs] = []

    def __len__(self) -> int:
        return len(self.kinds)

    @overload
    def __getitem__(self, index: int) -> Placement: ...

    @overload
    def __getitem__(self, index: slice) -> list[Placement]: ...

    def __getitem__(self, index: int | slice) -> Placement | list[Placement]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._placement(index)

    def name(self, row: int) -> str:
        """The row's target name (the owner's for parameters and members)."""
        return self.text[self.name_starts[row] : self.name_ends[row]]

    def pairs(self, row: int) -> Pairs:
        """The row's properties as (name, IR value or None) pairs."""
        return self.flow_pairs[self.flows[row]]

    def _placement(self, row: int) -> Placement:
        number, start = self.numbers[row], self.offsets[row]
        end = self.text.find("\n", start)
        line = self.text[start : len(self.text) if end < 0 else end]
        kind, name, index = self.kinds[row], self.name(row), self.indices[row]
        reader = self._reader
        if kind in (GLOBAL, FUNCTION):
            match = _ENTRY.fullmatch(line)
            indent = 2
        else:
            match = _INDEXED.fullmatch(line)
            indent = 4
        assert match is not None
        properties = reader.flow(line, match.start(2), number)
        span = reader.span(number, indent, match.end(1))
        target: Target
        if kind == GLOBAL:
            target = GlobalTarget(name)
        elif kind == FUNCTION:
            target = FunctionTarget(name)
        elif kind == PARAMETER:
            target = ParameterTarget(name, index)
        else:
            target = MemberTarget(name.removeprefix("%"), index)
        return Placement(target, properties, span)


def _yaml_tags() -> Callable[[str], str]:
    """YAML's implicit tag of a plain scalar (``!!int``, ``!!bool``…). PyYAML is imported here,
    when a spec is read, not with the module (``cc`` imports it and reads no spec)."""
    import yaml  # noqa: PLC0415

    resolver = yaml.resolver.Resolver()

    def tag(written: str) -> str:
        resolved = resolver.resolve(yaml.ScalarNode, written, (True, False))  # type: ignore[no-untyped-call]
        return str(resolved)

    return tag


class _LineReader:
    """Reads the layout line by line; raises ``_NotSimpleError`` at the first surprise."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.tags: dict[str, str] = {}
        self._resolver: Callable[[str], str] | None = None
        """YAML's tag resolver, made when first needed (PyYAML is imported then)."""
        self.rows = SpecRows(self, "")
        self._flow_ids: dict[str, int] = {}
        self._sections: set[str] = set()
        self._section: str | None = None
        self._kind = GLOBAL
        self._entries: set[str] = set()
        self._offset = 0
        """Where the line being read starts."""
        self._pending: tuple[int, int, set[str]] | None = None
        """The entry of an indexed section whose indexed lines follow, and their indexes."""

    def __getstate__(self) -> dict[str, object]:
        state = dict(vars(self))
        state["_resolver"] = None  # a closure; made again where needed
        state["_entries"] = set()  # what is left of reading: the rows are read
        return state

    def read(self, text: str) -> SpecRows:
        self.rows = SpecRows(self, text)
        heads = [m.end() for m in _HEAD.finditer(text)]
        if text[:1] not in ("", " ", "\n"):
            heads.insert(0, 0)
        number = 0
        at = 0
        for start, end in zip([0, *heads], [*heads, len(text)], strict=True):
            number += text.count("\n", at, start)
            at = start
            if start < end and not (start in heads and self._block(text, start, end, number)):
                self._lines(text, start, end, number)
        self._close(self._section, self._entries, self._pending)
        return self.rows

    def _lines(self, text: str, start: int, end: int, number: int) -> None:
        """Read ``text[start:end]`` (whole lines, the first numbered ``number``) line by line."""
        offset = start
        block = text[start:end]
        lines = block.split("\n")
        if block.endswith("\n"):
            lines.pop()
        for line in lines:
            self._offset = offset
            offset += len(line) + 1
            if line and not line.isspace():
                self._line(line, number)
            number += 1

    def _line(self, line: str, number: int) -> None:
        if line[0] != " ":
            self._section_line(line)
        elif self._section is None:
            raise _NotSimpleError
        elif line.startswith("    "):
            self._indexed_line(line, number)
        else:
            self._entry_line(line, number)

    def _block(self, text: str, start: int, end: int, number: int) -> bool:
        """Read a section at once: its header line, then lines that are all entries (or all
        indexed entries under their owners); False, having read nothing, when the section
        is not laid out that way (blank lines, other lines), for ``_lines`` to read it."""
        newline = text.find("\n", start, end)
        if newline < 0:
            return False
        body = text[newline + 1 : end].rstrip("\n")
        header = text[start:newline]
        if not body or header.isspace():
            return False
        section = _SECTION.fullmatch(header)
        indexed = section is not None and _KINDS.get(section.group(1)) in (PARAMETER, MEMBER)
        found = (_INDEXED_LINES if indexed else _ENTRY_LINES).findall(body)
        if sum([len(match[0]) for match in found]) + len(found) - 1 != len(body):
            return False
        self._offset = start
        self._section_line(header)
        if indexed:
            self._indexed_block(found, newline + 1, number + 1)
        else:
            self._entry_block(found, newline + 1, number + 1)
        return True

    def _entry_block(self, found: list[tuple[str, str, str]], offset: int, number: int) -> None:
        names = [name for _, name, _ in found]
        self._entries = set(names)
        if len(self._entries) != len(names):
            raise _NotSimpleError
        offsets = list(accumulate([len(line) + 1 for line, _, _ in found[:-1]], initial=offset))
        starts = [at + 2 for at in offsets]
        ends = [at + len(name) for at, name in zip(starts, names, strict=True)]
        flows = self._flows([(line, written) for line, _, written in found], number)
        self._rows(
            starts, ends, [-1] * len(found), flows, range(number, number + len(found)), offsets
        )

    def _indexed_block(
        self, found: list[tuple[str, str, str, str]], offset: int, number: int
    ) -> None:
        starts: list[int] = []
        ends: list[int] = []
        indices: list[int] = []
        numbers: list[int] = []
        offsets: list[int] = []
        flows: list[tuple[str, str]] = []
        for line, owner, index, written in found:
            if owner:
                if self._pending is not None and not self._pending[2]:
                    raise _NotSimpleError
                if owner in self._entries:
                    raise _NotSimpleError
                self._entries.add(owner)
                self._pending = (offset + 2, offset + 2 + len(owner), set())
            else:
                pending = self._pending
                if pending is None or index in pending[2] or len(index) > _MAX_INDEX_DIGITS:
                    raise _NotSimpleError
                pending[2].add(index)
                starts.append(pending[0])
                ends.append(pending[1])
                indices.append(int(index))
                numbers.append(number)
                offsets.append(offset)
                flows.append((line, written))
            offset += len(line) + 1
            number += 1
        self._rows(starts, ends, indices, self._flows(flows, numbers), numbers, offsets)

    def _flows(self, written: list[tuple[str, str]], numbers: Sequence[int] | int) -> list[int]:
        """The flow number of each (line, property text), lines numbered ``numbers`` (or from
        ``numbers`` on); each distinct text is parsed once, in the order met."""
        ids = self._flow_ids
        found = [ids.get(text, -1) for _, text in written]
        if -1 not in found:
            return found
        for at, flow in enumerate(found):
            if flow < 0:
                line, text = written[at]
                known = ids.get(text, -1)
                number = numbers + at if isinstance(numbers, int) else numbers[at]
                found[at] = known if known >= 0 else self._flow_id(line, text, number)
        return found

    def _flow_id(self, line: str, written: str, number: int) -> int:
        flow = self._flow_ids.get(written)
        if flow is None:
            rows = self.rows
            flow = self._flow_ids[written] = len(rows.flow_pairs)
            rows.flow_pairs.append(self.flow(line, line.rindex(written), number).ir_pairs())
        return flow

    def _rows(  # noqa: PLR0917 - the rows' fields, as the section reader finds them
        self,
        starts: list[int],
        ends: list[int],
        indices: list[int],
        flows: list[int],
        numbers: Sequence[int],
        offsets: list[int],
    ) -> None:
        rows = self.rows
        rows.kinds.extend(bytes([self._kind]) * len(starts))
        rows.name_starts.extend(starts)
        rows.name_ends.extend(ends)
        rows.indices.extend(indices)
        rows.flows.extend(flows)
        rows.numbers.extend(numbers)
        rows.offsets.extend(offsets)

    def _section_line(self, line: str) -> None:
        self._close(self._section, self._entries, self._pending)
        match = _SECTION.fullmatch(line)
        if match is None or match.group(1) not in _SECTIONS:
            raise _NotSimpleError
        section = match.group(1)
        if section in self._sections:
            raise _NotSimpleError
        self._sections.add(section)
        self._section, self._kind = section, _KINDS[section]
        self._entries, self._pending = set(), None

    def _indexed_line(self, line: str, number: int) -> None:
        pending = self._pending
        if pending is None:
            raise _NotSimpleError
        match = _INDEXED.fullmatch(line)
        if match is None or match.group(1) in pending[2] or len(match.group(1)) > _MAX_INDEX_DIGITS:
            raise _NotSimpleError
        pending[2].add(match.group(1))
        self._add(pending[0], pending[1], int(match.group(1)), line, match, number)

    def _entry_line(self, line: str, number: int) -> None:
        if self._pending is not None and not self._pending[2]:
            raise _NotSimpleError
        self._pending = None
        match = _ENTRY.fullmatch(line)
        if match is None or match.group(1) in self._entries:
            raise _NotSimpleError
        self._entries.add(match.group(1))
        if self._kind in (PARAMETER, MEMBER):
            if match.group(2) is not None or match.end(1) + 1 != len(line.rstrip()):
                raise _NotSimpleError
            start = self._offset + match.start(1)
            self._pending = (start, start + len(match.group(1)), set())
        elif match.group(2) is None:
            raise _NotSimpleError
        else:
            start = self._offset + match.start(1)
            self._add(start, start + len(match.group(1)), -1, line, match, number)

    def _add(  # noqa: PLR0917 - the row's fields, as the line reader finds them
        self,
        name_start: int,
        name_end: int,
        index: int,
        line: str,
        match: re.Match[str],
        number: int,
    ) -> None:
        """A row for the entry ``match`` of ``line``."""
        self._row(name_start, name_end, index, line, match.group(2), number)

    def _row(  # noqa: PLR0917 - the row's fields, as the line reader finds them
        self, name_start: int, name_end: int, index: int, line: str, written: str, number: int
    ) -> None:
        """A row whose properties are ``written`` in ``line``."""
        flow = self._flow_id(line, written, number)
        self._rows([name_start], [name_end], [index], [flow], [number], [self._offset])

    def _close(self, section: str | None, entries: set[str], pending: object) -> None:
        """A section or nested entry left empty is a YAML-reader error: let it report it."""
        if section is not None and not entries:
            raise _NotSimpleError
        if isinstance(pending, tuple) and not pending[2]:
            raise _NotSimpleError

    def flow(self, line: str, start: int, number: int) -> PropertyList:
        """The ``{key: value, ...}`` mapping at ``line[start:]`` (which ends the line)."""
        end = len(line.rstrip())
        at = start + 1
        properties: list[Property] = []
        seen: set[str] = set()
        while True:
            match = _PAIR.match(line, at, end)
            if match is None:
                raise _NotSimpleError
            key = match.group("key")
            if key in seen:
                raise _NotSimpleError
            seen.add(key)
            value = self._value(match.group("value"), number, match.start("value"))
            key_span = self.span(number, match.start("key"), match.end("key"))
            properties.append(Property(key, value, key_span))
            at = match.end()
            if match.group("sep") == "}":
                break
        if at != end:
            raise _NotSimpleError
        return PropertyList(tuple(properties))

    def _value(self, written: str, number: int, start: int) -> PropertyValue:
        if written == "-":
            raise _NotSimpleError
        span = self.span(number, start, start + len(written))
        if written[0] in "'\"":
            return StringValue(written[1:-1], span)
        tag = self.tags.get(written)
        if tag is None:
            if self._resolver is None:
                self._resolver = _yaml_tags()
            tag = self.tags[written] = self._resolver(written)
        return scalar_value(tag, written, span)

    def span(self, number: int, start: int, end: int) -> Span:
        return Span(self.name, number + 1, start + 1, number + 1, end)
