"""The attribute grammar: found in the package or source tree, built once, errors as diagnostics."""

from __future__ import annotations

import functools
from typing import Any

import lark
from lark import Lark, Token, Tree

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.grammar_cache import cached_lark
from propslower.properties.fastparse import FastParser
from propslower.properties.locator import Locator

_TERMINAL_WORDS = {
    "RPAR": "')'",
    "LPAR": "'('",
    "_COMMA": "','",
    "RBRACE": "'}'",
    "LBRACE": "'{'",
    "RSQB": "']]'",
    "LSQB": "'[['",
    "SCOPE": "'::'",
    "PLUS": "'+'",
    "STAR": "'*'",
    "TRUE": "'true'",
    "FALSE": "'false'",
    "NULLPTR": "'nullptr'",
    "STRING": "a string literal",
    "INTEGER": "an integer",
    "FLOATING": "a floating literal",
    "CHARACTER": "a character literal",
    "NAME": "a name",
    "MINUS": "'-'",
    "ELLIPSIS": "'...'",
    "$END": "end of input",
}


_OPTIONS: dict[str, Any] = {"parser": "lalr", "strict": True, "maybe_placeholders": True}


@functools.cache
def attribute_parser() -> Lark:
    """The LALR parser for ``grammar/attribute.lark``, built once and cached on disk.

    Building takes about 0.3 s (lark checks every pair of terminals for collisions), so the
    built tables are kept on disk (``grammar_cache.py``).
    """
    return cached_lark("attribute", _OPTIONS)


@functools.cache
def fast_parser() -> FastParser:
    """The fast driver over :func:`attribute_parser`'s tables, built once per process."""
    return FastParser(attribute_parser())


BRACKET_DEPTH = 256
"""clang's default ``-fbracket-depth``: deeper nesting is an error, before any parsing."""
_OPENERS = frozenset({"LPAR", "LBRACE", "LSQB"})
_CLOSERS = frozenset({"RPAR", "RBRACE", "RSQB"})


def check_bracket_depth(locator: Locator) -> None:
    """Raise a diagnostic at the first bracket nested deeper than ``BRACKET_DEPTH``.

    Counted over the token stream with a loop (strings and comments hold no brackets), so
    nothing after this recurses deeper than the limit allows.
    """
    text = locator.text
    if text.count("(") + text.count("{") + text.count("[") <= BRACKET_DEPTH:
        return  # the common case: too few brackets to nest that deep
    depth = 0
    for token in fast_parser().tokens(text):
        kind = token.type
        if kind in _OPENERS:
            depth += 1
            if depth > BRACKET_DEPTH:
                span = locator.span(token.start_pos or 0, token.end_pos)
                raise DiagnosticError(
                    Diagnostic.error(
                        f"bracket nesting level exceeded maximum of {BRACKET_DEPTH}",
                        span,
                        Diagnostic.note(
                            "clang's default limit: its -fbracket-depth=N raises it for clang, "
                            "propslower's attribute parser keeps it",
                            span,
                        ),
                    )
                )
        elif kind in _CLOSERS:
            depth = max(depth - 1, 0)


def parse_tree(locator: Locator) -> Tree[Token]:
    """Parse ``locator.text``; a syntax error becomes a positioned diagnostic."""
    check_bracket_depth(locator)
    try:
        return fast_parser().parse(locator.text)
    except lark.UnexpectedCharacters as error:
        position = error.pos_in_stream or 0
        char = locator.text[position : position + 1]
        span = locator.span(position, position + 1)
        raise DiagnosticError(Diagnostic.error(f"unexpected character '{char}'", span)) from None
    except lark.UnexpectedToken as error:
        raise DiagnosticError(_unexpected_token(locator, error)) from None
    except lark.UnexpectedEOF as error:
        span = locator.span(len(locator.text))
        raise DiagnosticError(
            Diagnostic.error(
                f"unexpected end of input; expected {_expected(set(map(str, error.expected)))}",
                span,
            )
        ) from None


def _unexpected_token(locator: Locator, error: lark.UnexpectedToken) -> Diagnostic:
    token = error.token
    expected = _expected(error.expected)
    if token.type == "$END":
        return Diagnostic.error(
            f"unexpected end of input; expected {expected}", locator.span(len(locator.text))
        )
    start = token.start_pos or 0
    return Diagnostic.error(
        f"unexpected '{token}'; expected {expected}", locator.span(start, token.end_pos)
    )


def _expected(terminals: set[str]) -> str:
    words = sorted({_TERMINAL_WORDS.get(t) or _literal_word(t) for t in terminals})
    if len(words) > 6:
        words = [*words[:6], "..."]
    return " or ".join(words) if len(words) <= 2 else ", ".join(words)


def _literal_word(terminal: str) -> str:
    try:
        pattern = attribute_parser().get_terminal(terminal).pattern
    except KeyError:
        return terminal.lower()
    return f"'{pattern.value}'" if pattern.type == "str" else terminal.lower()
