"""Constant expressions as trees: aggregates, scalars, strings, global refs, GEPs and casts."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from propslower.ir.lex import Chunk, LexError, chunks, split_commas, text_of, type_end
from propslower.ir.strings import name_of, unescape_bytes

_CASTS = frozenset(
    {
        "bitcast",
        "addrspacecast",
        "ptrtoint",
        "inttoptr",
        "trunc",
        "zext",
        "sext",
        "fptrunc",
        "fpext",
        "fptoui",
        "fptosi",
        "uitofp",
        "sitofp",
    }
)
_SPECIALS = frozenset({"null", "zeroinitializer", "undef", "poison", "none"})
_GEP_FLAGS = frozenset({"inbounds", "nuw", "nusw"})
_INTEGER = re.compile(r"-?\d+")
_FLOAT = re.compile(r"[-+]?\d+\.\d*(?:[eE][-+]?\d+)?|0x[0-9A-Fa-f]+")
_AGGREGATE_KINDS = {"[": "array", "{": "struct", "<": "vector"}
_PLAIN = re.compile(
    r"(ptr(?: addrspace\(\d+\))?|i\d+) (?:(@[-\w$.]+)|(-?\d+)|(null|zeroinitializer|undef|poison))",
    re.ASCII,
)
"""An element of the shape clang writes (``ptr addrspace(1) @.str``, ``i32 7``), read without
the general lexer (``@llvm.global.annotations`` entries are made of them); ASCII only, as
LLVM's unquoted names and numbers are: anything else goes to the general parser."""


class ConstantError(ValueError):
    """The text is not a constant this parser understands."""


@dataclass(frozen=True)
class Constant:
    """A typed constant; ``kind`` says which of the fields are meaningful.

    Kinds: ``int`` (``value``), ``float`` (``text``), ``special`` (``text``: null,
    zeroinitializer, undef, poison), ``string`` (``data``), ``global`` (``name``),
    ``array`` / ``struct`` / ``packed struct`` / ``vector`` (``elements``),
    ``gep`` (``source_type``, ``elements`` = base then indices), ``cast`` (``text`` = the
    opcode, ``elements`` = the operand, ``to_type``), ``opaque`` (``text``).
    """

    kind: str
    type_text: str
    text: str = ""
    value: int = 0
    data: bytes = b""
    name: str = ""
    """The bare global name for ``global`` constants (quotes resolved)."""
    elements: tuple[Constant, ...] = field(default=())
    source_type: str = ""
    to_type: str = ""
    inbounds: bool = False

    def strip_casts(self) -> Constant:
        """The constant under any casts and all-zero-index GEPs (``@.str`` behind a GEP)."""
        current = self
        while current.kind in ("cast", "gep"):
            if current.kind == "gep" and any(
                i.kind != "int" or i.value != 0 for i in current.elements[1:]
            ):
                return current
            current = current.elements[0]
        return current

    @property
    def global_name(self) -> str | None:
        """The bare name of the global this constant points at (through casts), or None."""
        base = self.strip_casts()
        return base.name if base.kind == "global" else None


def parse_constant(text: str) -> Constant:
    """Parse ``<type> <value>`` (``i32 5``, ``ptr @g``, ``[2 x i8] c"a\\00"``)."""
    plain = _PLAIN.fullmatch(text)
    if plain is None:
        return _parse_constant(text)
    type_text, global_token, integer, special = plain.groups()
    if global_token is not None:
        return Constant("global", type_text, global_token, name=global_token[1:])
    if integer is not None:
        return Constant("int", type_text, integer, value=int(integer))
    return Constant("special", type_text, special)


def _parse_constant(text: str) -> Constant:
    """``parse_constant`` by the general lexer."""
    try:
        items = chunks(text)
    except LexError as error:
        raise ConstantError(str(error)) from error
    stop = type_end(items, 0)
    if stop == 0 or stop >= len(items):
        raise ConstantError(f"expected '<type> <value>', got {text!r}")
    return _value(text, text_of(items, text, 0, stop), items[stop:])


@lru_cache(maxsize=256)
def parse_value(type_text: str, value_text: str) -> Constant:
    """Parse a value whose type is known (a global's initializer).

    Memoised: constants are immutable, and ``cc`` reads ``@llvm.global.annotations`` twice
    (function records retyped, then every record lowered).
    """
    try:
        items = chunks(value_text)
    except LexError as error:
        raise ConstantError(str(error)) from error
    if not items:
        raise ConstantError("expected a constant")
    return _value(value_text, type_text, items)


def _value(text: str, type_text: str, items: list[Chunk]) -> Constant:
    head = items[0].text
    if len(items) == 1:
        return _single(text, type_text, items[0])
    if head == "getelementptr":
        return _gep(text, type_text, items)
    if head in _CASTS and items[1].is_group:
        return _cast(text, type_text, head, items[1])
    return Constant("opaque", type_text, text_of(items, text, 0, len(items)))


def _single(text: str, type_text: str, item: Chunk) -> Constant:
    token = item.text
    if token.startswith('c"'):
        return Constant("string", type_text, token, data=unescape_bytes(token[2:-1]))
    if token.startswith("@"):
        return Constant("global", type_text, token, name=name_of(token))
    if token in _SPECIALS:
        return Constant("special", type_text, token)
    if token in ("true", "false"):
        return Constant("int", type_text, token, value=int(token == "true"))
    if _INTEGER.fullmatch(token):
        return Constant("int", type_text, token, value=int(token))
    if _FLOAT.fullmatch(token):
        return Constant("float", type_text, token)
    if item.is_group:
        kind = "packed struct" if token.startswith("<{") else _AGGREGATE_KINDS.get(token[0])
        if kind is None:
            raise ConstantError(f"not a constant: {token[:40]}")
        return _aggregate(text, type_text, item, kind)
    return Constant("opaque", type_text, token)


def _aggregate(text: str, type_text: str, group: Chunk, kind: str) -> Constant:
    inner_start = group.start + (2 if kind == "packed struct" else 1)
    inner_end = group.end - (2 if kind == "packed struct" else 1)
    elements = tuple(
        parse_constant(text[a:b]) for a, b in split_commas(text, inner_start, inner_end)
    )
    return Constant(kind, type_text, text[group.start : group.end], elements=elements)


def _gep(text: str, type_text: str, items: list[Chunk]) -> Constant:
    flags = {c.text for c in items[1:-1]}
    group = items[-1]
    if not group.text.startswith("("):
        raise ConstantError("expected '(' after getelementptr")
    pieces = split_commas(text, group.start + 1, group.end - 1)
    if len(pieces) < 2:
        raise ConstantError("getelementptr needs a type and a pointer")
    source = text[pieces[0][0] : pieces[0][1]]
    operands = tuple(parse_constant(text[a:b]) for a, b in pieces[1:])
    return Constant(
        "gep",
        type_text,
        text_of(items, text, 0, len(items)),
        elements=operands,
        source_type=source,
        inbounds="inbounds" in flags & _GEP_FLAGS,
    )


def _cast(text: str, type_text: str, opcode: str, group: Chunk) -> Constant:
    inner = chunks(text, group.start + 1, group.end - 1)
    to_index = next((i for i, c in enumerate(inner) if c.text == "to"), -1)
    if to_index < 0:
        raise ConstantError(f"expected 'to' in {opcode}")
    operand = parse_constant(text_of(inner, text, 0, to_index))
    to_type = text_of(inner, text, to_index + 1, len(inner))
    return Constant(
        "cast",
        type_text,
        opcode,
        elements=(operand,),
        to_type=to_type,
    )
