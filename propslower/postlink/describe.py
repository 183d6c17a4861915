"""Readable views of a decoded ``.prop`` file: plain text and JSON-ready data."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from propslower.aspects.table import AspectTable
from propslower.postlink.kernel_reqs import EntryType, KernelRequirement, decode_entries
from propslower.postlink.propset import PropertyFile, PropertyValue

KNOWN_PROPERTIES = Path(__file__).parent / "data" / "known_properties.yaml"


@cache
def known_kinds() -> dict[str, dict[str, str]]:
    """Set name → property name (or ``*``) → kind, from the data file."""
    data = yaml.safe_load(KNOWN_PROPERTIES.read_text(encoding="utf-8"))
    return {str(k): {str(n): str(kind) for n, kind in v.items()} for k, v in data.items()}


def kind_of(set_name: str, property_name: str) -> str | None:
    names = known_kinds().get(set_name, {})
    return names.get(property_name, names.get("*"))


def _aspects(value: PropertyValue, table: AspectTable) -> list[dict[str, Any]]:
    return [{"value": v, "name": table.name_of(v)} for v in value.as_uint32_array()]


def _entry(entry: KernelRequirement, table: AspectTable) -> dict[str, Any]:
    result: dict[str, Any] = {"type": entry.type.name.lower(), "spec_id": entry.spec_id}
    if entry.type is EntryType.ASPECT:
        result["aspect"] = {"value": entry.params[0], "name": table.name_of(entry.params[0])}
    elif entry.type is EntryType.REQD_WORK_GROUP_SIZE:
        result["dims"] = list(entry.params)
    else:
        result["size"] = entry.params[0]
    return result


_DECODERS: dict[str, Callable[[PropertyValue, AspectTable], Any]] = {
    "aspects": _aspects,
    "uint32_array": lambda value, _: list(value.as_uint32_array()),
    "uint64_array": lambda value, _: list(value.as_uint64_array()),
    "string": lambda value, _: value.as_bytes.decode("utf-8"),
    "kernel_reqs": lambda value, table: [
        _entry(e, table) for e in decode_entries(value.as_uint32_array())
    ],
}


def describe_value(set_name: str, name: str, value: PropertyValue, table: AspectTable) -> Any:
    """A JSON-ready description of one property."""
    if isinstance(value.data, int):
        return {"name": name, "type": "uint32", "value": value.data}
    result: dict[str, Any] = {"name": name, "type": "byte_array", "bytes": value.data.hex()}
    kind = kind_of(set_name, name)
    if kind is None:
        return result
    try:
        result[kind] = _DECODERS[kind](value, table)
    except (ValueError, UnicodeDecodeError) as error:
        result["error"] = f"not a valid {kind} value: {error}"
    return result


def describe_file(props: PropertyFile, table: AspectTable) -> dict[str, Any]:
    sets = [
        {"name": s.name, "properties": [describe_value(s.name, n, v, table) for n, v in s]}
        for s in props.sets
    ]
    return {"sets": sets}


def _aspect_text(item: dict[str, Any]) -> str:
    return f"{item['name']} ({item['value']})" if item["name"] else str(item["value"])


def _entry_text(entry: dict[str, Any]) -> str:
    detail = {
        "aspect": lambda: _aspect_text(entry["aspect"]),
        "reqd_work_group_size": lambda: "x".join(str(d) for d in entry["dims"]),
        "reqd_sub_group_size": lambda: str(entry["size"]),
    }[entry["type"]]()
    return f"{entry['type']} {detail} (spec id {entry['spec_id']})"


_TEXT: dict[str, Callable[[Any], str]] = {
    "aspects": lambda items: "[" + ", ".join(_aspect_text(i) for i in items) + "]",
    "uint32_array": lambda items: "[" + ", ".join(map(str, items)) + "]",
    "uint64_array": lambda items: "[" + ", ".join(map(str, items)) + "]",
    "string": lambda text: f'"{text}"',
    "kernel_reqs": lambda entries: "; ".join(map(_entry_text, entries)) or "(no entries)",
}


def _property_text(item: dict[str, Any]) -> str:
    if item["type"] == "uint32":
        return f"{item['name']} = {item['value']}"
    for kind, render in _TEXT.items():
        if kind in item:
            return f"{item['name']} = {render(item[kind])}"
    note = f"  ({item['error']})" if "error" in item else ""
    return f"{item['name']} = bytes[{len(item['bytes']) // 2}] {item['bytes'] or '-'}{note}"


def render_text(description: dict[str, Any]) -> str:
    lines: list[str] = []
    for prop_set in description["sets"]:
        lines.append(f"[{prop_set['name']}]")
        lines.extend("  " + _property_text(item) for item in prop_set["properties"])
    return "".join(line + "\n" for line in lines)
