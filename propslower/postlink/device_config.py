"""Device configuration: the built-in target table, extended or overridden by a user YAML file."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from propslower.aspects.table import AspectTable
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.postlink import yaml_nodes as yn
from propslower.textio import read_source

BUILTIN_TARGETS = Path(__file__).parent / "data" / "targets.yaml"
_FILE_NAME_PART = re.compile(r"[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*")
"""A target name as it may appear in ``<stem>_<target>.table`` and ``<image>.<target>.prop``:
no path separator, no ``..``, no leading dot, nothing a table or property line cannot hold."""


def is_file_name_part(name: str) -> bool:
    """Whether ``name`` can go into an output file name as it is."""
    return _FILE_NAME_PART.fullmatch(name) is not None


@dataclass(frozen=True)
class TargetInfo:
    """What one target (device architecture) supports; ``aspects`` are values, ascending."""

    name: str
    aspects: tuple[int, ...] = ()
    sub_group_sizes: tuple[int, ...] = ()
    may_support_other_aspects: bool = False
    aot_toolchain: str = ""
    aot_toolchain_options: str = ""
    aot_compiler_id: str = ""


class DeviceConfig:
    """Targets by name, with the driver's lookup that drops trailing ``-components``."""

    def __init__(self, targets: Mapping[str, TargetInfo]) -> None:
        self.targets: dict[str, TargetInfo] = dict(targets)

    def __iter__(self) -> Iterator[TargetInfo]:
        return iter(self.targets.values())

    def __contains__(self, name: object) -> bool:
        return name in self.targets

    def get(self, name: str) -> TargetInfo | None:
        """The entry named exactly ``name``."""
        return self.targets.get(name)

    def lookup(self, name: str) -> TargetInfo | None:
        """Exact name, else retry without trailing components (``spir64_gen-unknown-unknown``)."""
        candidate = name
        while True:
            found = self.targets.get(candidate)
            if found is not None or "-" not in candidate:
                return found
            candidate = candidate.rsplit("-", 1)[0]

    def extended(self, overrides: Mapping[str, dict[str, Any]]) -> DeviceConfig:
        """A copy where each override replaces the fields it sets (new names are added)."""
        targets = dict(self.targets)
        for name, fields in overrides.items():
            base = targets.get(name) or _auto_detected(name)
            targets[name] = dataclasses.replace(base, **fields)
        return DeviceConfig(targets)


def _auto_detected(name: str) -> TargetInfo:
    """A new entry; ``intel_gpu_<device>`` implies ocloc with ``-device <device>``."""
    prefix = "intel_gpu_"
    if not name.startswith(prefix):
        return TargetInfo(name)
    return TargetInfo(
        name, aot_toolchain="ocloc", aot_toolchain_options=f"-device {name[len(prefix) :]}"
    )


Reader = Callable[["_EntryReader", yaml.Node, str], Any]


class _EntryReader:
    """Turns one target's mapping node into ``TargetInfo`` field overrides."""

    def __init__(self, table: AspectTable, groups: Mapping[str, list[yaml.Node]]) -> None:
        self.table = table
        self.groups = groups
        self.errors: list[yn.YamlError] = []

    def fields(self, node: yaml.Node, target: str, skip: frozenset[str]) -> dict[str, Any]:
        """The overrides one entry sets; bad keys are collected in ``errors`` and skipped."""
        mapping = yn.expect_mapping(node, f"the entry of target '{target}'")
        result: dict[str, Any] = {}
        for key, key_node, value_node in yn.unique_items(
            mapping, f"target '{target}'", self.errors
        ):
            if key in skip:
                continue
            if key not in _FIELDS:
                known = ", ".join(sorted(_FIELDS))
                message = f"unknown key '{key}' (expected one of: {known})"
                self.errors.append(yn.YamlError(message, key_node))
                continue
            field_name, reader = _FIELDS[key]
            try:
                result[field_name] = reader(self, value_node, key)
            except yn.YamlError as error:
                self.errors.append(error)
        return result

    def aspects(self, node: yaml.Node, key: str) -> tuple[int, ...]:
        values: set[int] = set()
        for item in self._expand(yn.expect_sequence(node, f"'{key}'"), set()):
            values.add(self._aspect(item))
        return tuple(sorted(values))

    def _expand(self, node: yaml.SequenceNode, active: set[str]) -> Iterator[yaml.Node]:
        for item in node.value:
            text = item.value if isinstance(item, yaml.ScalarNode) else None
            if not (isinstance(text, str) and text.startswith("@")):
                yield item
                continue
            group = text[1:]
            if group not in self.groups or group in active:
                raise yn.YamlError(f"unknown or recursive aspect group '{group}'", item)
            for member in self.groups[group]:
                yield from self._expand(yaml.SequenceNode("", [member]), active | {group})

    def _aspect(self, item: yaml.Node) -> int:
        if isinstance(item, yaml.ScalarNode) and item.tag == yn.INT_TAG:
            number = int(yn.value(item))
            if number not in self.table.values:
                raise yn.YamlError(f"unknown aspect number {number}", item)
            return number
        name = yn.expect_scalar(item, yn.STR_TAG, "an aspect")
        found = self.table.value_of(name)
        if found is None:
            raise yn.YamlError(f"unknown aspect '{name}'", item)
        return found

    def sub_group_sizes(self, node: yaml.Node, key: str) -> tuple[int, ...]:
        sizes: list[int] = []
        for item in yn.expect_sequence(node, f"'{key}'").value:
            size = yn.expect_scalar(item, yn.INT_TAG, "a sub-group size")
            if size <= 0:
                raise yn.YamlError(f"sub-group size {size} must be positive", item)
            sizes.append(size)
        return tuple(sorted(set(sizes)))

    def flag(self, node: yaml.Node, key: str) -> bool:
        return bool(yn.expect_scalar(node, yn.BOOL_TAG, f"'{key}'"))

    def text(self, node: yaml.Node, key: str) -> str:
        return str(yn.expect_scalar(node, yn.STR_TAG, f"'{key}'"))


