"""Find the functions marked as kernels or SYCL_EXTERNAL, keyed by USR."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from clang.cindex import CursorKind

from propslower.frontend.cindex import Cursor, file_name

KERNEL = "kernel"
EXTERNAL = "sycl_external"

UNKNOWN_ATTRIBUTE_ROLES: dict[str, str] = {
    "sycl_kernel_entry_point": KERNEL,
    "sycl_external": EXTERNAL,
}
"""Attributes libclang 18 does not know: found through its "unknown attribute" warnings."""

KNOWN_ATTRIBUTE_ROLES: dict[str, str] = {"sycl_kernel": KERNEL}
"""Attributes libclang knows but exposes only as UNEXPOSED_ATTR: found through tokens."""

FUNCTION_KINDS = frozenset(
    {
        CursorKind.FUNCTION_DECL,
        CursorKind.CXX_METHOD,
        CursorKind.FUNCTION_TEMPLATE,
        CursorKind.CONSTRUCTOR,
        CursorKind.CONVERSION_FUNCTION,
    }
)
_UNKNOWN = re.compile(r"unknown attribute '(?:\w+::)?(\w+)' ignored")

Location = tuple[str, int, int]


@dataclass
class Markers:
    """USRs of functions (or function templates) by role."""

    roles: dict[str, set[str]] = field(default_factory=dict)

    def add(self, role: str, usr: str) -> None:
        self.roles.setdefault(role, set()).add(usr)

    def has(self, role: str, usr: str) -> bool:
        return usr in self.roles.get(role, set())


def find_markers(tu: Any) -> Markers:
    """Kernel and SYCL_EXTERNAL markers of every function declaration in ``tu``."""
    functions = sorted(
        (c for c in tu.cursor.walk_preorder() if c.kind in FUNCTION_KINDS),
        key=_location,
    )
    markers = Markers()
    for function in functions:
        for role in _token_roles(tu, function):
            markers.add(role, function.get_usr())
    keys = [_location(f) for f in functions]
    for role, location in _diagnostic_markers(tu.diagnostics):
        index = bisect.bisect_right(keys, location)
        if index < len(functions) and keys[index][0] == location[0]:
            markers.add(role, functions[index].get_usr())
    return markers


def _location(cursor: Cursor) -> Location:
    return (file_name(cursor) or "", cursor.location.line, cursor.location.column)


def _diagnostic_markers(diagnostics: Iterable[Any]) -> list[tuple[str, Location]]:
    found: list[tuple[str, Location]] = []
    for diagnostic in diagnostics:
        match = _UNKNOWN.fullmatch(diagnostic.spelling)
        role = UNKNOWN_ATTRIBUTE_ROLES.get(match.group(1)) if match else None
        location = diagnostic.location
        if role is None or location.file is None:
            continue
        found.append((role, (str(location.file.name), location.line, location.column)))
    return found


def _token_roles(tu: Any, function: Cursor) -> set[str]:
    if not any(c.kind is CursorKind.UNEXPOSED_ATTR for c in function.get_children()):
        return set()
    name_offset = function.location.offset
    roles: set[str] = set()
    for token in tu.get_tokens(extent=function.extent):
        if token.location.offset >= name_offset:
            break
        role = KNOWN_ATTRIBUTE_ROLES.get(token.spelling)
        if role is not None:
            roles.add(role)
    return roles
