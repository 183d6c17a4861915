"""Find the functions marked as kernels or SYCL_EXTERNAL, keyed by USR."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from clang.cindex import CursorKind

from propslower.frontend.cindex import Cursor, file_name
from propslower.frontend.cursors import ChildLister, kind_ids

KERNEL = "kernel"
EXTERNAL = "sycl_external"

UNKNOWN_ATTRIBUTE_ROLES: dict[str, str] = {
    "sycl_kernel_entry_point": KERNEL,
    "sycl_external": EXTERNAL,
    "sycl_device": EXTERNAL,  # DPC++'s SYCL_EXTERNAL (the real headers' spelling)
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
_FUNCTIONS = kind_ids(FUNCTION_KINDS)
_UNEXPOSED_ATTR = CursorKind.UNEXPOSED_ATTR.value
_SCOPES = kind_ids(
    [
        CursorKind.TRANSLATION_UNIT,
        CursorKind.NAMESPACE,
        CursorKind.LINKAGE_SPEC,
        CursorKind.UNEXPOSED_DECL,  # extern "C" { ... } as libclang 18 shows it
        CursorKind.CLASS_DECL,
        CursorKind.STRUCT_DECL,
        CursorKind.UNION_DECL,
        CursorKind.CLASS_TEMPLATE,
        CursorKind.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION,
    ]
)
"""Declarations whose children can declare functions."""
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


def find_markers(tu: Any, children: ChildLister) -> Markers:
    """Kernel and SYCL_EXTERNAL markers of every function declared at namespace or class
    scope in ``tu`` (where the attributes can be: function bodies are not entered, which
    was most of a real-header translation unit's walk)."""
    functions: list[Cursor] = []
    markers = Markers()
    stack = [tu.cursor]
    while stack:  # the declaration scopes in preorder, as ``walk_preorder``
        node = stack.pop()
        kind = node._kind_id
        if kind in _FUNCTIONS:
            functions.append(node)
            if any(c._kind_id == _UNEXPOSED_ATTR for c in children(node)):
                for role in _token_roles(tu, node):
                    markers.add(role, node.get_usr())
        elif kind in _SCOPES:
            stack.extend(reversed(children(node)))
    found = _diagnostic_markers(tu.diagnostics)
    if not found:
        return markers
    located = [_location(f) for f in functions]
    order = sorted(range(len(functions)), key=located.__getitem__)  # stable, as sorted()
    functions = [functions[i] for i in order]
    keys = [located[i] for i in order]
    for role, location in found:
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
    """Roles of the known attributes written before the function's name."""
    name_offset = function.location.offset
    roles: set[str] = set()
    for token in tu.get_tokens(extent=function.extent):
        if token.location.offset >= name_offset:
            break
        role = KNOWN_ATTRIBUTE_ROLES.get(token.spelling)
        if role is not None:
            roles.add(role)
    return roles
