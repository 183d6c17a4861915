"""One function body under seed 000's rules: the types it uses and the functions it calls.

A body uses a type when a potentially evaluated expression that is not discarded by
``if constexpr`` creates an object of it (variables, temporaries, ``new``, calls returning
it, lambdas' closures), casts to it (implicit casts included) or is a literal of it. Operands
of ``sizeof``, ``alignof``, ``noexcept`` and ``typeid``, ``static_assert``, type aliases
(``decltype``) and explicit template arguments are not evaluated; nested functions, classes
and lambda bodies belong to their own functions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from clang import cindex
from clang.cindex import CursorKind, TypeKind

from propslower.diagnostics import Span
from propslower.frontend.cindex import Cursor, file_name
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


def walk_body(function: Cursor) -> BodyFacts:
    """The uses and calls of ``function``'s definition (body and constructor initialisers)."""
    facts = BodyFacts()
    children = list(function.get_children())
    facts.annotations = [c for c in children if c.kind is CursorKind.ANNOTATE_ATTR]
    if function.kind is CursorKind.CONSTRUCTOR:
        own = function.semantic_parent.type
        for child in children:
            if child.kind.is_expression() and _is_record(child.type):
                facts.bases.append((own, child.type))
    stack = [c for c in reversed(children) if c.kind not in NOT_EVALUATED]
    while stack:
        node = stack.pop()
        stack.extend(reversed(list(_visit(node, facts))))
    return facts


def _visit(node: Cursor, facts: BodyFacts) -> Iterator[Cursor]:
    """Record what ``node`` itself does; yield the children that are evaluated here."""
    kind = node.kind
    if kind is CursorKind.VAR_DECL:
        facts.type_uses.append((node.type, node))
        name = node.location.offset
        yield from (c for c in node.get_children() if c.extent.start.offset >= name)
        return
    if kind is CursorKind.IF_STMT:
        yield from _live(node)
        return
    if kind is CursorKind.CALL_EXPR:
        _call(node, facts)
    if kind in CREATING and node.type.kind not in (TypeKind.VOID, TypeKind.INVALID):
        facts.type_uses.append((node.type, node))
    if kind is CursorKind.DECL_REF_EXPR:
        return  # its children are explicit template arguments
    for child in node.get_children():
        if child.kind in NOT_EVALUATED:
            continue
        if kind is CursorKind.LAMBDA_EXPR and child.kind is CursorKind.COMPOUND_STMT:
            continue  # the body is the closure's operator()
        yield child


def _call(node: Cursor, facts: BodyFacts) -> None:
    callee = node.referenced
    if callee is None or callee.kind not in CALLABLE:
        return
    facts.calls.append((callee, node))
    if callee.kind is CursorKind.CONSTRUCTOR and _is_record(node.type):
        owner = callee.semantic_parent.type
        if owner.get_canonical().spelling != node.type.get_canonical().spelling:
            facts.bases.append((node.type, owner))  # an inherited constructor


def _live(statement: Cursor) -> list[Cursor]:
    """The children of an ``if``, without the branch ``if constexpr`` discards."""
    children = list(statement.get_children())
    if len(children) < 2 or not _starts_with(statement, children[0], ("if", "constexpr")):
        return children
    if len(children) >= 4 or (len(children) == 3 and _else_between(children[1], children[2])):
        head, condition, branches = children[:-3], children[-3], children[-2:]
    else:
        head, condition, branches = children[:-2], children[-2], children[-1:]
    value = evaluate(condition).value
    if not isinstance(value, int):
        return children
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
