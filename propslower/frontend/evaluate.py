"""ctypes bindings for ``clang_Cursor_Evaluate``: the constant value of an expression cursor."""

from __future__ import annotations

import ctypes
import functools
from dataclasses import dataclass
from typing import Any

from clang import cindex

from propslower.frontend.cindex import Cursor
from propslower.properties.values import string_text

_EVAL_INT = 1
_EVAL_FLOAT = 2
_EVAL_STR_LITERAL = 4


@dataclass(frozen=True)
class Evaluated:
    """What libclang computed: an int, a float, a string (``values.string_text`` of its
    bytes), or nothing."""

    value: int | float | str | None


@functools.cache
def _lib() -> Any:
    lib = cindex.conf.lib
    signatures: dict[str, tuple[list[Any], Any]] = {
        "clang_Cursor_Evaluate": ([cindex.Cursor], ctypes.c_void_p),
        "clang_EvalResult_getKind": ([ctypes.c_void_p], ctypes.c_int),
        "clang_EvalResult_isUnsignedInt": ([ctypes.c_void_p], ctypes.c_uint),
        "clang_EvalResult_getAsUnsigned": ([ctypes.c_void_p], ctypes.c_ulonglong),
        "clang_EvalResult_getAsLongLong": ([ctypes.c_void_p], ctypes.c_longlong),
        "clang_EvalResult_getAsDouble": ([ctypes.c_void_p], ctypes.c_double),
        "clang_EvalResult_getAsStr": ([ctypes.c_void_p], ctypes.c_char_p),
        "clang_EvalResult_dispose": ([ctypes.c_void_p], None),
    }
    for name, (argtypes, restype) in signatures.items():
        function = getattr(lib, name)
        function.argtypes = argtypes
        function.restype = restype
    return lib


def evaluate(cursor: Cursor) -> Evaluated:
    """Evaluate ``cursor`` as a constant; ``Evaluated(None)`` when libclang cannot."""
    lib = _lib()
    result = lib.clang_Cursor_Evaluate(cursor)
    if not result:
        return Evaluated(None)
    try:
        return Evaluated(_read(lib, result))
    finally:
        lib.clang_EvalResult_dispose(result)


def _read(lib: Any, result: int) -> int | float | str | None:
    kind = lib.clang_EvalResult_getKind(result)
    if kind == _EVAL_INT:
        if lib.clang_EvalResult_isUnsignedInt(result):
            return int(lib.clang_EvalResult_getAsUnsigned(result))
        return int(lib.clang_EvalResult_getAsLongLong(result))
    if kind == _EVAL_FLOAT:
        return float(lib.clang_EvalResult_getAsDouble(result))
    if kind == _EVAL_STR_LITERAL:
        raw: bytes | None = lib.clang_EvalResult_getAsStr(result)
        return None if raw is None else string_text(raw)  # bytes kept, "\xff" too
    return None
