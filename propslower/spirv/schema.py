"""The table schema: validating a YAML node tree into profiles and rules (see table.yaml)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import yaml

from propslower.spirv.encoders import ENCODINGS
from propslower.spirv.model import (
    AnnotationStyle,
    BitExpansion,
    IdRef,
    Operand,
    Params,
    ProfileSettings,
    Rule,
    RuleTarget,
)
from propslower.spirv.yamlnodes import SpirvNodeReader as NodeReader
from propslower.yaml_tags import INT_TAG

_TARGETS = tuple(target.value for target in RuleTarget)
_STYLES = tuple(style.value for style in AnnotationStyle)
_TOP_KEYS = ("profiles", "properties")
_ID_MAX = 2**32 - 1
_ID_KEYS = ("id", "spirv_name", "internal", "newer_headers")
_RULE_KEYS = (
    "target",
    "profiles",
    "encoding",
    "name",
    "int_type",
    "triples",
    "skip_esimd",
    "last",
    "key_operands",
    *_ID_KEYS,
)

Reader = Callable[[NodeReader, yaml.Node, str], Any]


def _id_ref(reader: NodeReader, node: yaml.Node, what: str) -> IdRef | None:
    """A nested ``{id, spirv_name, [internal], [newer_headers]}`` mapping."""
    fields = _fields(reader, node, what, _ID_KEYS)
    return _ref_from(reader, node, fields, what)


def _fields(
    reader: NodeReader, node: yaml.Node, what: str, allowed: tuple[str, ...]
) -> dict[str, yaml.Node]:
    fields = {key: value for key, _, value in reader.mapping(node, what)}
    for key, value in fields.items():
        if key not in allowed:
            reader.error(value, f"unknown key '{key}' in {what} (expected: {', '.join(allowed)})")
    return fields


def _ref_from(
    reader: NodeReader, node: yaml.Node, fields: dict[str, yaml.Node], what: str
) -> IdRef | None:
    ident = _required(reader, node, fields=fields, key="id", what=what, read=NodeReader.integer)
    spirv_name = _required(
        reader, node, fields=fields, key="spirv_name", what=what, read=NodeReader.string
    )
    flags = {k: reader.boolean(fields[k], k) for k in ("internal", "newer_headers") if k in fields}
    if ident is not None and not 0 <= ident <= _ID_MAX:
        reader.error(fields["id"], f"id {ident} is outside [0, {_ID_MAX}]")
        return None
    if ident is None or spirv_name is None:
        return None
    return IdRef(ident, spirv_name, bool(flags.get("internal")), bool(flags.get("newer_headers")))


def _required(
    reader: NodeReader,
    node: yaml.Node,
    *,
    fields: dict[str, yaml.Node],
    key: str,
    what: str,
    read: Reader,
) -> Any:
    if key not in fields:
        reader.error(node, f"{what} lacks '{key}'")
        return None
    return read(reader, fields[key], key)


def _bits(reader: NodeReader, node: yaml.Node, what: str) -> tuple[BitExpansion, ...]:
    bits: list[BitExpansion] = []
    for item in reader.sequence(node, what):
        fields = _fields(reader, item, "a bit", ("mask", "equals", "operands", *_ID_KEYS))
        ref = _ref_from(reader, item, fields, "a bit")
        mask = _required(
            reader, item, fields=fields, key="mask", what="a bit", read=NodeReader.integer
        )
        operands: tuple[tuple[Operand, ...], ...] = ((),)
        if "operands" in fields:
            entries = reader.sequence(fields["operands"], "bit operands")
            operands = tuple(reader.operands(entry, "a bit operand") for entry in entries)
        equals = reader.integer(fields["equals"], "equals") if "equals" in fields else None
        if equals is not None and mask is not None and equals & ~mask:
            reader.error(fields["equals"], f"equals {equals:#x} sets bits outside mask {mask:#x}")
        elif ref is not None and mask is not None:
            bits.append(BitExpansion(mask, ref, operands, equals))
    return tuple(bits)


def _values(reader: NodeReader, node: yaml.Node, what: str) -> tuple[tuple[str, Any], ...]:
    return tuple(
        (key, reader.operands(value, f"the value of '{key}'"))
        for key, _, value in reader.mapping(node, what)
    )


def _on_unknown(reader: NodeReader, node: yaml.Node, what: str) -> str | None:
    return reader.choice(node, what, ("error", "skip"))


_PARAM_READERS: dict[str, Reader] = {
    "values": _values,
    "accept_numbers": NodeReader.boolean,
    "on_unknown": _on_unknown,
    "bits": _bits,
    "controls": NodeReader.integers,
    "control": NodeReader.integer,
    "zero": NodeReader.operands,
    "nonzero": NodeReader.operands,
    "operands": NodeReader.operands,
    "enable": _id_ref,
    "interval": _id_ref,
    "value_from": NodeReader.string,
    "name_from": NodeReader.string,
    "default": NodeReader.integer,
    "count": NodeReader.integer,
    "auto_base": NodeReader.boolean,
    "ignore_value": NodeReader.boolean,
}
"""Encoding parameter → how to read it; encoders.ENCODINGS says which encoding takes which."""


@dataclass
class ParsedTable:
    """What one YAML file defines: profile settings and rules (still to be merged)."""

    profiles: list[ProfileSettings] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)


def parse_root(reader: NodeReader, root: yaml.Node | None, known: Iterable[str]) -> ParsedTable:
    """Validate a whole file; ``known`` are profile names defined elsewhere (the built-in table)."""
    parsed = ParsedTable()
    if root is None:
        return parsed
    fields = {key: value for key, _, value in reader.mapping(root, "the table")}
    for key, value in fields.items():
        if key not in _TOP_KEYS:
            reader.error(value, f"unknown top-level key '{key}' (expected: {', '.join(_TOP_KEYS)})")
    if "profiles" in fields:
        parsed.profiles = _profiles(reader, fields["profiles"])
    names = tuple(dict.fromkeys((*known, *(p.name for p in parsed.profiles))))
    if "properties" in fields:
        parsed.rules = _properties(reader, fields["properties"], names)
    return parsed


def _profiles(reader: NodeReader, node: yaml.Node) -> list[ProfileSettings]:
    profiles: list[ProfileSettings] = []
    for name, key_node, value in reader.mapping(node, "profiles"):
        style = AnnotationStyle.TYPED
        no_rules_for: tuple[str, ...] = ()
        for key, _, item in reader.mapping(value, f"profile '{name}'"):
            if key == "annotation_style":
                chosen = reader.choice(item, "annotation style", _STYLES)
                style = AnnotationStyle(chosen) if chosen else style
            elif key == "no_rules_for":
                no_rules_for = reader.strings(item, "property")
            else:
                reader.error(item, f"unknown key '{key}' in profile '{name}'")
        profiles.append(ProfileSettings(name, style, no_rules_for, reader.span(key_node)))
    return profiles


def _properties(reader: NodeReader, node: yaml.Node, profiles: tuple[str, ...]) -> list[Rule]:
    rules: list[Rule] = []
    for prop, _, value in reader.mapping(node, "properties"):
        items = [value] if isinstance(value, yaml.MappingNode) else reader.sequence(value, prop)
        for item in items:
            rules.extend(_rule(reader, prop, item, profiles))
    return rules


def _rule(reader: NodeReader, prop: str, node: yaml.Node, known: tuple[str, ...]) -> list[Rule]:
    what = f"a rule of '{prop}'"
    before = len(reader.errors)
    fields = {key: value for key, _, value in reader.mapping(node, what)}
    encoding = _required(
        reader, node, fields=fields, key="encoding", what=what, read=NodeReader.string
    )
    spec = ENCODINGS.get(encoding) if encoding else None
    if encoding and spec is None:
        choices = ", ".join(ENCODINGS)
        message = f"unknown encoding '{encoding}' (expected one of: {choices})"
        reader.error(fields["encoding"], message)
    _check_keys(reader, fields, what, encoding=encoding, params=spec.params if spec else None)
    if spec is not None:
        for key in sorted(spec.required - fields.keys()):
            reader.error(node, f"{what} lacks '{key}', which encoding '{encoding}' needs")
    targets = _targets(reader, fields.get("target"), node, what)
    profiles = _rule_profiles(reader, fields.get("profiles"), known)
    ref, name = _identity(
        reader, node, fields, targets, what=what, own_ids=bool(spec and spec.own_ids)
    )
    params = Params(
        **{
            key: reader_fn(reader, fields[key], key)
            for key, reader_fn in _PARAM_READERS.items()
            if key in fields and (spec is None or key in spec.params)
        }
    )
    common = _common(reader, fields)
    if "key_operands" in fields and targets and not targets[0].uses_id:
        message = f"'key_operands' is not allowed with target '{targets[0].value}'"
        reader.error(fields["key_operands"], message)
    if len(reader.errors) > before or encoding is None:
        return []
    span = reader.span(node)
    return [
        Rule(prop, target, encoding, profiles, ref, name, params=params, span=span, **common)
        for target in targets
    ]


def _check_keys(
    reader: NodeReader,
    fields: dict[str, yaml.Node],
    what: str,
    *,
    encoding: str | None,
    params: frozenset[str] | None,
) -> None:
    for key, value in fields.items():
        if key in _RULE_KEYS:
            continue
        if key in _PARAM_READERS and params is not None and key not in params:
            reader.error(value, f"'{key}' is not a parameter of encoding '{encoding}'")
        elif key not in _PARAM_READERS:
            reader.error(value, f"unknown key '{key}' in {what}")


def _targets(
    reader: NodeReader, node: yaml.Node | None, rule: yaml.Node, what: str
) -> tuple[RuleTarget, ...]:
    if node is None:
        reader.error(rule, f"{what} lacks 'target'")
        return ()
    items = [node] if isinstance(node, yaml.ScalarNode) else reader.sequence(node, "target")
    chosen = (reader.choice(item, "target", _TARGETS) for item in items)
    targets = tuple(RuleTarget(value) for value in chosen if value)
    if len({target.uses_id for target in targets}) > 1:
        message = "a rule cannot mix targets that take an 'id' with ones that take a 'name'"
        reader.error(node, message)
    return targets


def _rule_profiles(
    reader: NodeReader, node: yaml.Node | None, known: tuple[str, ...]
) -> frozenset[str]:
    if node is None:
        return frozenset(known)
    chosen = (reader.choice(item, "profile", known) for item in reader.sequence(node, "profiles"))
    return frozenset(value for value in chosen if value)


def _identity(
    reader: NodeReader,
    node: yaml.Node,
    fields: dict[str, yaml.Node],
    targets: tuple[RuleTarget, ...],
    *,
    what: str,
    own_ids: bool,
) -> tuple[IdRef | None, str | None]:
    """The rule's SPIR-V id (id targets) or its metadata/attribute name (the others)."""
    if not targets:
        if "id" in fields:
            _ref_from(reader, node, fields, what)
        return None, None
    if not targets[0].uses_id:
        for key in (key for key in _ID_KEYS if key in fields):
            reader.error(fields[key], f"'{key}' is not allowed with target '{targets[0].value}'")
        return None, _required(
            reader, node, fields=fields, key="name", what=what, read=NodeReader.string
        )
    if "name" in fields:
        reader.error(fields["name"], f"'name' is not allowed with target '{targets[0].value}'")
    if own_ids and "id" not in fields:
        return None, None
    return _ref_from(reader, node, fields, what), None


