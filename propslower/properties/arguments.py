"""The attribute parse tree evaluated into arguments (``argument_kinds.py``): typed constants,
names, packs, calls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Token, Tree

from propslower.diagnostics import Diagnostic, Diagnostics, Span
from propslower.properties.argument_kinds import (
    Argument,
    BracedArgument,
    CallArgument,
    InvalidArgument,
    NameArgument,
    PackArgument,
    ValueArgument,
)
from propslower.properties.ctypes import CType, TypeClass, type_from_words, wrap
from propslower.properties.literals import (
    LiteralError,
    decode_char,
    decode_floating,
    decode_integer,
    decode_string,
    decode_string_bytes,
)
from propslower.properties.locator import Locator, end_offset, offsets
from propslower.properties.values import (
    BoolValue,
    CharValue,
    EnumeratorValue,
    FloatingValue,
    IntegerValue,
    NullptrValue,
    PropertyValue,
    StringValue,
    string_text,
)

_INT = CType.named("int")
_DOUBLE = CType.named("double")


class ArgumentBuilder:
    """Evaluates parse-tree nodes into arguments, reporting bad literals and casts."""

    def __init__(self, locator: Locator, diagnostics: Diagnostics) -> None:
        self._locator = locator
        self._diagnostics = diagnostics
        self._ends: dict[int, int] = {}
        """End offsets of subtrees already measured, by identity (see ``end_offset``)."""

    def arguments(self, tree: Tree[Token] | None) -> tuple[Argument, ...]:
        if tree is None:
            return ()
        leaves = _LEAVES
        return tuple(
            [
                leaves[c.data](self, c) if c.data in leaves else self.argument(c)
                for c in tree.children
                if type(c) is Tree
            ]
        )

    def argument(self, tree: Tree[Token]) -> Argument:
        """Evaluate one argument tree; operands that are not literals or names go to ``_nested``."""
        leaves = _LEAVES
        kind = tree.data
        if kind in leaves:
            return leaves[kind](self, tree)
        operands, combine = _NODES[kind]
        values = [
            leaves[child.data](self, child) if child.data in leaves else self._nested(child)
            for child in operands(tree)
        ]
        return combine(self, tree, values)

    def _nested(self, tree: Tree[Token]) -> Argument:
        """Evaluate an argument tree children first, with a loop and a stack, not recursion.

        ``- - - ... 1`` and ``(int)(int)...1`` nest the tree as deep as they are long, and only
        brackets are bounded (``grammar.BRACKET_DEPTH``, 256): recursing would overflow.
        """
        leaves = _LEAVES
        pending: list[tuple[Tree[Token], int]] = [(tree, -1)]  # -1: operands not yet pushed
        done: list[Argument] = []
        while pending:
            node, count = pending.pop()
            kind = node.data
            if kind in leaves:
                done.append(leaves[kind](self, node))
                continue
            operands, combine = _NODES[kind]
            if count < 0:
                children = operands(node)
                pending.append((node, len(children)))
                pending.extend([(child, -1) for child in reversed(children)])
                continue
            values = done[len(done) - count :]
            del done[len(done) - count :]
            done.append(combine(self, node, values))
        (result,) = done
        return result

    def call(self, tree: Tree[Token]) -> CallArgument:
        result = self.argument(tree)
        assert isinstance(result, CallArgument)
        return result

    def _call(self, tree: Tree[Token], arguments: list[Argument]) -> Argument:
        name_tree, _open, _arguments, close = tree.children
        assert isinstance(name_tree, Tree) and isinstance(close, Token)
        # qualified_name holds tokens only, and a call ends at its ')'.
        names: list[Token] = name_tree.children  # type: ignore[assignment]
        start = names[0].start_pos or 0
        span = self._locator.span
        return CallArgument(
            tuple([name.value for name in names if name.type == "NAME"]),
            tuple(arguments),
            span(start, close.end_pos or 0),
            span(start, names[-1].end_pos or 0),
        )

    def _span(self, tree: Tree[Token]) -> Span:
        """The span of a rule, its end found through ``end_offset`` (linear in a long chain)."""
        return self._locator.span(_first_offset(tree), end_offset(tree, self._ends))

    def _leaf_span(self, tree: Tree[Token]) -> Span:
        """The span of a rule whose children are all tokens (literals)."""
        children: list[Token] = tree.children  # type: ignore[assignment]
        return self._locator.span(children[0].start_pos or 0, children[-1].end_pos or 0)

    def _error(self, message: str, span: Span) -> InvalidArgument:
        self._diagnostics.add(Diagnostic.error(message, span))
        return InvalidArgument(span)

    def _literal_error(self, error: LiteralError, token: Token) -> InvalidArgument:
        start = (token.start_pos or 0) + error.offset
        return self._error(str(error), self._locator.span(start, start + 1))

    def _strings(self, tree: Tree[Token]) -> Argument:
        tokens: list[Token] = tree.children  # type: ignore[assignment]
        try:
            if len(tokens) == 1:
                token = tokens[0]
                text = decode_string(token.value)
            else:  # concatenated: join the bytes, so a character split by escapes is whole
                parts: list[bytes] = []
                for token in tokens:
                    parts.append(decode_string_bytes(token.value))
                text = string_text(b"".join(parts))
        except LiteralError as error:
            return self._literal_error(error, token)
        span = self._leaf_span(tree)
        return ValueArgument(StringValue(text, span), None, span)

    def _integer(self, tree: Tree[Token]) -> Argument:
        token = _token(tree)
        try:
            literal = decode_integer(token.value)
        except LiteralError as error:
            return self._literal_error(error, token)
        span = self._leaf_span(tree)
        return ValueArgument(
            _integer_value(literal.value, literal.ctype, span), literal.ctype, span
        )

    def _floating(self, tree: Tree[Token]) -> Argument:
        token = _token(tree)
        try:
            literal = decode_floating(token.value)
        except LiteralError as error:
            return self._literal_error(error, token)
        span = self._leaf_span(tree)
        ctype = CType.named("float") if literal.single else _DOUBLE
        return ValueArgument(FloatingValue(literal.value, literal.single, span), ctype, span)

    def _character(self, tree: Tree[Token]) -> Argument:
        token = _token(tree)
        try:
            literal = decode_char(token.value)
        except LiteralError as error:
            return self._literal_error(error, token)
        span = self._leaf_span(tree)
        return ValueArgument(CharValue(literal.value, span), literal.ctype, span)

    def _bool(self, tree: Tree[Token], *, value: bool) -> Argument:
        span = self._leaf_span(tree)
        return ValueArgument(BoolValue(value, span), CType.named("bool"), span)

    def _nullptr(self, tree: Tree[Token]) -> Argument:
        span = self._leaf_span(tree)
        return ValueArgument(NullptrValue(span), None, span)

    def _name(self, tree: Tree[Token]) -> Argument:
        name_tree = tree.children[0]
        assert isinstance(name_tree, Tree)
        return NameArgument("::".join(qualified_name(name_tree)), self._span(tree))

    def _pack(self, tree: Tree[Token]) -> Argument:
        return PackArgument(self._locator.text_of(tree), self._span(tree))

    def _braced(self, tree: Tree[Token], items: list[Argument]) -> Argument:
        return BracedArgument(tuple(items), self._span(tree))

    def _negate(self, tree: Tree[Token], operands: list[Argument]) -> Argument:
        (operand,) = operands
        span = self._span(tree)
        if not isinstance(operand, ValueArgument):
            return (
                operand
                if isinstance(operand, InvalidArgument)
                else self._unsupported(operand, span)
            )
        value = operand.value
        if isinstance(value, FloatingValue):
            return ValueArgument(
                FloatingValue(-value.value, value.single, span), operand.ctype, span
            )
        number = _numeric(value)
        if number is None or operand.ctype is None:
            return self._error("invalid argument type to unary '-'", span)
        ctype = _promoted(operand.ctype)
        return ValueArgument(_integer_value(wrap(-number, ctype), ctype, span), ctype, span)

    def _plus(self, _tree: Tree[Token], operands: list[Argument]) -> Argument:
        (operand,) = operands
        if not isinstance(operand, ValueArgument) or operand.ctype is None:
            return operand
        number = _numeric(operand.value)
        if number is None or isinstance(operand.value, FloatingValue):
            return operand
        ctype = _promoted(operand.ctype)
        return ValueArgument(_integer_value(number, ctype, operand.span), ctype, operand.span)

    def _unsupported(self, operand: Argument, span: Span) -> Argument:
        if isinstance(operand, NameArgument):
            return self._error(
                f"cannot apply '-' to '{operand.name}' here; use the C++ front-end (propslower cc)",
                span,
            )
        return self._error("invalid operand to unary '-'", span)

    def _cast(self, tree: Tree[Token], operands: list[Argument]) -> Argument:
        (operand,) = operands
        type_tree = tree.children[1]
        assert isinstance(type_tree, Tree)
        # cast_type: type_word+ STAR*, each type_word a tree of one keyword token.
        parts = type_tree.children
        words = tuple([part.children[0].value for part in parts if type(part) is Tree])  # type: ignore[union-attr]
        span = self._span(tree)
        ctype = type_from_words(words, len(parts) - len(words))
        if ctype is None:
            return self._error(f"'{self._locator.text_of(type_tree)}' is not a valid type", span)
        return self.convert(operand, ctype, span)

    def _parenthesized(self, tree: Tree[Token], operands: list[Argument]) -> Argument:
        """``(x)`` is ``x``; ``(Name)operand`` is a functional-style enum cast."""
        if len(operands) == 1:
            return operands[0]
        inner, operand = operands
        span = self._span(tree)
        if not isinstance(inner, NameArgument):
            return self._error("expected a type name inside the cast parentheses", inner.span)
        number = _numeric(operand.value) if isinstance(operand, ValueArgument) else None
        if number is None:
            return self._error(f"cannot convert this operand to '{inner.name}'", span)
        value = EnumeratorValue(f"{inner.name}({number})", number, span)
        return ValueArgument(value, _INT, span)

    def convert(self, operand: Argument, ctype: CType, span: Span) -> Argument:
        """``(ctype)operand`` with C++'s conversion rules for the scalar types."""
        if isinstance(operand, NameArgument):
            return NameArgument(operand.name, span, ctype)
        if not isinstance(operand, ValueArgument):
            return operand if isinstance(operand, InvalidArgument) else self._bad_cast(ctype, span)
        converted = _CONVERSIONS[ctype.type_class](operand.value, ctype, span)
        if converted is None:
            return self._bad_cast(ctype, span)
        return ValueArgument(converted, ctype, span)

    def _bad_cast(self, ctype: CType, span: Span) -> InvalidArgument:
        return self._error(f"cannot convert this value to '{ctype.spelling}'", span)


