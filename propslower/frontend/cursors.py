"""Fast equivalents of ``Cursor.get_children``, ``.kind`` and ``.referenced`` for hot loops.

``children`` makes the same ``clang_visitChildren`` call as the bindings, with one callback
built once instead of a closure per call (and without the bindings' per-child null check,
which libclang never triggers). Kinds are compared as integer ids (``Cursor._kind_id``).
References have no children by definition (libclang's ``CursorVisitor::VisitChildren``), and
neither have literals, so ``children`` returns ``[]`` for them without asking. Keys mirror
``clang_equalCursors`` so per-declaration work can be memoised without a call into libclang.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterable
from typing import Any

from clang import cindex
from clang.cindex import CursorKind, TypeKind

from propslower.frontend.cindex import Cursor

CursorKey = tuple[int, int, int | None, int | None, int | None]
"""What ``clang_equalCursors`` compares (``data[1]`` dropped for declarations)."""


def kind_ids(kinds: Iterable[CursorKind]) -> frozenset[int]:
    """The integer ids of ``kinds`` (for ``cursor._kind_id in ...``)."""
    return frozenset(kind.value for kind in kinds)


EXPRESSIONS = kind_ids(k for k in CursorKind.get_all_kinds() if k.is_expression())
DECLARATIONS = kind_ids(k for k in CursorKind.get_all_kinds() if k.is_declaration())
LITERALS = kind_ids(
    [
        CursorKind.INTEGER_LITERAL,
        CursorKind.FLOATING_LITERAL,
        CursorKind.STRING_LITERAL,
        CursorKind.CHARACTER_LITERAL,
        CursorKind.CXX_BOOL_LITERAL_EXPR,
        CursorKind.CXX_NULL_PTR_LITERAL_EXPR,
    ]
)
"""Literals: no sub-expressions, and ``clang_getCursorReferenced`` finds no declaration."""
CHILDLESS = (kind_ids(k for k in CursorKind.get_all_kinds() if k.is_reference()) | LITERALS) - {
    CursorKind.CXX_BASE_SPECIFIER.value
}
"""References (a base specifier excepted: it shows its type) and literals: never a child."""


def _collect(child: Cursor, _parent: Cursor, found: list[Cursor]) -> int:
    found.append(child)
    return 1  # CXChildVisit_Continue


_VISITOR = cindex.callbacks["cursor_visit"](_collect)


def _raw(name: str, argtypes: list[Any], restype: Any) -> Any:
    """A private handle on a libclang function (the bindings' shared one keeps its errcheck)."""
    function = cindex.conf.lib[name]
    function.argtypes = argtypes
    function.restype = restype
    return function


_SHARED = DECLARATIONS | {CursorKind.TRANSLATION_UNIT.value}
_VISIT_ARGS = [cindex.Cursor, cindex.callbacks["cursor_visit"], ctypes.py_object]
_visit_children = _raw("clang_visitChildren", _VISIT_ARGS, ctypes.c_uint)
_get_referenced = _raw("clang_getCursorReferenced", [cindex.Cursor], cindex.Cursor)
_get_definition = _raw("clang_getCursorDefinition", [cindex.Cursor], cindex.Cursor)
_get_canonical = _raw("clang_getCanonicalCursor", [cindex.Cursor], cindex.Cursor)
_get_canonical_type = _raw("clang_getCanonicalType", [cindex.Type], cindex.Type)
_get_pointee = _raw("clang_getPointeeType", [cindex.Type], cindex.Type)
_get_template = _raw("clang_getSpecializedCursorTemplate", [cindex.Cursor], cindex.Cursor)
_NOT_ASKED = object()
_INVALID_FIRST = CursorKind.INVALID_FILE.value
_INVALID_LAST = CursorKind.INVALID_CODE.value
_ARRAY_KINDS = frozenset({TypeKind.CONSTANTARRAY, TypeKind.INCOMPLETEARRAY})


def children(cursor: Cursor) -> list[Cursor]:
    """``list(cursor.get_children())``: the same cursors, each holding its translation unit."""
    if cursor._kind_id in CHILDLESS:
        return []
    found: list[Cursor] = []
    _visit_children(cursor, _VISITOR, found)
    if found:
        tu = cursor._tu
        for child in found:
            child._tu = tu
    return found


def _related(result: Cursor, cursor: Cursor) -> Cursor | None:
    """The bindings' ``from_result``: ``None`` for the null cursor, else tied to the TU."""
    if _INVALID_FIRST <= result._kind_id <= _INVALID_LAST and result == _null():
        return None
    result._tu = cursor._tu
    return result


def referenced(cursor: Cursor) -> Cursor | None:
    """``cursor.referenced``: what an expression or reference names, ``None`` for nothing.

    Kept on the cursor object where the bindings' property keeps it.
    """
    found: Cursor | None = cursor.__dict__.get("_referenced", _NOT_ASKED)
    if found is _NOT_ASKED:
        found = cursor._referenced = _related(_get_referenced(cursor), cursor)
    return found


def definition(cursor: Cursor) -> Cursor | None:
    """``cursor.get_definition()``."""
    return _related(_get_definition(cursor), cursor)


def canonical(cursor: Cursor) -> Cursor | None:
    """``cursor.canonical``."""
    return _related(_get_canonical(cursor), cursor)


def canonical_type(type_: Any) -> Any:
    """``type_.get_canonical()``."""
    result = _get_canonical_type(type_)
    result._tu = type_._tu
    return result


def pointee(type_: Any) -> Any:
    """``type_.get_pointee()``."""
    result = _get_pointee(type_)
    result._tu = type_._tu
    return result


def specialized_template(cursor: Cursor) -> Cursor | None:
    """The template ``cursor`` was instantiated from, or ``None`` (an invalid cursor too)."""
    result = _get_template(cursor)
    if _INVALID_FIRST <= result._kind_id <= _INVALID_LAST:
        return None
    result._tu = cursor._tu
    return result


def record_declaration(type_: Any, *, strip_arrays: bool) -> Cursor | None:
    """The class declaration of ``type_`` (of its elements, with ``strip_arrays``), if any."""
    canonical = type_.get_canonical()
    while strip_arrays and canonical.kind in _ARRAY_KINDS:
        canonical = canonical.element_type.get_canonical()
    if canonical.kind is not TypeKind.RECORD:
        return None
    declaration = canonical.get_declaration()
    return None if declaration.kind.is_invalid() else declaration


def _null() -> Cursor:
    return cindex.conf.lib.clang_getNullCursor()


def cursor_key(cursor: Cursor) -> CursorKey:
    """Equal for exactly the cursors ``clang_equalCursors`` calls equal."""
    kind = cursor._kind_id
    data = cursor.data
    second = None if kind in DECLARATIONS else data[1]
    return (kind, cursor.xdata, data[0], second, data[2])


ChildLister = Callable[[Cursor], list[Cursor]]
"""``children`` or a memoised equivalent."""


class Lookups:
    """Per-declaration answers for one translation unit's reading, each computed once.

    ``children``: a list is kept on the cursor object it was asked for, and for declarations
    also under the declaration: libclang lists a declaration's (or the translation unit's)
    children from its ``Decl`` and translation unit alone (``data[0]``, ``data[2]``), so
    another cursor for it (a definition found through a reference) gets the same list. The
    lists are shared: callers never change them. ``mangled_name``: libclang mangles the
    ``Decl`` alone, and builds a name generator per call.
    """

    def __init__(self) -> None:
        self._declarations: dict[tuple[int, int | None, int | None], list[Cursor]] = {}
        self._names: dict[tuple[int, int | None, int | None], str] = {}

    def mangled_name(self, cursor: Cursor) -> str:
        """``cursor.mangled_name``."""
        data = cursor.data
        identity = (cursor._kind_id, data[0], data[2])
        found = self._names.get(identity)
        if found is None:
            found = self._names[identity] = cursor.mangled_name
        return found

    def children(self, cursor: Cursor) -> list[Cursor]:
        """``children(cursor)``."""
        kind = cursor._kind_id
        if kind in CHILDLESS:
            return []
        found: list[Cursor] | None = getattr(cursor, "_children", None)
        if found is not None:
            return found
        if kind in _SHARED:
            data = cursor.data
            identity = (kind, data[0], data[2])
            found = self._declarations.get(identity)
            if found is None:
                found = self._declarations[identity] = children(cursor)
        else:
            found = children(cursor)
        cursor._children = found
        return found
