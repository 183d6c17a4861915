"""LLVM string escaping (``\\22``, ``\\5C``, ``\\XX``) and name quoting."""

from __future__ import annotations

import re

_PLAIN_NAME = re.compile(r"[-a-zA-Z$._][-a-zA-Z$._0-9]*|\d+")
_PRINTABLE = re.compile(r"[ !#-\[\]-~]*")
_PRINTABLE_BYTES = re.compile(rb"[ !#-\[\]-~]*")
"""Printable ASCII other than ``"`` and ``\\``: written as is."""
_ESCAPE = re.compile(rb"\\([0-9A-Fa-f]{2}|\\)")


def escape_bytes(data: bytes) -> str:
    """Body of an LLVM quoted string as LLVM 15+ prints it (``printEscapedString``): printable
    ASCII as is, a backslash as ``\\\\``, other bytes as ``\\XX``."""
    if _PRINTABLE_BYTES.fullmatch(data):
        return data.decode("ascii")
    out: list[str] = []
    for byte in data:
        if byte == 0x5C:
            out.append("\\\\")
        elif 0x20 <= byte < 0x7F and byte != 0x22:
            out.append(chr(byte))
        else:
            out.append(f"\\{byte:02X}")
    return "".join(out)


def escape(text: str) -> str:
    """Body of an LLVM quoted string holding ``text`` encoded as UTF-8.

    A lone surrogate U+DC80..U+DCFF stands for the byte 0x80..0xFF (Python's
    ``surrogateescape``), so text read by ``unescape`` is written back byte for byte.
    """
    if _PRINTABLE.fullmatch(text):
        return text
    return escape_bytes(text.encode("utf-8", errors="surrogateescape"))


def unescape_bytes(body: str) -> bytes:
    """The bytes an LLVM quoted-string body stands for (``\\XX`` and ``\\\\``)."""
    raw = body.encode("utf-8")
    if b"\\" not in raw:
        return raw
    if raw.endswith(b"\\00") and raw.count(b"\\") == 1:
        return raw[:-3] + b"\0"
    return _ESCAPE.sub(
        lambda m: b"\\" if m.group(1) == b"\\" else bytes([int(m.group(1), 16)]), raw
    )


def unescape(body: str) -> str:
    """The text an LLVM quoted-string body stands for; a byte that is not part of valid UTF-8
    becomes U+DC80 + byte (``surrogateescape``), which ``escape`` turns back into the byte."""
    return unescape_bytes(body).decode("utf-8", errors="surrogateescape")


def quote(text: str) -> str:
    """``text`` as an LLVM quoted string, quotes included."""
    return f'"{escape(text)}"'


def name_token(sigil: str, name: str) -> str:
    """A global/local/metadata name with its sigil, quoted when LLVM would quote it."""
    if _PLAIN_NAME.fullmatch(name):
        return f"{sigil}{name}"
    return f"{sigil}{quote(name)}"


def name_of(token: str) -> str:
    """The bare name of a ``@x`` / ``%"a b"`` token (sigil dropped, quotes resolved)."""
    body = token[1:]
    if body.startswith('"'):
        return unescape(body[1:-1])
    return body
