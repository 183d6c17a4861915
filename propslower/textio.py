"""Reading inputs (files, ``-`` for stdin) and writing outputs without harming their targets.

Writing follows what a compiler's ``-o`` does, plus atomicity where it is safe:

* ``-`` is standard output;
* a target that is not a regular file (a character device such as ``/dev/null``, a FIFO, a
  socket, anything under ``/dev/`` or ``/proc/`` such as ``/dev/stdout``) is opened and
  written in place, never renamed over;
* a regular file (or a name that does not exist yet) is written to a temporary file in the
  directory of the real file (symlinks are followed), flushed to disk, given the old file's
  mode, and renamed over it, so readers see the old or the new text, never a part;
* every failure is one diagnostic, ``cannot write 'PATH': REASON``, and leaves the target
  as it was.
"""

from __future__ import annotations

import codecs
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from propslower.diagnostics import STDIN, Diagnostic, DiagnosticError, Span

STDOUT = "-"
_BLOCK = 1 << 20
_IN_PLACE_PREFIXES = ("/dev/", "/proc/")
"""Names that denote a process's streams or devices even when they resolve to a file."""

Content = str | bytes | Iterable[str]
"""What a writer takes: the text, its bytes, or its pieces in order."""


@dataclass(frozen=True)
class Source:
    """A named input text: ``name`` is what diagnostics print."""

    name: str
    text: str


def read_source(path: str) -> Source:
    """Read ``path`` (``-`` is standard input) as UTF-8 text, or raise a diagnostic.

    Input is read a block at a time and refused at the first sign of binary data, so
    ``/dev/zero`` or a stream of random bytes fails at once instead of filling memory.
    """
    if path == "-":
        return Source(STDIN, read_stream(STDIN, sys.stdin.buffer))
    try:
        with Path(path).open("rb") as stream:
            if stat.S_ISDIR(os.fstat(stream.fileno()).st_mode):
                raise IsADirectoryError(21, os.strerror(21))
            return Source(path, read_stream(path, stream))
    except OSError as error:
        raise DiagnosticError(
            Diagnostic.error(f"cannot read '{path}': {error.strerror or error}")
        ) from error


def read_stream(name: str, stream: BinaryIO) -> str:
    """Decode ``stream`` as UTF-8 block by block, stopping at the first NUL or invalid byte."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    pieces: list[str] = []
    block = stream.read(_BLOCK)
    _refuse_bitcode(name, block)
    while block:
        nul = block.find(b"\0")
        try:
            if nul >= 0:
                raise UnicodeDecodeError("utf-8", block, nul, nul + 1, "NUL byte")
            pieces.append(decoder.decode(block))
        except UnicodeDecodeError as error:
            raise DiagnosticError(_stream_error(name, pieces, block, error.start)) from error
        block = stream.read(_BLOCK)
    try:
        pieces.append(decoder.decode(b"", True))
    except UnicodeDecodeError as error:
        raise DiagnosticError(_stream_error(name, pieces, b"", 0)) from error
    return "".join(pieces)


def _stream_error(name: str, before: list[str], block: bytes, offset: int) -> Diagnostic:
    """The binary-data error at byte ``offset`` of ``block``, read after the text ``before``."""
    text = "".join(before)
    newline = block.rfind(b"\n", 0, offset)
    line = text.count("\n") + block.count(b"\n", 0, offset) + 1
    start_of_line = len(text) - (text.rfind("\n") + 1)
    column = offset - newline if newline >= 0 else start_of_line + offset + 1
    return Diagnostic.error("input is not UTF-8 text (binary data)", Span(name, line, column))


def _refuse_bitcode(name: str, data: bytes) -> None:
    if data.startswith((b"BC\xc0\xde", b"\xde\xc0\x17\x0b")):
        raise DiagnosticError(
            Diagnostic.error(
                "input is LLVM bitcode; propslower reads textual IR (use llvm-dis first)",
                Span(name, 1, 1),
            )
        )


def _binary_error(name: str, data: bytes, offset: int) -> Diagnostic:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return Diagnostic.error("input is not UTF-8 text (binary data)", Span(name, line, column))


def write_atomically(path: str | Path, content: Content) -> None:
    """Write ``content`` to ``path``: replace a regular file atomically, write anything else
    (``-``, a device, a FIFO, ``/dev/stdout``) in place; a failure raises a diagnostic."""
    with staged_write(path, content):
        pass


@contextmanager
def staged_write(path: str | Path, content: Content) -> Iterator[None]:
    """``write_atomically`` in two steps: a regular file is written to its temporary file
    before the ``with`` body runs and renamed into place only if the body succeeds, so other
    outputs written in the body and this one land together or not at all. A target written
    in place (``-``, a device) is written after the body."""
    name = str(path)
    try:
        in_place = name == STDOUT or _written_in_place(name)
        staged = None if in_place else _stage(Path(os.path.realpath(name)), content)
    except OSError as error:
        raise cannot_write(name, error) from error
    try:
        yield
        if staged is not None:
            Path(staged[0]).replace(staged[1])
            staged = None
        elif name == STDOUT:
            _write_stdout(content)
        else:
            with Path(name).open("wb") as stream:
                _write_stream(stream, content)
    except OSError as error:
        raise cannot_write(name, error) from error
    finally:
        if staged is not None:
            Path(staged[0]).unlink(missing_ok=True)


def cannot_write(name: str, error: OSError) -> DiagnosticError:
    """The one diagnostic for an output that could not be written."""
    return DiagnosticError(Diagnostic.error(f"cannot write '{name}': {error.strerror or error}"))


def write_output(text: str, output: str | None) -> None:
    """Write to ``output`` as ``write_atomically`` does, or to standard output when ``None``."""
    write_atomically(STDOUT if output is None else output, text)


def _written_in_place(name: str) -> bool:
    if name.startswith(_IN_PLACE_PREFIXES) or os.path.realpath(name).startswith(_IN_PLACE_PREFIXES):
        return True
    try:
        mode = Path(name).stat().st_mode
    except FileNotFoundError:
        return False
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(21, os.strerror(21), name)
    return not stat.S_ISREG(mode)


def _stage(target: Path, content: Content) -> tuple[str, Path]:
    """Write ``content`` beside ``target`` (its real directory) with its mode, fsync'ed;
    the temporary file and the target it is to replace."""
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            _write_stream(stream, content)
            stream.flush()
            os.fchmod(stream.fileno(), mode)
            os.fsync(stream.fileno())
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return temporary, target


def _write_stream(stream: BinaryIO, content: Content) -> None:
    if isinstance(content, bytes):
        stream.write(content)
    elif isinstance(content, str):
        stream.write(content.encode("utf-8"))
    else:
        for piece in content:
            stream.write(piece.encode("utf-8"))


def _write_stdout(content: Content) -> None:
    if isinstance(content, bytes):
        sys.stdout.flush()
        sys.stdout.buffer.write(content)
    elif isinstance(content, str):
        sys.stdout.write(content)
    else:
        sys.stdout.writelines(content)
    sys.stdout.flush()


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current
