"""C++ literal decoding: strings, characters, integers and floating literals."""

from __future__ import annotations

import fractions
import functools
import math
import re
from dataclasses import dataclass

from propslower.frozen import fast_init
from propslower.properties.ctypes import CType, integer_type_for_literal, wrap
from propslower.properties.values import string_bytes, string_text


class LiteralError(ValueError):
    """A malformed literal; ``offset`` is relative to the start of the literal text."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset


_SIMPLE_ESCAPES = {
    "n": 0x0A,
    "t": 0x09,
    "r": 0x0D,
    "a": 0x07,
    "b": 0x08,
    "f": 0x0C,
    "v": 0x0B,
    "\\": 0x5C,
    "'": 0x27,
    '"': 0x22,
    "?": 0x3F,
}

_CHAR_PREFIX_TYPES = {
    "": CType.named("char"),
    "u8": CType.named("char8_t"),
    "u": CType.named("char16_t"),
    "U": CType.named("char32_t"),
    "L": CType.named("wchar_t"),
}

_PREFIX = re.compile(r"(u8|u|U|L)?")
_MAX_CODE_POINT = 0x10FFFF
_SURROGATES = (0xD800, 0xDFFF)


def _split_prefix(text: str) -> tuple[str, str]:
    match = _PREFIX.match(text)
    prefix = match.group(0) if match else ""
    return prefix, text[len(prefix) :]


@fast_init
@dataclass(frozen=True)
class CodeUnit:
    """One decoded element of a literal body: a character, or a raw byte from ``\\x``/octal."""

    code: int
    raw: bool = False


def decode_escapes(body: str, base_offset: int = 0) -> list[CodeUnit]:
    """The elements of a literal body (between the quotes), escapes decoded."""
    units: list[CodeUnit] = []
    index = 0
    while index < len(body):
        if body[index] != "\\":
            units.append(CodeUnit(ord(body[index])))
            index += 1
            continue
        unit, index = _escape(body, index, base_offset)
        units.append(unit)
    return units


def _escape(body: str, index: int, base_offset: int) -> tuple[CodeUnit, int]:
    """Decode the escape starting at ``body[index]`` (a backslash); return it and the next index."""
    if index + 1 >= len(body):
        raise LiteralError("incomplete escape sequence", base_offset + index)
    kind = body[index + 1]
    if kind in _SIMPLE_ESCAPES:
        return CodeUnit(_SIMPLE_ESCAPES[kind]), index + 2
    if kind in "01234567":
        octal = re.match(r"[0-7]{1,3}", body[index + 1 :])
        assert octal is not None
        return CodeUnit(int(octal.group(0), 8), raw=True), index + 1 + len(octal.group(0))
    if kind == "x":
        hexadecimal = re.match(r"[0-9a-fA-F]+", body[index + 2 :])
        if hexadecimal is None:
            raise LiteralError("\\x used with no following hex digits", base_offset + index)
        end = index + 2 + len(hexadecimal.group(0))
        return CodeUnit(int(hexadecimal.group(0), 16), raw=True), end
    if kind in "uU":
        width = 4 if kind == "u" else 8
        digits = body[index + 2 : index + 2 + width]
        if len(digits) != width or not re.fullmatch(r"[0-9a-fA-F]+", digits):
            raise LiteralError(f"\\{kind} needs exactly {width} hex digits", base_offset + index)
        code = int(digits, 16)
        if code > _MAX_CODE_POINT or _SURROGATES[0] <= code <= _SURROGATES[1]:
            # clang: a universal character name must name a character, never a surrogate.
            raise LiteralError("invalid universal character", base_offset + index)
        return CodeUnit(code), index + 2 + width
    raise LiteralError(f"unknown escape sequence '\\{kind}'", base_offset + index)


def decode_string(token: str) -> str:
    """The value of one string literal token such as ``u8"a\\x41"``, as a string value's text.

    That text is the literal's bytes as ``values.string_text`` holds them: UTF-8 text as itself,
    a byte that is not part of valid UTF-8 (``"\\xff"``) as U+DC80 + byte.
    """
    if token[0] == '"' and "\\" not in token:
        body = token[1:-1]  # the common case: no prefix, no escapes
        return body if body.isascii() else string_text(string_bytes(body))
    return string_text(decode_string_bytes(token))


def decode_string_bytes(token: str) -> bytes:
    """The bytes one string literal token stands for in a narrow (``char``) string.

    A narrow or ``u8`` literal is its source text encoded as UTF-8, with ``\\x``/octal escapes
    as single bytes (``"\\xff"`` is the byte 0xFF), as clang encodes it. A wide literal
    (``u``/``U``/``L``) is lowered as the UTF-8 of its characters.
    """
    prefix, quoted = _split_prefix(token)
    body = quoted[1:-1]
    if "\\" not in body:
        return string_bytes(body)
    units = decode_escapes(body, len(prefix) + 1)
    if prefix in ("", "u8"):
        return _narrow(units)
    limit = 0xFFFF if prefix == "u" else _MAX_CODE_POINT
    for unit in units:
        if unit.code > limit:
            raise LiteralError(f"escape value {unit.code:#x} is out of range for this literal")
        if _SURROGATES[0] <= unit.code <= _SURROGATES[1]:
            raise LiteralError(
                f"code unit {unit.code:#x} is a lone surrogate, which has no UTF-8 form"
            )
    return "".join([chr(unit.code) for unit in units]).encode("utf-8")


def _narrow(units: list[CodeUnit]) -> bytes:
    """Narrow strings hold UTF-8 bytes: raw escapes are bytes, characters are encoded."""
    raw = bytearray()
    for unit in units:
        if not unit.raw:
            raw.extend(string_bytes(chr(unit.code)))
        elif unit.code > 0xFF:
            raise LiteralError(f"escape value {unit.code:#x} is out of range for a narrow string")
        else:
            raw.append(unit.code)
    return bytes(raw)


@fast_init
@dataclass(frozen=True)
class CharLiteral:
    """A decoded character literal: its value and the type its prefix gives it."""

    value: int
    ctype: CType


@functools.lru_cache(maxsize=1024)  # headers repeat the same literals
def decode_char(token: str) -> CharLiteral:
    """The value of a character literal such as ``'A'``, ``'\\n'`` or ``u'\\u00e9'``."""
    prefix, quoted = _split_prefix(token)
    units = decode_escapes(quoted[1:-1], len(prefix) + 1)
    if not units:
        raise LiteralError("empty character constant")
    ctype = _CHAR_PREFIX_TYPES[prefix]
    if len(units) > 1:
        raise LiteralError("multi-character character constant")
    if prefix in ("", "u8") and units[0].code > 0x7F and not units[0].raw:
        raise LiteralError("character too large for a narrow character literal")
    return CharLiteral(wrap(units[0].code, ctype), ctype)


@fast_init
@dataclass(frozen=True)
class IntegerLiteral:
    """A decoded integer literal: value and the C++ type the literal has."""

    value: int
    ctype: CType


_INTEGER = re.compile(
    r"(?P<body>0[xX][0-9a-fA-F']+|0[bB][01']+|0[0-7']*|[1-9][0-9']*)(?P<suffix>[uUlLzZ]*)"
)
_INT = CType.named("int")
_INT_MAX = 2 ** (_INT.bits - 1) - 1
_SUFFIXES = {
    "": (False, 0),
    "u": (True, 0),
    "l": (False, 1),
    "ul": (True, 1),
    "lu": (True, 1),
    "ll": (False, 2),
    "ull": (True, 2),
    "llu": (True, 2),
    "z": (False, 1),
    "uz": (True, 1),
    "zu": (True, 1),
}


@functools.lru_cache(maxsize=1024)  # headers repeat the same literals
def decode_integer(token: str) -> IntegerLiteral:
    """The value and type of an integer literal, with C++'s rules for which type it gets."""
    if token.isascii() and token.isdigit() and (token[0] != "0" or token == "0"):
        value = int(token)  # the common case: a plain decimal literal that fits an int
        if value <= _INT_MAX:
            return IntegerLiteral(value, _INT)
    match = _INTEGER.fullmatch(token)
    if match is None:
        raise LiteralError("malformed integer literal")
    body = match.group("body").replace("'", "")
    suffix = match.group("suffix")
    if "lL" in suffix or "Ll" in suffix:
        raise LiteralError(
            f"invalid suffix '{suffix}' on integer literal", len(match.group("body"))
        )
    normalised = suffix.lower()
    if normalised not in _SUFFIXES:
        raise LiteralError(
            f"invalid suffix '{suffix}' on integer literal", len(match.group("body"))
        )
    unsigned, rank = _SUFFIXES[normalised]
    value = _integer_value(body)
    decimal = not body.startswith("0") or body == "0"
    ctype = integer_type_for_literal(value, unsigned=unsigned, rank=rank, decimal=decimal)
    if ctype is None:
        raise LiteralError("integer literal is too large to be represented in any integer type")
    return IntegerLiteral(value, ctype)


