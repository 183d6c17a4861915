"""Loading the property→SPIR-V table: the built-in ``table.yaml``, ``--map`` files, merging.

Schema (documented in full at the top of ``table.yaml``)::

    profiles:                      # optional in --map files
      NAME: {annotation_style: typed | quoted, no_rules_for: [PROPERTY, ...]}
    properties:
      PROPERTY:                    # a list of rules, or one rule mapping
        - target: TARGET | [TARGET, ...]   # execution_mode, *_decoration, function_metadata, ...
          profiles: [PROFILE, ...]         # the profiles it is for; default: every profile
          id: INT                          # SPIR-V id (mode / decoration targets)
          spirv_name: NAME                 # grammar enumerant (translator name when internal)
          internal: BOOL                   # translator-internal id (6147-6149)
          newer_headers: BOOL              # registered, but not in Debian's spirv-headers
          name: NAME                       # metadata / attribute name (the other targets)
          encoding: ENCODING               # a key of encoders.ENCODINGS, plus its parameters
          int_type: i32 | ptr
          triples: [ARCH, ...]
          skip_esimd: BOOL
          last: BOOL
          key_operands: INT | all          # what identifies an entry (default 0: the id)

A ``--map`` file has the same shape. Its rules replace the built-in rules of the same
property in the profiles they name (a built-in rule keeps its other profiles); properties
the built-in table lacks are added. Every mistake is reported with ``file:line:col``.

Every property has a rule for each profile or is in that profile's ``no_rules_for``:
``profile_gaps`` lists what a profile lacks.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from functools import cache
from importlib import resources
from pathlib import Path

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.properties.profiles import Profile
from propslower.spirv.model import Rule, Table
from propslower.spirv.schema import parse_root
from propslower.spirv.yamlnodes import SpirvNodeReader as NodeReader
from propslower.spirv.yamlnodes import compose
from propslower.textio import read_source

BUILTIN_NAME = "table.yaml"


def parse_table(text: str, name: str, known_profiles: Iterable[str] = ()) -> Table:
    """Validate YAML ``text`` (diagnostics name it ``name``) into a table, or raise."""
    root, syntax_error = compose(text, name)
    if syntax_error is not None:
        raise DiagnosticError(syntax_error)
    reader = NodeReader(name)
    parsed = parse_root(reader, root, known_profiles)
    if reader.errors:
        raise DiagnosticError(sorted(reader.errors, key=_position))
    return Table(tuple(parsed.profiles), tuple(parsed.rules))


def _position(diagnostic: Diagnostic) -> tuple[int, int]:
    span = diagnostic.span
    return (0, 0) if span is None else (span.line, span.column)


def builtin_text() -> str:
    """The text of the shipped ``table.yaml``."""
    return resources.files("propslower.spirv").joinpath(BUILTIN_NAME).read_text("utf-8")


@cache
def builtin_table() -> Table:
    """The built-in table, loaded once."""
    return parse_table(builtin_text(), f"<builtin>/{BUILTIN_NAME}")


def load_extra_map(
    source: str | os.PathLike[str], name: str | None = None, base: Table | None = None
) -> Table:
    """Validate a ``--map`` file: a path is read, a ``str`` is the YAML text itself.

    Profiles named by rules must exist in ``base`` (default: the built-in table) or in the
    file's own ``profiles`` section. Returns only the file's entries; see ``merge_tables``.
    """
    if isinstance(source, str):
        text, shown = source, name or "<map>"
    else:
        read = read_source(os.fspath(source))
        text, shown = read.text, name or read.name
    known = (base or builtin_table()).profile_names()
    return parse_table(text, shown, known)


def profile_gaps(table: Table, profile: Profile) -> list[str]:
    """What ``table`` lacks for ``profile``: settings, or a rule (or a ``no_rules_for`` entry)
    for a property; empty when the profile has data for every row."""
    if profile.name not in table.profile_names():
        return [f"profile '{profile.name}' has no settings in the table's profiles section"]
    unlowered = table.profile(profile.name).no_rules_for
    properties = table.properties()
    gaps = [
        f"'{name}' in no_rules_for is not in the table"
        for name in unlowered
        if name not in properties
    ]
    for prop in properties:
        lowered = bool(table.rules_for(profile.name, prop))
        if lowered == (prop in unlowered):
            why = "has rules but is in no_rules_for" if lowered else "has no rule"
            gaps.append(f"'{prop}' {why} in profile '{profile.name}'")
    return gaps


def merge_tables(base: Table, extra: Table) -> Table:
    """``base`` with ``extra`` applied: rules override per (property, profile), or are added."""
    overridden: dict[str, set[str]] = {}
    for rule in extra.rules:
        overridden.setdefault(rule.property_name, set()).update(rule.profiles)
    kept = (_without(rule, overridden.get(rule.property_name, set())) for rule in base.rules)
    rules = (*(rule for rule in kept if rule is not None), *extra.rules)
    extra_names = {profile.name for profile in extra.profiles}
    profiles = (*(p for p in base.profiles if p.name not in extra_names), *extra.profiles)
    return Table(tuple(profiles), tuple(rules))


def _without(rule: Rule, profiles: set[str]) -> Rule | None:
    remaining = rule.profiles - profiles
    if not remaining:
        return None
    return rule if remaining == rule.profiles else replace(rule, profiles=remaining)


def load_table(maps: Iterable[str | os.PathLike[str]] = ()) -> Table:
    """The built-in table with each ``--map`` file merged in, in order."""
    table = builtin_table()
    for source in maps:
        path = source if isinstance(source, os.PathLike) else Path(source)
        table = merge_tables(table, load_extra_map(path, base=table))
    return table
