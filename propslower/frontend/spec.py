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
    return yaml.safe_dump(values, default_flow_style=True, sort_keys=False, width=1 << 30).strip()


def _ir_values(record: PropertyRecord) -> dict[str, str | None]:
    values: dict[str, str | None] = {}
    for prop in record.properties:
        try:
            values[prop.name] = prop.ir_value()
        except ValueError as error:
            raise DiagnosticError(Diagnostic.error(str(error), prop.span or record.span)) from error
    return values
