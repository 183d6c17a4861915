"""Locating files shipped with the package: grammars live in the wheel or in the source tree."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def grammar_dir() -> Path:
    """The directory holding the ``.lark`` files: wheel layout first, then the source tree."""
    for candidate in (_PACKAGE / "grammar", _PACKAGE.parent / "grammar"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"no grammar directory next to {_PACKAGE}")


def grammar_file(name: str) -> Path:
    """The path of grammar ``name`` (e.g. ``attribute.lark``)."""
    return grammar_dir() / name
