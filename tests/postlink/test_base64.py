from __future__ import annotations

import base64 as standard

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.postlink.base64 import ALPHABET, Base64Error, decode, encode


@pytest.mark.parametrize(
    ("data", "text"),
    [
        (b"", ""),
        (b"\x01", "BA"),
        (b"\xff", "/D"),
        (b"\x01\x02", "BIA"),
        (b"\xff\xff\xff", "////"),
        (b"\x20\x00\x00", "gAAA"),
        (b"\x00\x00\x06", "AAgB"),
        (bytes(8), "AAAAAAAAAAA"),
    ],
)
def test_hand_computed(data: bytes, text: str) -> None:
    assert encode(data) == text
    assert decode(text) == data


def test_differs_from_standard_base64() -> None:
    assert encode(b"\x01") != standard.b64encode(b"\x01").decode().rstrip("=")


@given(st.binary(max_size=200))
def test_round_trip(data: bytes) -> None:
    text = encode(data)
    assert len(text) == (8 * len(data) + 5) // 6
    assert set(text) <= set(ALPHABET)
    assert decode(text) == data


def test_bad_character_offset() -> None:
    with pytest.raises(Base64Error) as caught:
        decode("AB=A")
    assert caught.value.offset == 2


def test_impossible_length() -> None:
    with pytest.raises(Base64Error):
        decode("AAAAA")