def _integer_value(body: str) -> int:
    if body[:2] in ("0x", "0X"):
        return int(body[2:], 16)
    if body[:2] in ("0b", "0B"):
        return int(body[2:], 2)
    if body.startswith("0") and len(body) > 1:
        return int(body[1:], 8)
    return int(body)


@fast_init
@dataclass(frozen=True)
class FloatingLiteral:
    """A decoded floating literal; ``single`` for an ``f`` suffix."""

    value: float
    single: bool


@functools.lru_cache(maxsize=1024)  # headers repeat the same literals
def decode_floating(token: str) -> FloatingLiteral:
    """The value of a floating literal such as ``3.14``, ``1e-3f`` or ``0x1.8p3``."""
    text = token.replace("'", "")
    single = text[-1] in "fF"
    if text[-1] in "fFlL":
        text = text[:-1]
    try:
        value = float.fromhex(text) if text[:2] in ("0x", "0X") else float(text)
    except OverflowError:
        value = math.inf  # a hexadecimal literal beyond double's range
    except ValueError as error:
        raise LiteralError("malformed floating literal") from error
    if math.isinf(value) or (single and _overflows_float(value, text)):
        raise LiteralError(_TOO_LARGE[token[-1] if token[-1] in _TOO_LARGE else ""])
    if single and abs(value) >= _FLOAT_OVERFLOW:  # exactly below the limit: FLT_MAX
        value = math.copysign(_FLOAT_MAX, value)
    return FloatingLiteral(value, single)


