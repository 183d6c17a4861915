"""The C++ scalar types a property value can have (spir64 / LP64 sizes)."""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from dataclasses import dataclass


class TypeClass(enum.Enum):
    """What family a scalar type belongs to."""

    BOOL = "bool"
    CHAR = "char"
    INTEGER = "integer"
    FLOATING = "floating"
    STRING_POINTER = "string pointer"
    OTHER_POINTER = "pointer"
    VOID = "void"


@dataclass(frozen=True)
class CType:
    """A scalar C++ type: its spelling, family, width in bits and signedness."""

    spelling: str
    type_class: TypeClass
    bits: int = 0
    signed: bool = True

    @staticmethod
    def named(spelling: str) -> CType:
        return _TYPES[spelling]


_TYPES: dict[str, CType] = {
    t.spelling: t
    for t in (
        CType("bool", TypeClass.BOOL, 1, False),
        CType("char", TypeClass.CHAR, 8, True),
        CType("signed char", TypeClass.CHAR, 8, True),
        CType("unsigned char", TypeClass.CHAR, 8, False),
        CType("char8_t", TypeClass.CHAR, 8, False),
        CType("char16_t", TypeClass.CHAR, 16, False),
        CType("char32_t", TypeClass.CHAR, 32, False),
        CType("wchar_t", TypeClass.CHAR, 32, True),
        CType("short", TypeClass.INTEGER, 16, True),
        CType("unsigned short", TypeClass.INTEGER, 16, False),
        CType("int", TypeClass.INTEGER, 32, True),
        CType("unsigned int", TypeClass.INTEGER, 32, False),
        CType("long", TypeClass.INTEGER, 64, True),
        CType("unsigned long", TypeClass.INTEGER, 64, False),
        CType("long long", TypeClass.INTEGER, 64, True),
        CType("unsigned long long", TypeClass.INTEGER, 64, False),
        CType("float", TypeClass.FLOATING, 32),
        CType("double", TypeClass.FLOATING, 64),
        CType("long double", TypeClass.FLOATING, 64),
        CType("void", TypeClass.VOID),
    )
}

_LITERAL_RANKS = ("int", "long", "long long")


def integer_type_for_literal(
    value: int, *, unsigned: bool, rank: int, decimal: bool
) -> CType | None:
    """The type C++ gives an integer literal: the first of int, long, long long that holds it.

    Decimal literals without ``u`` stay signed; hexadecimal, octal and binary ones may become
    unsigned. ``rank`` is where the suffix starts the search (0 none, 1 ``l``, 2 ``ll``).
    """
    for name in _LITERAL_RANKS[rank:]:
        signed_type = _TYPES[name]
        unsigned_type = _TYPES[f"unsigned {name}"]
        if not unsigned and value < 2 ** (signed_type.bits - 1):
            return signed_type
        if (unsigned or not decimal) and value < 2**unsigned_type.bits:
            return unsigned_type
    return None


def wrap(value: int, ctype: CType) -> int:
    """``value`` converted to the integer or character type ``ctype`` (two's complement)."""
    if ctype.type_class is TypeClass.BOOL:
        return int(value != 0)
    modulus = 2**ctype.bits
    value %= modulus
    if ctype.signed and value >= modulus // 2:
        value -= modulus
    return value


_SIGNABLE = frozenset({"char", "short", "int", "long", "long long"})


@functools.lru_cache(maxsize=256)
def type_from_words(words: tuple[str, ...], pointers: int) -> CType | None:
    """The type a cast spells (``const unsigned long``, ``const char *``); None if invalid."""
    pointee = _scalar_from_words([w for w in words if w not in ("const", "volatile")])
    if pointee is None:
        return None
    spelled = " ".join(words)
    if pointers == 0:
        return pointee
    if pointers == 1 and pointee.type_class is TypeClass.CHAR:
        return CType(f"{spelled} *", TypeClass.STRING_POINTER, 64, False)
    return CType(f"{spelled} {'*' * pointers}", TypeClass.OTHER_POINTER, 64, False)


def _scalar_from_words(words: Sequence[str]) -> CType | None:
    unsigned, signed = "unsigned" in words, "signed" in words
    longs, shorts = words.count("long"), words.count("short")
    base = [w for w in words if w not in ("long", "short", "unsigned", "signed")]
    if (unsigned and signed) or len(base) > 1 or longs > 2 or shorts > 1 or (shorts and longs):
        return None
    name = base[0] if base else "int"
    if name == "int":
        core = "short" if shorts else ("long " * longs).strip() or "int"
    elif name == "double" and longs == 1 and not (unsigned or signed):
        core = "long double"
    elif longs or shorts:
        return None
    else:
        core = name
    if unsigned or signed:
        if core not in _SIGNABLE:
            return None
        core = f"unsigned {core}" if unsigned else ("signed char" if core == "char" else core)
    return _TYPES.get(core)
