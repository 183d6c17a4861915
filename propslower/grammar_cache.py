"""Built lark parsers kept on disk, so that no command pays for building a grammar twice.

Building an LALR parser takes lark about 0.3 s per grammar (it checks every pair of terminals
for collisions); the built tables are saved (``Lark.save``) under :func:`cache_dir`, keyed by
the grammar, the options and lark's and Python's versions. A cache that is missing, stale,
corrupt or unwritable is rebuilt, never fatal.
"""

from __future__ import annotations

import hashlib
import io
import sys
from pathlib import Path
from typing import Any

import lark
from lark import Lark

from propslower.resources import cache_dir, grammar_file, write_cache_file

_MAGIC = b"propslower-grammar-cache 1\n"


def _cache_key(grammar: str, options: dict[str, Any]) -> str:
    """What a cached parser was built from: grammar, options, lark's and Python's versions."""
    source = "\0".join(
        (grammar, repr(sorted(options.items())), lark.__version__, repr(sys.version_info[:2]))
    )
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


def _load_cached(path: Path, key: str) -> Lark | None:
    """The parser saved at ``path`` for ``key``; ``None`` when missing, stale or unreadable."""
    try:
        data = path.read_bytes()
        header = _MAGIC + key.encode("ascii") + b"\n"
        if not data.startswith(header):
            return None
        return Lark.load(io.BytesIO(data[len(header) :]))
    except Exception:  # any broken cache is rebuilt, never fatal
        return None


def _save_cached(path: Path, key: str, parser: Lark) -> None:
    """Write ``parser`` to ``path`` atomically; a cache that cannot be written is skipped."""
    try:
        buffer = io.BytesIO()
        parser.save(buffer)
        write_cache_file(path, _MAGIC + key.encode("ascii") + b"\n" + buffer.getvalue())
    except Exception:  # read-only home, full disk, ...: the next run builds again
        return


def cached_lark(name: str, options: dict[str, Any]) -> Lark:
    """The parser for the package's ``grammar/<name>.lark`` with ``options``, loaded from the
    cache when it holds one built from the same inputs, else built and saved."""
    grammar = grammar_file(f"{name}.lark").read_text(encoding="utf-8")
    key = _cache_key(grammar, options)
    path = cache_dir() / f"{name}-{key[:24]}.lark-cache"
    parser = _load_cached(path, key)
    if parser is None:
        parser = Lark(grammar, **options)
        _save_cached(path, key, parser)
    return parser
