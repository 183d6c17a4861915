"""The common spec layout read line by line: what the YAML reader would give, without YAML.

Accepts only block sections of two-space-indented entries whose properties are one-line flow
mappings of plain or simply quoted scalars (what generated specs look like); anything else, and
anything the YAML reader would report, returns None so that reader handles it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import yaml

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
_INDEXED_SECTIONS = ("kernel_parameters", "members")


def read_simple_spec(text: str, name: str) -> list[Placement] | None:
    """The placements of a spec in the simple layout, or None when it is laid out otherwise."""
    if "#" in text or "\t" in text or "\r" in text:
        return None
    reader = _LineReader(name)
    try:
        return reader.read(text.split("\n"))
    except _NotSimpleError:
        return None


class _NotSimpleError(Exception):
    """The text needs the YAML reader."""


class _LineReader:
    """Reads the layout line by line; raises ``_NotSimpleError`` at the first surprise."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.tags: dict[str, str] = {}
        self.resolver = yaml.resolver.Resolver()

    def read(self, lines: list[str]) -> list[Placement]:
        placements: list[Placement] = []
        sections: set[str] = set()
        section: str | None = None
        entries: set[str] = set()
        pending: tuple[str, set[str]] | None = None
        for number, line in enumerate(lines):
            if not line.strip():
                continue
            if not line.startswith(" "):
                self._close(section, entries, pending)
                match = _SECTION.fullmatch(line)
                if match is None or match.group(1) not in _SECTIONS:
                    raise _NotSimpleError
                section = match.group(1)
                if section in sections:
                    raise _NotSimpleError
                sections.add(section)
                entries, pending = set(), None
            elif section is None:
                raise _NotSimpleError
            elif line.startswith("    "):
                if pending is None:
                    raise _NotSimpleError
                placements.append(self._indexed(section, pending, line, number))
            else:
                if pending is not None and not pending[1]:
                    raise _NotSimpleError
                pending = None
                match = _ENTRY.fullmatch(line)
                if match is None or match.group(1) in entries:
                    raise _NotSimpleError
                entries.add(match.group(1))
                if section in _INDEXED_SECTIONS:
                    if match.group(2) is not None or match.end(1) + 1 != len(line.rstrip()):
                        raise _NotSimpleError
                    pending = (match.group(1), set())
                    continue
                if match.group(2) is None:
                    raise _NotSimpleError
                make: Callable[[str], Target] = (
                    GlobalTarget if section == "globals" else FunctionTarget
                )
                properties = self._flow(line, match.start(2), number)
                key_span = self._span(number, 2, match.end(1))
                placements.append(Placement(make(match.group(1)), properties, key_span))
        self._close(section, entries, pending)
        return placements

    def _close(self, section: str | None, entries: set[str], pending: object) -> None:
        """A section or nested entry left empty is a YAML-reader error: let it report it."""
        if section is not None and not entries:
            raise _NotSimpleError
        if isinstance(pending, tuple) and not pending[1]:
            raise _NotSimpleError

    def _indexed(
        self, section: str, pending: tuple[str, set[str]], line: str, number: int
    ) -> Placement:
        match = _INDEXED.fullmatch(line)
        if match is None or match.group(1) in pending[1]:
            raise _NotSimpleError
        pending[1].add(match.group(1))
        owner, index = pending[0], int(match.group(1))
        target: Target = (
            ParameterTarget(owner, index)
            if section == "kernel_parameters"
            else MemberTarget(owner.removeprefix("%"), index)
        )
        properties = self._flow(line, match.start(2), number)
        return Placement(target, properties, self._span(number, 4, match.end(1)))

    def _flow(self, line: str, start: int, number: int) -> PropertyList:
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
            key_span = self._span(number, match.start("key"), match.end("key"))
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
        span = self._span(number, start, start + len(written))
        if written[0] in "'\"":
            return StringValue(written[1:-1], span)
        tag = self.tags.get(written)
        if tag is None:
            resolved = self.resolver.resolve(  # type: ignore[no-untyped-call]
                yaml.ScalarNode, written, (True, False)
            )
            tag = self.tags[written] = str(resolved)
        return scalar_value(tag, written, span)

    def _span(self, number: int, start: int, end: int) -> Span:
        return Span(self.name, number + 1, start + 1, number + 1, end)