_LEAVES: dict[str, Callable[[ArgumentBuilder, Tree[Token]], Argument]] = {
    "strings": ArgumentBuilder._strings,
    "integer": ArgumentBuilder._integer,
    "floating": ArgumentBuilder._floating,
    "character": ArgumentBuilder._character,
    "true": lambda builder, tree: builder._bool(tree, value=True),
    "false": lambda builder, tree: builder._bool(tree, value=False),
    "nullptr": ArgumentBuilder._nullptr,
    "name_reference": ArgumentBuilder._name,
    "pack_expansion": ArgumentBuilder._pack,
}
"""Parse-tree rules without argument operands → how the builder evaluates them."""


def _trees(children: list[Any]) -> list[Tree[Token]]:
    return [child for child in children if type(child) is Tree]


def _listed(index: int) -> Callable[[Tree[Token]], list[Tree[Token]]]:
    """The operands of a rule whose child ``index`` is an optional ``arguments`` list."""

    def operands(tree: Tree[Token]) -> list[Tree[Token]]:
        inner = tree.children[index]
        return _trees(inner.children) if isinstance(inner, Tree) else []

    return operands


def _at(*indexes: int) -> Callable[[Tree[Token]], list[Tree[Token]]]:
    """The operands of a rule at fixed child positions (a missing optional one is skipped)."""
    return lambda tree: _trees([tree.children[index] for index in indexes])


