"""Entry points of device code (kernels, exported device functions) and their split keys."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from propslower.diagnostics import Diagnostic
from propslower.ir.functions import FunctionItem
from propslower.ir.strings import name_token
from propslower.postlink.function_facts import AspectRef, FactsReader, int_operand
from propslower.properties.attribute import (
    SUB_GROUP_SIZE_METADATA,
    WORK_GROUP_NUM_DIM_METADATA,
    WORK_GROUP_SIZE_METADATA,
)
from propslower.properties.profiles import Profile

EXPORT_ATTRIBUTES = ("sycl-module-id", "sycl-external")
"""String attributes that make a defined function an exported device function."""
_NOT_EXPORTED = re.compile(r"^(?:_Z\d+__(?:spirv|sycl|esimd)_|__builtin_)")
_UINT32 = 0xFFFF_FFFF


@dataclass(frozen=True)
class EntryPoint:
    """A kernel or exported device function with what the split and the requirements need."""

    name: str
    item: FunctionItem
    is_kernel: bool
    module_id: str
    aspects: tuple[AspectRef, ...]
    """Its split-key aspects (the profile's ``split_aspect_metadata``), in written order."""
    reqd_sub_group_size: int | None
    reqd_work_group_size: tuple[int, ...] | None
    work_group_num_dim: int | None
    feature_key: tuple[str, ...]
    """One text per rule of the profile's ``split_key_rules``."""

    @property
    def aspect_values(self) -> tuple[int, ...]:
        """The aspect values, ascending, without repeats."""
        return tuple(sorted({a.value for a in self.aspects}))


Rule = Callable[[FactsReader, FunctionItem, dict[str, str | None], tuple[AspectRef, ...]], str]


def _string_rule(name: str) -> Rule:
    return lambda _reader, _item, strings, _aspects: strings.get(name) or ""


def _ints_rule(kind: str) -> Rule:
    def rule(reader: FactsReader, item: FunctionItem, _s: dict[str, str | None], _a: object) -> str:
        return "".join(f"-{v}" for v in reader.ints(item, kind) or ())

    return rule


def _texts_rule(kind: str) -> Rule:
    def rule(reader: FactsReader, item: FunctionItem, _s: dict[str, str | None], _a: object) -> str:
        return "".join(f"-{v}" for v in reader.texts(item, kind) or ())

    return rule


def _aspects_rule(
    _reader: FactsReader,
    _item: FunctionItem,
    _s: dict[str, str | None],
    aspects: tuple[AspectRef, ...],
) -> str:
    """Values zero-extended to uint32 (negative internal aspects sort last), ascending."""
    return "".join(f"-{v}" for v in sorted({a.value & _UINT32 for a in aspects}))


SPLIT_KEY_RULES: dict[str, Rule] = {
    "sycl-module-id": _string_rule("sycl-module-id"),
    "indirectly-callable": _string_rule("indirectly-callable"),
    "sycl-register-alloc-mode": _string_rule("sycl-register-alloc-mode"),
    "sycl-grf-size": _string_rule("sycl-grf-size"),
    "sycl-optlevel": _string_rule("sycl-optlevel"),
    "used_aspects": _aspects_rule,
    "reqd_work_group_size": _ints_rule(WORK_GROUP_SIZE_METADATA),
    "work_group_num_dim": _ints_rule(WORK_GROUP_NUM_DIM_METADATA),
    "reqd_sub_group_size": _ints_rule(SUB_GROUP_SIZE_METADATA),
    "sycl_joint_matrix": _texts_rule("sycl_joint_matrix"),
    "sycl_joint_matrix_mad": _texts_rule("sycl_joint_matrix_mad"),
}
"""Rule name (a ``Profile.split_key_rules`` entry) → the text it contributes to the key."""


def is_exported(name: str, strings: dict[str, str | None]) -> bool:
    """A SYCL_EXTERNAL function: an export attribute, and not a SPIR-V/SYCL built-in name."""
    return any(key in strings for key in EXPORT_ATTRIBUTES) and not _NOT_EXPORTED.match(name)


def own_aspects(reader: FactsReader, item: FunctionItem, kinds: Iterable[str]) -> list[AspectRef]:
    """The aspects the metadata ``kinds`` attach to ``item`` (in kind, then written, order)."""
    found: list[AspectRef] = []
    for kind in kinds:
        found.extend(reader.aspects(item, kind) or ())
    return found


def entry_point(reader: FactsReader, item: FunctionItem, profile: Profile) -> EntryPoint | None:
    """``item`` as an entry point, or None when it is neither a kernel nor exported."""
    facts = reader.facts(item)
    if not facts.is_definition:
        return None
    strings = reader.strings(item)
    if not facts.is_kernel and not is_exported(facts.name, strings):
        return None
    aspects = tuple(own_aspects(reader, item, profile.split_aspect_metadata))
    sub_group = reader.ints(item, SUB_GROUP_SIZE_METADATA)
    dims = reader.ints(item, WORK_GROUP_NUM_DIM_METADATA)
    key = tuple(
        SPLIT_KEY_RULES[rule](reader, item, strings, aspects) for rule in profile.split_key_rules
    )
    return EntryPoint(
        name=facts.name,
        item=item,
        is_kernel=facts.is_kernel,
        module_id=strings.get("sycl-module-id") or "",
        aspects=aspects,
        reqd_sub_group_size=sub_group[0] if sub_group else None,
        reqd_work_group_size=reader.ints(item, WORK_GROUP_SIZE_METADATA) or None,
        work_group_num_dim=dims[0] if dims else None,
        feature_key=key,
    )


SIZE_METADATA = (SUB_GROUP_SIZE_METADATA, WORK_GROUP_SIZE_METADATA, WORK_GROUP_NUM_DIM_METADATA)
"""The kernel-size kinds the property files carry as unsigned 32-bit words."""


def size_errors(reader: FactsReader, entries: Iterable[EntryPoint]) -> list[Diagnostic]:
    """An error at each size operand a ``.prop`` file cannot hold (negative, or over 32 bits),
    positioned at the operand in its metadata node."""
    errors: list[Diagnostic] = []
    for entry in entries:
        for kind in SIZE_METADATA:
            values = reader.ints(entry.item, kind) or ()
            if all(0 <= value <= _UINT32 for value in values):
                continue
            node = reader.module.metadata_node(reader.facts(entry.item).attachments[kind])
            if node is None:
                continue
            for operand in reader.operands(node.node_id):
                value = int_operand(operand)
                if value is not None and not 0 <= value <= _UINT32:
                    message = (
                        f"'!{kind}' of '{entry.name}' holds {value}, which is not an unsigned "
                        "32-bit size"
                    )
                    at = node.text.find(operand, node.text.find("!{"))
                    errors.extend(node.error(message, max(at, 0)).diagnostics)
    return sorted(errors, key=lambda e: (e.span.line, e.span.column) if e.span else (0, 0))


UNWRITABLE_IN_LINES = {"\n": "a line feed", "\r": "a carriage return", "\0": "a NUL"}
"""Characters a line-based file (``.sym``, one name a line; ``.prop``) cannot hold in a name."""
UNWRITABLE_IN_PROP_KEYS = {"=": "'='"}
"""More that a ``.prop`` key cannot hold: the reader (ours, DPC++'s) splits at the first '='."""


def name_errors(entries: Iterable[EntryPoint], prop_keys: bool) -> list[Diagnostic]:
    """An error at the ``define`` of each entry point whose name the ``.sym`` file (or, with
    ``prop_keys``, a kernel's key in a ``.prop`` file) cannot carry, as DPC++'s runtime reads
    them: ``.sym`` line by line, ``.prop`` as ``[set]`` headers and ``name=type|value`` lines."""
    errors: list[Diagnostic] = []
    for entry in entries:
        found = [what for char, what in UNWRITABLE_IN_LINES.items() if char in entry.name]
        where = "listed in a .sym file"
        if prop_keys and entry.is_kernel and not found:
            found = [what for char, what in UNWRITABLE_IN_PROP_KEYS.items() if char in entry.name]
            if entry.name.startswith("["):
                found.append("a leading '['")
            where = "a key of a .prop file"
        if not found:
            continue
        token = name_token("@", entry.name)
        message = f"entry point '{token}' cannot be {where}: its name holds "
        text = entry.item.text
        at = text.find("@", 0, text.find("\n") if entry.item.is_definition else len(text))
        errors.extend(entry.item.error(message + " and ".join(found), max(at, 0)).diagnostics)
    return errors


def entry_points(reader: FactsReader, profile: Profile) -> list[EntryPoint]:
    """Every entry point of the module, in module order."""
    found = (entry_point(reader, item, profile) for item in reader.functions)
    return [entry for entry in found if entry is not None]


MODES: dict[str, Callable[[EntryPoint], str]] = {
    "per_kernel": lambda entry: entry.name,
    "per_source": lambda entry: entry.module_id,
    "auto": lambda entry: entry.module_id,
    "off": lambda _entry: "",
}
"""``--mode`` → the scope an entry point is grouped by before the optional-feature split."""


def category(entry: EntryPoint, mode: str) -> str:
    """sycl-post-link's category string of ``entry``: the name per kernel, nothing unsplit,
    else each rule's text followed by ``-``."""
    if mode == "per_kernel":
        return entry.name
    if mode == "off":
        return ""
    return "".join(f"{text}-" for text in entry.feature_key)


def group_entry_points(
    entries: Iterable[EntryPoint], mode: str, profile: Profile
) -> list[list[EntryPoint]]:
    """Images as lists of entry points (each in module order).

    Grouped by ``mode`` first, then by the feature key — except for ``off`` when the profile
    does not split unsplit code (DPC++'s ``none``). Images come in first-entry-point order,
    or, where the profile numbers them as sycl-post-link does, by descending category (its
    ``std::map`` of categories, split from the back: image 0 has the largest).
    """
    scope = MODES[mode]
    by_features = mode != "off" or profile.split_when_unsplit
    groups: dict[tuple[str, tuple[str, ...]], list[EntryPoint]] = {}
    for entry in entries:
        key = (scope(entry), entry.feature_key if by_features else ())
        groups.setdefault(key, []).append(entry)
    found = list(groups.values())
    if profile.aspect_rules.images_by_descending_key:
        found.sort(key=lambda group: category(group[0], mode).encode(), reverse=True)
    return found