_ALL = "all"
_INVALID = "invalid"


def _key_operands(reader: NodeReader, node: yaml.Node) -> int | str | None:
    """A count of operands, ``all`` (``None``: repeatable), or ``_INVALID`` after an error."""
    if isinstance(node, yaml.ScalarNode) and node.value == _ALL:
        return None
    if isinstance(node, yaml.ScalarNode) and node.tag == INT_TAG and node.value.isdigit():
        return int(node.value)
    reader.error(node, f"key_operands must be a count of operands (0, 1, ...) or '{_ALL}'")
    return _INVALID


_COMMON_READERS: dict[str, Callable[[NodeReader, yaml.Node], Any]] = {
    "int_type": lambda r, n: r.choice(n, "int_type", ("i32", "ptr")),
    "triples": lambda r, n: r.strings(n, "triple"),
    "skip_esimd": lambda r, n: r.boolean(n, "skip_esimd"),
    "last": lambda r, n: r.boolean(n, "last"),
    "key_operands": _key_operands,
}


def _common(reader: NodeReader, fields: dict[str, yaml.Node]) -> dict[str, Any]:
    read = {key: fn(reader, fields[key]) for key, fn in _COMMON_READERS.items() if key in fields}
    return {
        key: value
        for key, value in read.items()
        if (value is not None or key == "key_operands") and value is not _INVALID
    }