_FIELDS: dict[str, tuple[str, Reader]] = {
    "aspects": ("aspects", _EntryReader.aspects),
    "sub-group-sizes": ("sub_group_sizes", _EntryReader.sub_group_sizes),
    "may_support_other_aspects": ("may_support_other_aspects", _EntryReader.flag),
    "aot-toolchain": ("aot_toolchain", _EntryReader.text),
    "aot-toolchain-options": ("aot_toolchain_options", _EntryReader.text),
    "aot-compiler-id": ("aot_compiler_id", _EntryReader.text),
}
"""YAML key → (``TargetInfo`` field, reader)."""


def parse_user_config(text: str, name: str, table: AspectTable) -> dict[str, dict[str, Any]]:
    """A user device configuration file: ``{target: {field: value}}`` overrides."""
    root = yn.compose(text, name)
    if root is None:
        return {}
    reader = _EntryReader(table, {})
    result: dict[str, dict[str, Any]] = {}
    try:
        mapping = yn.expect_mapping(root, "a device configuration file")
    except yn.YamlError as error:
        raise DiagnosticError(_diagnostic(error, name)) from error
    for target, key_node, node in yn.unique_items(mapping, "target", reader.errors):
        if not is_file_name_part(target):
            message = (
                f"target name {target!r} cannot be part of a file name (it names the target's "
                "table and property files): use letters, digits, '_', '-', '+' and single '.'"
            )
            reader.errors.append(yn.YamlError(message, key_node))
            continue
        try:
            result[target] = reader.fields(node, target, frozenset())
        except yn.YamlError as error:
            reader.errors.append(error)
    errors = sorted(reader.errors, key=lambda e: (e.node.start_mark.line, e.node.start_mark.column))
    if errors:
        raise DiagnosticError([_diagnostic(error, name) for error in errors])
    return result


def _diagnostic(error: yn.YamlError, name: str) -> Diagnostic:
    return Diagnostic.error(str(error), yn.span_of(error.node, name))


def parse_builtin_targets(text: str, name: str, table: AspectTable) -> DeviceConfig:
    """The built-in table file (``groups`` + ``targets`` entries with ``names``)."""
    try:
        return _builtin_targets(yn.compose(text, name) or _EMPTY, table)
    except yn.YamlError as error:
        raise DiagnosticError(_diagnostic(error, name)) from error


def _builtin_targets(root: yaml.Node, table: AspectTable) -> DeviceConfig:
    top = {key: node for key, _, node in yn.unique_items(yn.expect_mapping(root, "file"), "")}
    group_items = yn.unique_items(yn.expect_mapping(top["groups"], "groups"), "group")
    groups = {key: yn.expect_sequence(node, key).value for key, _, node in group_items}
    reader = _EntryReader(table, groups)
    targets: dict[str, TargetInfo] = {}
    fail_first = reader.errors
    for entry in yn.expect_sequence(top["targets"], "targets").value:
        fields = reader.fields(entry, "built-in entry", frozenset({"names"}))
        if fail_first:
            raise fail_first[0]
        keys = {key: node for key, _, node in yn.unique_items(yn.expect_mapping(entry, ""), "")}
        for item in yn.expect_sequence(keys["names"], "names").value:
            target = yn.expect_scalar(item, yn.STR_TAG, "a target name")
            if not is_file_name_part(target):
                raise yn.YamlError(f"target name {target!r} cannot be part of a file name", item)
            if target in targets:
                raise yn.YamlError(f"duplicate target '{target}'", item)
            targets[target] = TargetInfo(target, **fields)
    return DeviceConfig(targets)


_EMPTY = yaml.MappingNode("tag:yaml.org,2002:map", [])


@cache
def _builtin(table: AspectTable) -> DeviceConfig:
    return parse_builtin_targets(
        BUILTIN_TARGETS.read_text(encoding="utf-8"), str(BUILTIN_TARGETS), table
    )


def builtin_config(table: AspectTable) -> DeviceConfig:
    """The built-in target table resolved against ``table`` (read once per table)."""
    return _builtin(table)


def load_device_config(path: str | None, table: AspectTable) -> DeviceConfig:
    """The built-in table, extended/overridden by the user file at ``path`` when given."""
    base = builtin_config(table)
    if path is None:
        return base
    source = read_source(path)
    return base.extended(parse_user_config(source.text, source.name, table))
