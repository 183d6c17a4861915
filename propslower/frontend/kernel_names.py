"""The name clang 22 (and DPC++) gives the kernel of a ``sycl_kernel_entry_point`` function.

``[[clang::sycl_kernel_entry_point(KernelName)]]`` makes clang 22 generate an offload kernel
named ``_ZTS`` followed by the Itanium mangling of the ``KernelName`` type (the name of its
``typeinfo`` string): ``_ZTS11SizedKernel``, ``_ZTSN2ns3FooE``, ``_ZTSZ4mainE3Foo`` for a class
local to ``main``. ``type_mangling`` writes that mangling for the kernel names people write: a
class, struct or enum at namespace scope (inline and anonymous namespaces included), nested in
other classes, or local to a function. A name it cannot write (a template specialisation, a
lambda's closure type, a name under ``std``) gives ``None``, and the caller reports that the
kernel's properties cannot be placed instead of dropping them.
"""

from __future__ import annotations

import re
from typing import Any

from clang.cindex import CursorKind, TypeKind

from propslower.frontend.cindex import Cursor

_SCOPES = frozenset(
    {
        CursorKind.NAMESPACE,
        CursorKind.CLASS_DECL,
        CursorKind.STRUCT_DECL,
        CursorKind.UNION_DECL,
        CursorKind.ENUM_DECL,
    }
)
_FUNCTIONS = frozenset(
    {
        CursorKind.FUNCTION_DECL,
        CursorKind.CXX_METHOD,
        CursorKind.CONSTRUCTOR,
        CursorKind.DESTRUCTOR,
        CursorKind.CONVERSION_FUNCTION,
    }
)
_ANONYMOUS_NAMESPACE = "12_GLOBAL__N_1"


def kernel_name(entry_type: Any, mangled_name: Any = None) -> str | None:
    """``_ZTS<mangling>`` for the kernel-name type ``entry_type``, or ``None``."""
    mangled = type_mangling(entry_type, mangled_name)
    return None if mangled is None else f"_ZTS{mangled}"


def type_mangling(type_: Any, mangled_name: Any = None) -> str | None:
    """The Itanium mangling of a class or enum type (see the module docstring), or ``None``.

    ``mangled_name`` gives a function cursor's mangled name (``Lookups.mangled_name``)."""
    canonical = type_.get_canonical()
    if canonical.kind not in (TypeKind.RECORD, TypeKind.ENUM):
        return None
    declaration = canonical.get_declaration()
    parts: list[str] = []
    cursor: Cursor | None = declaration
    while cursor is not None and cursor.kind is not CursorKind.TRANSLATION_UNIT:
        if cursor.kind in _FUNCTIONS:
            encoding = (mangled_name or _mangled)(cursor)
            if not encoding.startswith("_Z"):
                return None
            return f"Z{encoding[2:]}E{_nested(parts)}" if parts else None
        if cursor.kind not in _SCOPES or _is_template(cursor):
            return None
        name = cursor.spelling
        if cursor.kind is CursorKind.NAMESPACE and not name:
            parts.insert(0, _ANONYMOUS_NAMESPACE)
        elif not name or " " in name or (name == "std" and cursor.kind is CursorKind.NAMESPACE):
            return None  # unnamed or a closure type, or std's abbreviations
        else:
            parts.insert(0, f"{len(name)}{name}")
        cursor = cursor.semantic_parent
    return _nested(parts) if parts else None


def _nested(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"N{''.join(parts)}E"


def _mangled(cursor: Cursor) -> str:
    return str(cursor.mangled_name or "")


def _is_template(cursor: Cursor) -> bool:
    """Whether a class is a template specialisation (its arguments are not mangled here)."""
    return cursor.kind is not CursorKind.NAMESPACE and cursor.get_num_template_arguments() > 0


_IDENTIFIER = re.compile(r"(\d+)")


def first_template_argument(mangled: str) -> str | None:
    """The mangling of a function template specialisation's first template argument, read
    from its mangled name, for a class at namespace scope (``11SizedKernel``, ``N2ns3FooE``);
    ``None`` for anything else. libclang 18 gives no template arguments for a member function
    (``clang_Cursor_getNumTemplateArguments`` answers -1), which the real headers' entry points
    are."""
    if not mangled.startswith("_Z"):
        return None
    at = 2
    nested = mangled.startswith("N", at)
    at += 1 if nested else 0
    while True:
        component = _identifier(mangled, at)
        if component is None:
            return None
        at += len(component)
        if mangled.startswith("I", at):
            break
        if not nested:
            return None
    at += 1
    if mangled.startswith("N", at):
        end = at + 1
        while (component := _identifier(mangled, end)) is not None:
            end += len(component)
        return mangled[at : end + 1] if mangled.startswith("E", end) and end > at + 1 else None
    component = _identifier(mangled, at)
    if component is None or mangled.startswith("I", at + len(component)):
        return None
    return component


def _identifier(text: str, at: int) -> str | None:
    """``<length><identifier>`` at ``at`` (``None`` when something else is there)."""
    match = _IDENTIFIER.match(text, at)
    if match is None:
        return None
    end = match.end() + int(match.group(1))
    return text[at:end] if end <= len(text) else None
