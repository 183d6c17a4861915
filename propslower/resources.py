"""Where propslower's files are: grammars (in the wheel or the source tree) and the user cache."""

from __future__ import annotations

import os
import tempfile
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


def cache_dir() -> Path:
    """``$PROPSLOWER_CACHE_DIR``, else ``${XDG_CACHE_HOME:-~/.cache}/propslower``."""
    explicit = os.environ.get("PROPSLOWER_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "propslower"


def write_cache_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (its directory made if missing) through a temporary file
    renamed into place, so no reader ever sees part of it; raises ``OSError``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        Path(temporary).replace(path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
