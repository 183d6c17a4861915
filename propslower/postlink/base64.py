"""The production's own Base64 variant: standard alphabet, bits packed LSB-first, no padding."""

from __future__ import annotations

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_INDEX = {char: index for index, char in enumerate(ALPHABET)}


class Base64Error(ValueError):
    """Undecodable text; ``offset`` is the index of the offending character."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


def encode(data: bytes) -> str:
    """Encode ``data``: ⌈8n/6⌉ characters, three bytes to four characters, LSB first."""
    out: list[str] = []
    for start in range(0, len(data), 3):
        chunk = data[start : start + 3]
        b0 = chunk[0]
        b1 = chunk[1] if len(chunk) > 1 else 0
        b2 = chunk[2] if len(chunk) > 2 else 0
        indices = (
            b0 & 0x3F,
            ((b0 >> 6) | (b1 << 2)) & 0x3F,
            ((b1 >> 4) | (b2 << 4)) & 0x3F,
            (b2 >> 2) & 0x3F,
        )
        out.extend(ALPHABET[i] for i in indices[: len(chunk) + 1])
    return "".join(out)


def decode(text: str) -> bytes:
    """Decode ``text``; raise ``Base64Error`` on a foreign character or an impossible length."""
    for offset, char in enumerate(text):
        if char not in _INDEX:
            raise Base64Error(f"invalid Base64 character {char!r}", offset)
    if len(text) % 4 == 1:
        raise Base64Error("truncated Base64 text (length leaves one character)", len(text) - 1)
    out = bytearray()
    for start in range(0, len(text), 4):
        group = [_INDEX[char] for char in text[start : start + 4]]
        c0, c1, c2, c3 = (*group, 0, 0)[:4]
        decoded = (
            (c0 | (c1 << 6)) & 0xFF,
            ((c1 >> 2) | (c2 << 4)) & 0xFF,
            ((c2 >> 4) | (c3 << 2)) & 0xFF,
        )
        out.extend(decoded[: len(group) - 1])
    return bytes(out)
