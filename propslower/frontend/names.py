"""C++ names for messages and IR type names: qualified names of declarations."""

from __future__ import annotations

from clang.cindex import CursorKind

from propslower.frontend.cindex import Cursor

_RECORD_KINDS = frozenset(
    {
        CursorKind.CLASS_DECL,
        CursorKind.STRUCT_DECL,
        CursorKind.UNION_DECL,
        CursorKind.CLASS_TEMPLATE,
        CursorKind.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION,
    }
)
_TAGS = {CursorKind.CLASS_DECL: "class", CursorKind.STRUCT_DECL: "struct"}
_ANONYMOUS_NAMESPACE = "(anonymous namespace)"


def scope_name(cursor: Cursor | None) -> str:
    """The qualified name of a scope (``ns::Class<int>``); empty for the translation unit."""
    if cursor is None or cursor.kind in (CursorKind.TRANSLATION_UNIT, CursorKind.LINKAGE_SPEC):
        return "" if cursor is None else scope_name(cursor.semantic_parent)
    if cursor.kind in _RECORD_KINDS:
        return str(cursor.type.get_canonical().spelling)
    outer = scope_name(cursor.semantic_parent)
    own = cursor.spelling or (_ANONYMOUS_NAMESPACE if cursor.kind is CursorKind.NAMESPACE else "")
    return f"{outer}::{own}" if outer else own


def qualified_name(cursor: Cursor) -> str:
    """``ns::Class::method`` for a function, ``ns::alias`` for a type alias."""
    outer = scope_name(cursor.semantic_parent)
    return f"{outer}::{cursor.spelling}" if outer else str(cursor.spelling)


def ir_struct_name(record: Cursor) -> str:
    """The name clang gives a non-template class in IR: ``class.ns::amx`` (no ``%``)."""
    tag = _TAGS.get(record.kind, "union")
    return f"{tag}.{qualified_name(record)}"
