import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.properties.ctypes import integer_type_for_literal
from propslower.properties.literals import (
    IntegerLiteral,
    LiteralError,
    decode_char,
    decode_floating,
    decode_integer,
    decode_string,
)


@pytest.mark.parametrize(
    ("token", "value", "spelling"),
    [
        ("0", 0, "int"),
        ("42", 42, "int"),
        ("2147483647", 2147483647, "int"),
        ("2147483648", 2147483648, "long"),
        ("4294967295u", 4294967295, "unsigned int"),
        ("4294967296u", 4294967296, "unsigned long"),
        ("0xFFFFFFFF", 4294967295, "unsigned int"),
        ("0x7fffffff", 2147483647, "int"),
        ("017", 15, "int"),
        ("0b1011", 11, "int"),
        ("1'000'000", 1000000, "int"),
        ("10ull", 10, "unsigned long long"),
        ("10LLU", 10, "unsigned long long"),
        ("10uL", 10, "unsigned long"),
        ("10l", 10, "long"),
        ("18446744073709551615u", 18446744073709551615, "unsigned long"),
        ("0xFFFFFFFFFFFFFFFF", 18446744073709551615, "unsigned long"),
    ],
)
def test_integer_literals_get_their_cxx_type(token: str, value: int, spelling: str) -> None:
    literal = decode_integer(token)
    assert (literal.value, literal.ctype.spelling) == (value, spelling)


@pytest.mark.parametrize("token", ["18446744073709551616", "10lL", "10uu", "09"])
def test_bad_integer_literals(token: str) -> None:
    with pytest.raises(LiteralError):
        decode_integer(token)


@pytest.mark.parametrize(
    ("token", "value"),
    [
        ('"plain"', "plain"),
        ('"quote\\"d"', 'quote"d'),
        ('"tab\\tnew\\nline"', "tab\tnew\nline"),
        ('"\\x41\\102\\u00e9"', "AB\u00e9"),
        ('u8"\\xc3\\xa9"', "\u00e9"),
        ('L"wide"', "wide"),
        ('U"\\U0001F600"', "\U0001f600"),
        ('""', ""),
    ],
)
def test_string_literals(token: str, value: str) -> None:
    assert decode_string(token) == value


def test_unknown_escape_reports_its_offset() -> None:
    with pytest.raises(LiteralError) as error:
        decode_string('"ab\\q"')
    assert error.value.offset == 3


@pytest.mark.parametrize(
    ("token", "value", "spelling"),
    [
        ("'A'", 65, "char"),
        ("'\\n'", 10, "char"),
        ("'\\xff'", -1, "char"),
        ("'\\0'", 0, "char"),
        ("u8'a'", 97, "char8_t"),
        ("u'\\u00e9'", 233, "char16_t"),
        ("U'\\U0001F600'", 0x1F600, "char32_t"),
        ("L'x'", 120, "wchar_t"),
    ],
)
def test_character_literals(token: str, value: int, spelling: str) -> None:
    literal = decode_char(token)
    assert (literal.value, literal.ctype.spelling) == (value, spelling)


def test_multicharacter_literals_are_rejected() -> None:
    with pytest.raises(LiteralError, match="multi-character"):
        decode_char("'ab'")


@pytest.mark.parametrize(
    ("token", "value", "single"),
    [
        ("3.14", 3.14, False),
        ("3.5f", 3.5, True),
        (".5", 0.5, False),
        ("1.", 1.0, False),
        ("1e3", 1000.0, False),
        ("1.5e-3L", 0.0015, False),
        ("0x1.8p3", 12.0, False),
        ("1'000.5", 1000.5, False),
    ],
)
def test_floating_literals(token: str, value: float, single: bool) -> None:
    assert decode_floating(token) == type(decode_floating(token))(value, single)


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_every_representable_integer_decodes_in_every_base(value: int) -> None:
    for token in (str(value) + "ull", hex(value), oct(value).replace("0o", "0"), bin(value)):
        if token == "0":
            continue
        assert decode_integer(token).value == value


@given(st.integers(min_value=0, max_value=2**64))
def test_plain_decimal_literals_get_the_general_rule_s_type(value: int) -> None:
    expected = integer_type_for_literal(value, unsigned=False, rank=0, decimal=True)
    if expected is None:
        with pytest.raises(LiteralError):
            decode_integer(str(value))
        return
    assert decode_integer(str(value)) == IntegerLiteral(value, expected)
