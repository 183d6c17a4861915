"""A DPC++ filter list carried through ``clang::annotate`` as one marked string argument.

``[[__sycl_detail__::add_ir_*({"a", "b"}, names..., values...)]]`` keeps only the named
properties. ``clang::annotate`` accepts constant expressions only, and a braced list is not one,
so ``cc`` rewrites the list into one string literal, ``FILTER_MARK`` before each name
(``"\\x1fa\\x1fb"``), before clang and libclang read the source. Whoever reads the attribute's
arguments back (libclang's records, the args structs clang writes) turns a leading string that
starts with the mark into the filter again.
"""

from __future__ import annotations

from collections.abc import Sequence

from propslower.diagnostics import Span
from propslower.properties.argument_kinds import Argument, BracedArgument, ValueArgument
from propslower.properties.values import StringValue

FILTER_MARK = "\x1f"
"""ASCII unit separator: written raw into the literal, before each name of the list."""


def filter_literal(bodies: Sequence[str]) -> str:
    """The C++ string literal standing for a filter list whose names are written ``bodies``
    (each a string literal's text between its quotes, escapes as written)."""
    return '"' + "".join(FILTER_MARK + body for body in bodies) + '"'


def filter_names(text: str) -> tuple[str, ...] | None:
    """The names a marked string stands for, or ``None`` when ``text`` is not one."""
    if not text.startswith(FILTER_MARK):
        return None
    return tuple(text[1:].split(FILTER_MARK))


def filter_argument(text: str, span: Span) -> BracedArgument | None:
    """The braced filter list a marked string stands for, or ``None`` when it is not one."""
    names = filter_names(text)
    if names is None:
        return None
    items = tuple(ValueArgument(StringValue(name, span), None, span) for name in names)
    return BracedArgument(items, span)


def with_filter(arguments: Sequence[Argument]) -> list[Argument]:
    """``arguments`` with a leading marked string turned back into the braced filter list."""
    first = arguments[0] if arguments else None
    if not isinstance(first, ValueArgument) or not isinstance(first.value, StringValue):
        return list(arguments)
    braced = filter_argument(first.value.text, first.span)
    return list(arguments) if braced is None else [braced, *arguments[1:]]
