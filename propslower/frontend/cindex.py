"""Typed wrappers around the untyped parts of ``clang.cindex`` that the reader needs."""

from __future__ import annotations

import ctypes
import functools
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from clang import cindex

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.frontend.tool_answers import tool_answer

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
        directory = tool_answer([path, "-print-resource-dir"], _itself).strip()
        if directory and Path(directory, "include").is_dir():
            return ("-resource-dir", directory)
    includes = sorted(_GCC_INCLUDE.glob("*/include"))
    return ("-isystem", str(includes[-1])) if includes else ()


def _itself(answer: str) -> tuple[str, ...]:
    return (answer.strip(),)


@functools.cache
def resource_include_args() -> tuple[str, ...]:
    """``-isystem <resource-dir>/include``: libclang 18 ignores ``-resource-dir`` (the
    ``libclang`` wheel has no headers of its own), so the directory is named directly, last,
    after the caller's system directories as clang's own driver orders it."""
    args = resource_dir_args()
    if args[:1] != ("-resource-dir",):
        return ()
    return ("-isystem", str(Path(args[1], "include")))


def parse(path: str, args: Sequence[str], unsaved: Sequence[tuple[str, str]] = ()) -> Any:
    """Parse ``path`` with ``args``; the translation unit (raises on a libclang failure)."""
    if path not in dict(unsaved):
        _check_readable(path)
    index = cindex.Index.create()
    # a text read with surrogateescape (a byte that is not UTF-8) goes back as its bytes
    files = [(name, text.encode("utf-8", "surrogateescape")) for name, text in unsaved]
    try:
        return index.parse(path, args=list(args), unsaved_files=files or None)
    except cindex.TranslationUnitLoadError as error:
        raise DiagnosticError(Diagnostic.error(f"libclang could not read '{path}'")) from error


def _check_readable(path: str) -> None:
    """A source libclang cannot open is one diagnostic, not libclang's bare load error."""
    try:
        with Path(path).open("rb"):
            pass
        if Path(path).is_dir():
            raise IsADirectoryError(21, "Is a directory")
    except OSError as error:
        raise DiagnosticError(
            Diagnostic.error(f"cannot read '{path}': {error.strerror or error}")
        ) from error


@functools.cache
def _function(name: str, restype: Any) -> Any:
    """A private handle on a libclang function taking one cursor."""
    function = cindex.conf.lib[name]
    function.argtypes = [cindex.Cursor]
    function.restype = restype
    return function


def has_global_storage(cursor: Cursor) -> bool:
    """Whether a VAR_DECL becomes an IR global (namespace scope, static member or local)."""
    return bool(_function("clang_Cursor_hasVarDeclGlobalStorage", ctypes.c_int)(cursor) == 1)


def has_attributes(cursor: Cursor) -> bool:
    """Whether a declaration carries any attribute (cheaper than listing its children)."""
    return bool(_function("clang_Cursor_hasAttrs", ctypes.c_uint)(cursor))


def file_name(cursor: Cursor) -> str | None:
    """The file a cursor is in, or ``None`` for builtins."""
    location = cursor.location
    return None if location.file is None else str(location.file.name)
