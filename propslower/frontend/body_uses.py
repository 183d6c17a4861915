"""One function body under the design's use rules: the types it uses and the functions it calls.

The rules are in docs/design/aspects.md, "Which uses count".

A body uses a type when a potentially evaluated expression that is not discarded by
``if constexpr`` creates an object of it (variables, temporaries, ``new``, calls returning
it, lambdas' closures), casts to it (implicit casts included) or is a literal of it. Operands
of ``sizeof``, ``alignof``, ``noexcept`` and ``typeid``, ``static_assert``, type aliases
(``decltype``) and explicit template arguments are not evaluated; nested functions, classes
and lambda bodies belong to their own functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clang import cindex
from clang.cindex import CursorKind, TypeKind

from propslower.diagnostics import Span
from propslower.frontend.cindex import Cursor, file_name
from propslower.frontend.cursors import EXPRESSIONS, ChildLister, kind_ids, referenced
from propslower.frontend.evaluate import evaluate
from propslower.frontend.markers import FUNCTION_KINDS

Type = Any
"""A ``clang.cindex.Type``."""

CREATING = frozenset(
    {
        CursorKind.UNEXPOSED_EXPR,
        CursorKind.CALL_EXPR,
        CursorKind.CXX_NEW_EXPR,
        CursorKind.CSTYLE_CAST_EXPR,
        CursorKind.CXX_FUNCTIONAL_CAST_EXPR,
        CursorKind.CXX_STATIC_CAST_EXPR,
        CursorKind.CXX_DYNAMIC_CAST_EXPR,
        CursorKind.CXX_REINTERPRET_CAST_EXPR,
        CursorKind.CXX_CONST_CAST_EXPR,
        CursorKind.INIT_LIST_EXPR,
        CursorKind.COMPOUND_LITERAL_EXPR,
        CursorKind.LAMBDA_EXPR,
        CursorKind.FLOATING_LITERAL,
    }
)
"""Expressions that create an object of their type, cast to it, or are a literal of it."""

NOT_EVALUATED = frozenset(
    {
        CursorKind.CXX_UNARY_EXPR,  # sizeof, alignof, noexcept
        CursorKind.CXX_TYPEID_EXPR,
        CursorKind.STATIC_ASSERT,
        CursorKind.TYPE_ALIAS_DECL,  # decltype(...) lives here
        CursorKind.TYPEDEF_DECL,
        CursorKind.TYPE_ALIAS_TEMPLATE_DECL,
        CursorKind.ANNOTATE_ATTR,
        CursorKind.PARM_DECL,
        CursorKind.CLASS_DECL,
        CursorKind.STRUCT_DECL,
        CursorKind.UNION_DECL,
        CursorKind.ENUM_DECL,
        CursorKind.CLASS_TEMPLATE,
        CursorKind.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION,
        CursorKind.USING_DECLARATION,
        CursorKind.USING_DIRECTIVE,
        CursorKind.NAMESPACE_ALIAS,
        *FUNCTION_KINDS,
    }
)
"""Subtrees that evaluate nothing in this function."""

CALLABLE = frozenset(FUNCTION_KINDS - {CursorKind.FUNCTION_TEMPLATE} | {CursorKind.DESTRUCTOR})

_CREATING = kind_ids(CREATING)
_NOT_EVALUATED = kind_ids(NOT_EVALUATED)
_CALLABLE = kind_ids(CALLABLE)
_VAR = CursorKind.VAR_DECL.value
_IF = CursorKind.IF_STMT.value
_CALL = CursorKind.CALL_EXPR.value
_DECL_REF = CursorKind.DECL_REF_EXPR.value
_LAMBDA = CursorKind.LAMBDA_EXPR.value
_COMPOUND = CursorKind.COMPOUND_STMT.value
_ANNOTATE = CursorKind.ANNOTATE_ATTR.value
_CONSTRUCTOR = CursorKind.CONSTRUCTOR.value
_NO_OBJECT = (TypeKind.VOID, TypeKind.INVALID)


@dataclass
class BodyFacts:
    """What one body does, before types become aspects (positions are converted on demand)."""

    type_uses: list[tuple[Type, Cursor]] = field(default_factory=list)
    """Each type used and the cursor using it (a variable: at its type; else its location)."""
    calls: list[tuple[Cursor, Cursor]] = field(default_factory=list)
    """Each callee and the call expression."""
    bases: list[tuple[Type, Type]] = field(default_factory=list)
    """(derived, base) pairs seen in constructors: base initialisers, inherited constructors."""
    annotations: list[Cursor] = field(default_factory=list)
    """The function's own ``ANNOTATE_ATTR`` children (its attributes, without a second look)."""


