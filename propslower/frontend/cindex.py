"""Typed wrappers around the untyped parts of ``clang.cindex`` that the reader needs."""

from __future__ import annotations

import ctypes
import functools
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from clang import cindex

Cursor = Any
"""A ``clang.cindex.Cursor`` (the bindings are untyped)."""

_CLANGS = ("clang-19", "clang-18", "clang-17", "clang-16", "clang-15", "clang")
_GCC_INCLUDE = Path("/usr/lib/gcc/x86_64-linux-gnu")


@functools.cache
def resource_dir_args() -> tuple[str, ...]:
    """``-resource-dir`` of an installed clang, else GCC's include dir, else nothing."""
    for name in _CLANGS:
        path = shutil.which(name)
        if path is None:
            continue
        result = subprocess.run(
            [path, "-print-resource-dir"], capture_output=True, text=True, check=False
        )
        directory = result.stdout.strip()
        if result.returncode == 0 and Path(directory, "include").is_dir():
            return ("-resource-dir", directory)
    includes = sorted(_GCC_INCLUDE.glob("*/include"))
    return ("-isystem", str(includes[-1])) if includes else ()


def parse(path: str, args: Sequence[str], unsaved: Sequence[tuple[str, str]] = ()) -> Any:
    """Parse ``path`` with ``args``; the translation unit (raises on a libclang failure)."""
    index = cindex.Index.create()
    return index.parse(path, args=list(args), unsaved_files=list(unsaved) or None)


def specialized_template(cursor: Cursor) -> Cursor | None:
    """The template ``cursor`` was instantiated from, or ``None``."""
    result = cindex.conf.lib.clang_getSpecializedCursorTemplate(cursor)
    if result is None or result.kind.is_invalid():
        return None
    return result


def has_global_storage(cursor: Cursor) -> bool:
    """Whether a VAR_DECL becomes an IR global (namespace scope, static member or local)."""
    function = cindex.conf.lib.clang_Cursor_hasVarDeclGlobalStorage
    function.argtypes = [cindex.Cursor]
    function.restype = ctypes.c_int
    return bool(function(cursor) == 1)


def has_attributes(cursor: Cursor) -> bool:
    """Whether a declaration carries any attribute (cheaper than listing its children)."""
    function = cindex.conf.lib.clang_Cursor_hasAttrs
    function.argtypes = [cindex.Cursor]
    function.restype = ctypes.c_uint
    return bool(function(cursor))


def file_name(cursor: Cursor) -> str | None:
    """The file a cursor is in, or ``None`` for builtins."""
    location = cursor.location
    return None if location.file is None else str(location.file.name)
