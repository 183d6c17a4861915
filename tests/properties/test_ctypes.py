import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.properties.ctypes import CType, TypeClass, type_from_words, wrap


@pytest.mark.parametrize(
    ("words", "pointers", "spelling"),
    [
        (["char"], 0, "char"),
        (["unsigned"], 0, "unsigned int"),
        (["unsigned", "long", "long"], 0, "unsigned long long"),
        (["long", "int"], 0, "long"),
        (["short"], 0, "short"),
        (["signed", "char"], 0, "signed char"),
        (["long", "double"], 0, "long double"),
        (["const", "char"], 1, "const char *"),
        (["bool"], 0, "bool"),
    ],
)
def test_type_words(words: list[str], pointers: int, spelling: str) -> None:
    ctype = type_from_words(tuple(words), pointers)
    assert ctype is not None
    assert ctype.spelling == spelling


@pytest.mark.parametrize(
    "words",
    [["signed", "unsigned"], ["long", "long", "long"], ["unsigned", "float"], ["short", "char"]],
)
def test_invalid_type_words(words: list[str]) -> None:
    assert type_from_words(tuple(words), 0) is None


def test_pointer_to_non_character_is_an_other_pointer() -> None:
    ctype = type_from_words(("int",), 1)
    assert ctype is not None
    assert ctype.type_class is TypeClass.OTHER_POINTER


@pytest.mark.parametrize(
    ("value", "spelling", "expected"),
    [
        (65, "char", 65),
        (255, "char", -1),
        (-1, "unsigned int", 4294967295),
        (70000, "short", 4464),
        (2, "bool", 1),
    ],
)
def test_wrap(value: int, spelling: str, expected: int) -> None:
    assert wrap(value, CType.named(spelling)) == expected


@given(st.integers(), st.sampled_from(["char", "unsigned char", "short", "unsigned int", "long"]))
def test_wrap_stays_in_range(value: int, spelling: str) -> None:
    ctype = CType.named(spelling)
    wrapped = wrap(value, ctype)
    low = -(2 ** (ctype.bits - 1)) if ctype.signed else 0
    assert low <= wrapped < low + 2**ctype.bits
    assert (wrapped - value) % 2**ctype.bits == 0
