"""Turn one attribute-argument cursor into a property value, keeping its C++ type."""

from __future__ import annotations

from typing import Any

from clang.cindex import CursorKind, TypeKind

from propslower.frontend.cindex import Cursor
from propslower.frontend.cursors import (
    EXPRESSIONS,
    canonical_type,
    children,
    kind_ids,
    pointee,
    referenced,
)
from propslower.frontend.evaluate import evaluate
from propslower.properties.values import (
    BoolValue,
    CharValue,
    EnumeratorValue,
    FloatingValue,
    IntegerValue,
    NullptrValue,
    PropertyValue,
    StringValue,
    UnresolvedValue,
)

SIGNED_INTEGERS = frozenset(
    {TypeKind.SHORT, TypeKind.INT, TypeKind.LONG, TypeKind.LONGLONG, TypeKind.INT128}
)
UNSIGNED_INTEGERS = frozenset(
    {TypeKind.USHORT, TypeKind.UINT, TypeKind.ULONG, TypeKind.ULONGLONG, TypeKind.UINT128}
)
CHARACTERS = frozenset(
    {
        TypeKind.CHAR_S,
        TypeKind.CHAR_U,
        TypeKind.SCHAR,
        TypeKind.UCHAR,
        TypeKind.WCHAR,
        TypeKind.CHAR16,
        TypeKind.CHAR32,
    }
)
SINGLE_FLOATS = frozenset({TypeKind.FLOAT, TypeKind.HALF})
DOUBLE_FLOATS = frozenset({TypeKind.DOUBLE, TypeKind.LONGDOUBLE})
_NULL_KINDS = kind_ids({CursorKind.CXX_NULL_PTR_LITERAL_EXPR, CursorKind.GNU_NULL_EXPR})
_INTEGER_LITERAL = CursorKind.INTEGER_LITERAL.value
_INIT_LIST = CursorKind.INIT_LIST_EXPR.value
_DECL_REF = CursorKind.DECL_REF_EXPR.value
_VAR = CursorKind.VAR_DECL.value
_STRING_DEPTH = 16
_ARRAYS = frozenset({TypeKind.CONSTANTARRAY, TypeKind.INCOMPLETEARRAY})
_WRAPPERS = frozenset(
    {CursorKind.UNEXPOSED_EXPR, CursorKind.PAREN_EXPR, CursorKind.CSTYLE_CAST_EXPR}
)


class NotAValueError(Exception):
    """The argument's type is not one a property value may have."""


def is_string_type(cursor: Cursor) -> bool:
    """Whether the argument is a ``const char *`` or a character array."""
    return _is_string(canonical_type(cursor.type))


def _is_string(canonical: Any) -> bool:
    """``is_string_type`` from the argument's canonical type."""
    if canonical.kind is TypeKind.POINTER:
        canonical = canonical_type(pointee(canonical))
        if canonical.kind in CHARACTERS:
            return True
    if canonical.kind in _ARRAYS:
        return bool(canonical.element_type.get_canonical().kind in CHARACTERS)
    return False


def string_of(cursor: Cursor, depth: int = 0) -> str | None:
    """The text of a string constant, following references; ``None`` for a null pointer.

    Raises ``LookupError`` when libclang cannot work out the text.
    """
    if depth > _STRING_DEPTH:
        raise LookupError("the constant refers to itself too deeply")
    kind = cursor._kind_id
    if kind in _NULL_KINDS:
        return None
    text = evaluate(cursor).value
    if isinstance(text, str):
        return text
    if kind == _INTEGER_LITERAL and evaluate(cursor).value == 0:
        return None
    target = referenced(cursor) if kind in EXPRESSIONS else None
    if target is not None and target != cursor and target._kind_id == _VAR:
        return string_of(target, depth + 1)
    if kind == _INIT_LIST:
        return _characters(cursor)
    return string_of(_string_operand(cursor), depth + 1)