_DOUBLE_MAX = "; maximum is 1.7976931348623157E+308"
_TOO_LARGE = {
    "": f"magnitude of floating-point constant too large for type 'double'{_DOUBLE_MAX}",
    "f": "magnitude of floating-point constant too large for type 'float'; "
    "maximum is 3.40282347E+38",
    "l": f"magnitude of floating-point constant too large for type 'double'{_DOUBLE_MAX} "
    "(propslower holds a long double value as a double)",
}
_TOO_LARGE["F"] = _TOO_LARGE["f"]
_TOO_LARGE["L"] = _TOO_LARGE["l"]
"""clang's error for a floating literal beyond its type's range, by the literal's suffix."""


_FLOAT_MAX = 2.0**128 - 2.0**104
_FLOAT_OVERFLOW = 2.0**128 - 2.0**103
"""Halfway between ``FLT_MAX`` and 2**128: from here on, rounding to ``float`` gives infinity."""


def _overflows_float(value: float, text: str) -> bool:
    """Whether the literal ``text`` (``value`` as a double) rounds to infinity as a ``float``.

    Near the limit a decimal literal is compared exactly: its double may have rounded up.
    """
    if abs(value) < _FLOAT_OVERFLOW:
        return False
    if text[:2] in ("0x", "0X") or abs(value) > _FLOAT_OVERFLOW:
        return True
    return fractions.Fraction(text) >= fractions.Fraction(_FLOAT_OVERFLOW)