def walk_body(function: Cursor, children: ChildLister) -> BodyFacts:
    """The uses and calls of ``function``'s definition (body and constructor initialisers)."""
    facts = BodyFacts()
    below = children(function)
    facts.annotations = [c for c in below if c._kind_id == _ANNOTATE]
    if function._kind_id == _CONSTRUCTOR:
        own = function.semantic_parent.type
        for child in below:
            if child._kind_id in EXPRESSIONS and _is_record(child.type):
                facts.bases.append((own, child.type))
    stack = [c for c in reversed(below) if c._kind_id not in _NOT_EVALUATED]
    while stack:
        node = stack.pop()
        stack.extend(reversed(_visit(node, facts, children)))
    return facts


def _visit(node: Cursor, facts: BodyFacts, children: ChildLister) -> list[Cursor]:
    """Record what ``node`` itself does; the children that are evaluated here."""
    kind = node._kind_id
    if kind == _VAR:
        facts.type_uses.append((node.type, node))
        name = node.location.offset
        return [c for c in children(node) if c.extent.start.offset >= name]
    if kind == _IF:
        return _live(node, children)
    if kind == _CALL:
        _call(node, facts)
    if kind in _CREATING and node.type.kind not in _NO_OBJECT:
        facts.type_uses.append((node.type, node))
    if kind == _DECL_REF:
        return []  # its children are explicit template arguments
    if kind == _LAMBDA:  # the body is the closure's operator()
        return [
            c
            for c in children(node)
            if c._kind_id not in _NOT_EVALUATED and c._kind_id != _COMPOUND
        ]
    return [c for c in children(node) if c._kind_id not in _NOT_EVALUATED]


def _call(node: Cursor, facts: BodyFacts) -> None:
    callee = referenced(node)
    if callee is None or callee._kind_id not in _CALLABLE:
        return
    facts.calls.append((callee, node))
    if callee.kind is CursorKind.CONSTRUCTOR and _is_record(node.type):
        owner = callee.semantic_parent.type
        if owner.get_canonical().spelling != node.type.get_canonical().spelling:
            facts.bases.append((node.type, owner))  # an inherited constructor


def _live(statement: Cursor, children: ChildLister) -> list[Cursor]:
    """The children of an ``if``, without the branch ``if constexpr`` discards."""
    below = children(statement)
    if len(below) < 2 or not _starts_with(statement, below[0], ("if", "constexpr")):
        return below
    if len(below) >= 4 or (len(below) == 3 and _else_between(below[1], below[2])):
        head, condition, branches = below[:-3], below[-3], below[-2:]
    else:
        head, condition, branches = below[:-2], below[-2], below[-1:]
    value = evaluate(condition).value
    if not isinstance(value, int):
        return below
    live = branches[:1] if value else branches[1:]
    return [*head, condition, *live]


def _tokens(start: Any, end: Any, cursor: Cursor) -> list[str]:
    extent = cindex.SourceRange.from_locations(start, end)
    return [t.spelling for t in cursor.translation_unit.get_tokens(extent=extent)]


def _starts_with(statement: Cursor, first: Cursor, words: tuple[str, ...]) -> bool:
    tokens = _tokens(statement.extent.start, first.extent.start, statement)
    return tuple(tokens[: len(words)]) == words


def _else_between(then: Cursor, other: Cursor) -> bool:
    return "else" in _tokens(then.extent.end, other.extent.start, then)


def _is_record(type_: Type) -> bool:
    return bool(type_.get_canonical().kind is TypeKind.RECORD)


def span_of_use(node: Cursor) -> Span | None:
    """Where a use is: a variable at the start of its declaration, others at their location."""
    name = file_name(node)
    if name is None:
        return None
    location = node.extent.start if node.kind is CursorKind.VAR_DECL else node.location
    return Span(name, location.line, location.column)