def _characters(initializer: Cursor) -> str:
    """A character array's text from its braced initializer (``{C..., '\\0'}`` built by a
    template at compile time, as the SYCL headers' ``CharsToStr`` does), up to its NUL."""
    codes: list[int] = []
    for element in children(initializer):
        if element._kind_id not in EXPRESSIONS:
            continue
        code = evaluate(element).value
        if not isinstance(code, int):
            raise LookupError("libclang cannot evaluate this character array")
        if code == 0:
            break
        codes.append(code & 0xFF)
    return bytes(codes).decode("utf-8", errors="replace")


def _string_operand(cursor: Cursor) -> Cursor:
    """The one sub-expression a string constant's value comes from."""
    expressions = [c for c in children(cursor) if c._kind_id in EXPRESSIONS]
    if cursor.kind is CursorKind.CONDITIONAL_OPERATOR and len(expressions) == 3:
        condition = evaluate(expressions[0]).value
        if isinstance(condition, int):
            return expressions[1] if condition else expressions[2]
    elif cursor.kind is CursorKind.VAR_DECL and expressions:
        return expressions[-1]
    elif len(expressions) == 1 and (
        cursor.kind in _WRAPPERS or (cursor._kind_id == _DECL_REF and referenced(cursor) is None)
    ):
        return expressions[0]  # (a reference to nothing: a substituted template argument)
    raise LookupError("libclang cannot evaluate this string constant")


def value_of(cursor: Cursor) -> PropertyValue:
    """The property value an argument denotes; raises ``NotAValueError`` for other types."""
    canonical = canonical_type(cursor.type)
    kind = canonical.kind
    if kind is TypeKind.NULLPTR:
        return NullptrValue()
    if _is_string(canonical):
        return _string_value(cursor)
    if kind is TypeKind.ENUM:
        return _enumerator(cursor)
    if kind in SINGLE_FLOATS or kind in DOUBLE_FLOATS:
        number = evaluate(cursor).value
        if not isinstance(number, float):
            return _unresolved(cursor)
        return FloatingValue(number, single=kind in SINGLE_FLOATS)
    if kind in _INTEGRAL_KINDS:
        return _integral(cursor, kind)
    raise NotAValueError(canonical.spelling)


def _string_value(cursor: Cursor) -> PropertyValue:
    try:
        text = string_of(cursor)
    except LookupError as error:
        return UnresolvedValue(_text(cursor), str(error))
    return NullptrValue() if text is None else StringValue(text)


def _integral(cursor: Cursor, kind: TypeKind) -> PropertyValue:
    number = evaluate(cursor).value
    if not isinstance(number, int):
        return _unresolved(cursor)
    if kind is TypeKind.BOOL:
        return BoolValue(bool(number))
    if kind in CHARACTERS:
        return CharValue(number)
    return IntegerValue(number, signed=kind in SIGNED_INTEGERS)


def _enumerator(cursor: Cursor) -> PropertyValue:
    number = evaluate(cursor).value
    if not isinstance(number, int):
        return _unresolved(cursor)
    canonical = cursor.type.get_canonical()
    type_name = canonical.spelling.removeprefix("const ").removeprefix("enum ")
    declaration = canonical.get_declaration()
    for constant in children(declaration):
        if constant.kind is CursorKind.ENUM_CONSTANT_DECL and constant.enum_value == number:
            return EnumeratorValue(f"{type_name}::{constant.spelling}", number)
    return EnumeratorValue(f"{type_name}({number})", number)


def _unresolved(cursor: Cursor) -> UnresolvedValue:
    return UnresolvedValue(_text(cursor), "libclang cannot evaluate this constant")


def _text(cursor: Cursor) -> str:
    return str(cursor.spelling or cursor.type.spelling)


_INTEGRAL_KINDS = SIGNED_INTEGERS | UNSIGNED_INTEGERS | CHARACTERS | {TypeKind.BOOL}