_NODES: dict[
    str,
    tuple[
        Callable[[Tree[Token]], list[Tree[Token]]],
        Callable[[ArgumentBuilder, Tree[Token], list[Argument]], Argument],
    ],
] = {
    "call": (_listed(2), ArgumentBuilder._call),
    "braced_list": (_listed(1), ArgumentBuilder._braced),
    "negate": (_at(1), ArgumentBuilder._negate),
    "plus": (_at(1), ArgumentBuilder._plus),
    "cast": (_at(3), ArgumentBuilder._cast),
    "parenthesized": (_at(1, 3), ArgumentBuilder._parenthesized),
}
"""Parse-tree rules with argument operands → where the operands are, and how the builder
combines them once they are evaluated."""


def _first_offset(tree: Tree[Token]) -> int:
    """Where a rule starts: most begin with a token (``-``, ``(``, ``{``), a call or a name
    with a name's tree, a pack with its operand."""
    first = tree.children[0]
    if type(first) is Token:
        return first.start_pos or 0
    assert isinstance(first, Tree)
    return offsets(first)[0]


def qualified_name(tree: Tree[Token]) -> tuple[str, ...]:
    return tuple(
        str(token) for token in tree.children if isinstance(token, Token) and token.type == "NAME"
    )


def _token(tree: Tree[Token]) -> Token:
    token = tree.children[0]
    assert isinstance(token, Token)
    return token


