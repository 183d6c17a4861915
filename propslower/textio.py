"""Reading inputs (files, ``-`` for stdin) and writing outputs atomically."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from propslower.diagnostics import STDIN, Diagnostic, DiagnosticError, Span


@dataclass(frozen=True)
class Source:
    """A named input text: ``name`` is what diagnostics print."""

    name: str
    text: str


def read_source(path: str) -> Source:
    """Read ``path`` (``-`` is standard input) as UTF-8 text, or raise a diagnostic."""
    if path == "-":
        data = sys.stdin.buffer.read()
        name = STDIN
    else:
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise DiagnosticError(
                Diagnostic.error(f"cannot read '{path}': {error.strerror or error}")
            ) from error
        name = path
    return Source(name, decode_text(name, data))


def decode_text(name: str, data: bytes) -> str:
    """Decode UTF-8 text, rejecting binary input (NUL bytes, bitcode) with a positioned error."""
    if data.startswith((b"BC\xc0\xde", b"\xde\xc0\x17\x0b")):
        raise DiagnosticError(
            Diagnostic.error(
                "input is LLVM bitcode; propslower reads textual IR (use llvm-dis first)",
                Span(name, 1, 1),
            )
        )
    nul = data.find(b"\0")
    if nul >= 0:
        raise DiagnosticError(_binary_error(name, data, nul))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DiagnosticError(_binary_error(name, data, error.start)) from error


def _binary_error(name: str, data: bytes, offset: int) -> Diagnostic:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return Diagnostic.error("input is not UTF-8 text (binary data)", Span(name, line, column))


def write_atomically(path: str | Path, text: str | Iterable[str]) -> None:
    """Write ``text`` (or its pieces, in order) to ``path`` via a temporary file, then rename."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path()
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            if isinstance(text, str):
                stream.write(text)
            else:
                stream.writelines(text)
        mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
        Path(temporary).chmod(mode)
        Path(temporary).replace(target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_output(text: str, output: str | None) -> None:
    """Write to ``output`` atomically, or to standard output when it is ``None`` or ``-``."""
    if output is None or output == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_atomically(output, text)
