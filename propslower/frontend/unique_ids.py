"""``"sycl-unique-id"`` for device globals and host pipes, computed as DPC++'s clang does.

DPC++'s clang gives every global whose type carries ``[[__sycl_detail__::device_global]]`` (or
``host_pipe``) the string attribute ``"sycl-unique-id"``: the id the runtime uses to find the
variable in the device image (``__builtin_sycl_unique_stable_id``). intel/llvm's
``clang/test/CodeGenSYCL/device_global*.cpp`` show the rule:

* an externally visible variable: its Itanium mangled name, always mangled, also where the IR
  name is not (``@A`` → ``_Z1A``; ``_ZN3Foo1CE``, ``_Z16templ_dev_globalIiE`` as in the IR);
* a variable with internal linkage (``static``, anonymous namespace): ``<prefix>___<mangled>``
  (``THE_PREFIX____ZL1B``), where the prefix is the translation unit's
  ``-fsycl-unique-prefix``, which DPC++'s driver makes up per source file.

Stock clang has no such option, so ``cc`` derives the prefix (``translation_unit_prefix``):
``uid`` and the first 16 hexadecimal digits of the SHA-256 of the source file's absolute path.
It is the same on every run for the same file, differs between files, and ``--sycl-unique-prefix``
overrides it (a host compile that must agree on the ids passes DPC++'s prefix there).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from clang.cindex import LinkageKind, SourceRange

from propslower.frontend.cindex import Cursor
from propslower.frontend.records import PropertyRecord, UniqueGlobal
from propslower.properties.model import Property, PropertyList, Site
from propslower.properties.values import StringValue

UNIQUE_ID = "sycl-unique-id"
"""The attribute DPC++'s clang writes on the global."""

UNIQUE_ID_ATTRIBUTES = frozenset({"device_global", "host_pipe"})
"""``__sycl_detail__::`` class attributes whose variables get a unique id."""

RECOGNISED_CLASS_ATTRIBUTES = UNIQUE_ID_ATTRIBUTES | {"global_variable_allowed"}
"""DPC++'s class attributes on the device-global path that ``cc`` reads or accepts (the one
without an id only lets a variable of the class be a global in device code), never warned
about."""

ATTRIBUTE_NAMESPACES = frozenset({"__sycl_detail__", "clang"})
"""Namespaces the attributes are written in (``clang`` once the prelude renamed it)."""

_VISIBLE = frozenset({LinkageKind.EXTERNAL})
"""Linkages DPC++ calls externally visible (unique-external is an anonymous namespace)."""


def translation_unit_prefix(source: str | Path) -> str:
    """The per-translation-unit prefix ``cc`` uses where DPC++ has ``-fsycl-unique-prefix``."""
    path = str(Path(source).absolute())
    return "uid" + hashlib.sha256(path.encode("utf-8", "surrogateescape")).hexdigest()[:16]


def unique_id(ir_name: str, *, internal: bool, prefix: str) -> str:
    """The id DPC++ writes for a global named ``ir_name`` in IR."""
    mangled = ir_name if ir_name.startswith("_Z") else f"_Z{len(ir_name)}{ir_name}"
    return f"{prefix}___{mangled}" if internal else mangled


def is_internal(variable: Cursor) -> bool:
    """Whether ``variable`` is not externally visible (``static``, anonymous namespace)."""
    return variable.linkage not in _VISIBLE


def carries_unique_id_attribute(declaration: Cursor) -> bool:
    """Whether a class (or the template it comes from) is written with ``device_global``
    or ``host_pipe`` among its attributes: the tokens between its start and its name."""
    tu = declaration.translation_unit
    start, name = declaration.extent.start, declaration.location
    if start.file is None or name.file is None or start.offset >= name.offset:
        return False
    spellings = [t.spelling for t in tu.get_tokens(extent=SourceRange.from_locations(start, name))]
    return any(
        word in UNIQUE_ID_ATTRIBUTES
        and index >= 2
        and spellings[index - 1] == "::"
        and spellings[index - 2] in ATTRIBUTE_NAMESPACES
        for index, word in enumerate(spellings)
    )


def with_unique_ids(
    records: Sequence[PropertyRecord], globals_: Iterable[UniqueGlobal], prefix: str
) -> tuple[PropertyRecord, ...]:
    """``records`` with ``"sycl-unique-id"`` on every unique global: appended to its global
    variable record, or a record of its own when its type has no property list."""
    wanted = {found.ir_name: found for found in globals_}
    result: list[PropertyRecord] = []
    for record in records:
        found = wanted.pop(record.ir_name, None) if record.site is Site.GLOBAL_VARIABLE else None
        if found is None or record.properties.get(UNIQUE_ID) is not None:
            result.append(record)
            continue
        extra = _unique_id_property(found, prefix)
        result.append(replace(record, properties=PropertyList((*record.properties, extra))))
    for found in wanted.values():
        properties = PropertyList((_unique_id_property(found, prefix),))
        site = Site.GLOBAL_VARIABLE
        result.append(PropertyRecord(site, found.ir_name, None, properties, found.span))
    return tuple(result)


def _unique_id_property(found: UniqueGlobal, prefix: str) -> Property:
    text = unique_id(found.ir_name, internal=found.internal, prefix=prefix)
    return Property(UNIQUE_ID, StringValue(text), found.span)