def _numeric(value: PropertyValue) -> int | None:
    if isinstance(value, IntegerValue | EnumeratorValue):
        return value.value
    if isinstance(value, CharValue):
        return value.code
    if isinstance(value, BoolValue):
        return int(value.value)
    if isinstance(value, FloatingValue):
        return int(value.value)
    return None


def _promoted(ctype: CType) -> CType:
    """Integral promotion: anything narrower than ``int`` becomes ``int``."""
    if ctype.type_class in (TypeClass.BOOL, TypeClass.CHAR) or ctype.bits < 32:
        return _INT
    return ctype


def _integer_value(value: int, ctype: CType, span: Span) -> IntegerValue:
    return IntegerValue(value, ctype.signed, span)


def _to_bool(value: PropertyValue, _ctype: CType, span: Span) -> PropertyValue | None:
    if isinstance(value, FloatingValue):
        return BoolValue(value.value != 0.0, span)
    number = _numeric(value)
    return None if number is None else BoolValue(number != 0, span)


def _to_char(value: PropertyValue, ctype: CType, span: Span) -> PropertyValue | None:
    number = _numeric(value)
    return None if number is None else CharValue(wrap(number, ctype), span)


def _to_integer(value: PropertyValue, ctype: CType, span: Span) -> PropertyValue | None:
    number = _numeric(value)
    return None if number is None else IntegerValue(wrap(number, ctype), ctype.signed, span)


def _to_floating(value: PropertyValue, ctype: CType, span: Span) -> PropertyValue | None:
    if isinstance(value, FloatingValue):
        return FloatingValue(value.value, ctype.bits == 32, span)
    number = _numeric(value)
    return None if number is None else FloatingValue(float(number), ctype.bits == 32, span)


def _to_string_pointer(value: PropertyValue, _ctype: CType, span: Span) -> PropertyValue | None:
    if isinstance(value, StringValue | NullptrValue):
        return value
    if isinstance(value, IntegerValue) and value.value == 0:
        return NullptrValue(span)
    return None


def _to_other_pointer(value: PropertyValue, _ctype: CType, span: Span) -> PropertyValue | None:
    return NullptrValue(span) if isinstance(value, NullptrValue | IntegerValue) else None


def _to_void(_value: PropertyValue, _ctype: CType, _span: Span) -> PropertyValue | None:
    return None


_CONVERSIONS: dict[TypeClass, Callable[[PropertyValue, CType, Span], PropertyValue | None]] = {
    TypeClass.BOOL: _to_bool,
    TypeClass.CHAR: _to_char,
    TypeClass.INTEGER: _to_integer,
    TypeClass.FLOATING: _to_floating,
    TypeClass.STRING_POINTER: _to_string_pointer,
    TypeClass.OTHER_POINTER: _to_other_pointer,
    TypeClass.VOID: _to_void,
}
