"""Turn reader records into the ``annotate --props`` spec: a dict and its YAML text."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

import yaml

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.frontend.records import PropertyRecord
from propslower.properties.model import Site
from propslower.properties.values import string_bytes

SECTIONS: dict[Site, str] = {
    Site.GLOBAL_VARIABLE: "globals",
    Site.FUNCTION: "functions",
    Site.KERNEL_PARAMETER: "kernel_parameters",
}
"""Spec section per site; member records are not part of the spec (the IR carries them)."""

Spec = dict[str, dict[str, Any]]
_IMPLICIT_KEY_LIMIT = 1000
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_.$]*")


def build_spec(records: Iterable[PropertyRecord]) -> Spec:
    """``{section: {ir_name: {name: value-or-None}}}``; kernel parameters nest by index."""
    spec: Spec = {section: {} for section in SECTIONS.values()}
    for record in records:
        section = SECTIONS.get(record.site)
        if section is None:
            continue
        values = _ir_values(record)
        if record.site is Site.KERNEL_PARAMETER:
            spec[section].setdefault(record.ir_name, {})[record.param_index] = values
        else:
            spec[section][record.ir_name] = values
    return {section: entries for section, entries in spec.items() if entries}


def spec_yaml(records: Iterable[PropertyRecord]) -> str:
    """The spec as YAML: block sections, one flow mapping per entity, one entity a line."""
    lines: list[str] = []
    for section, entries in build_spec(records).items():
        lines.append(f"{section}:")
        for name, values in entries.items():
            key = _key(name)
            if section != SECTIONS[Site.KERNEL_PARAMETER]:
                lines.append(f"  {key} {_flow(values)}")
                continue
            lines.append(f"  {key}")
            lines.extend(f"    {index}: {_flow(props)}" for index, props in values.items())
    return "".join(line + "\n" for line in lines)


def _key(name: str) -> str:
    """A mangled name as a YAML key with its colon: plain when safe, explicit when long."""
    text = name if _PLAIN.fullmatch(name) else json.dumps(name)
    return f"{text}:" if len(text) < _IMPLICIT_KEY_LIMIT else f"? {text}\n  :"


def _flow(values: dict[str, str | None]) -> str:
    """One entity's properties: a flow mapping, or attribute text when a value is not text.

    A spec's mapping values are text, lowered as their UTF-8 bytes; a name or value holding
    bytes that are not UTF-8 (``"\\xff"``) is written as the argument list it came from,
    names then values, as C++ literals with octal escapes (``'"k", "\\377"'``).
    """
    if any(not _is_text(text) for pair in values.items() for text in pair):
        names = [_cpp_literal(name) for name in values]
        texts = [_cpp_literal(value or "") for value in values.values()]
        return _quoted(", ".join(names + texts))
    return yaml.safe_dump(values, default_flow_style=True, sort_keys=False, width=1 << 30).strip()


def _is_text(text: str | None) -> bool:
    """Whether a value is text, not bytes outside UTF-8 (see ``values.StringValue``)."""
    return text is None or text.isascii() or not _ESCAPED_BYTE.search(text)


_ESCAPED_BYTE = re.compile("[\udc80-\udcff]")
"""How ``values.string_text`` holds a byte that is not part of valid UTF-8."""


def _cpp_literal(text: str) -> str:
    """A C++ narrow string literal of ``text``'s bytes: printable ASCII as is, others octal."""
    return '"' + "".join(_CPP_BYTES[byte] for byte in string_bytes(text)) + '"'


_CPP_BYTES = [
    chr(byte) if 0x20 <= byte <= 0x7E and chr(byte) not in '"\\?' else f"\\{byte:03o}"
    for byte in range(256)
]
"""Each byte as written inside a C++ string literal (octal escapes take at most three digits,
so a following digit cannot extend one)."""


def _quoted(text: str) -> str:
    """``text`` as a YAML single-quoted scalar."""
    return "'" + text.replace("'", "''") + "'"


def _ir_values(record: PropertyRecord) -> dict[str, str | None]:
    values: dict[str, str | None] = {}
    for prop in record.properties:
        try:
            values[prop.name] = prop.ir_value()
        except ValueError as error:
            raise DiagnosticError(Diagnostic.error(str(error), prop.span or record.span)) from error
    return values
