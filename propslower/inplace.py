"""Editing a file in place without losing a concurrent edit: read, change and replace it
under an advisory lock that every ``propslower -i`` on the same file takes."""

from __future__ import annotations

import fcntl
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.textio import Source, read_stream


@contextmanager
def locked_for_update(path: str) -> Iterator[Source]:
    """Hold an exclusive lock on the file ``path`` names while the caller reads and replaces it.

    The replacement is a rename, so a waiting process may wake holding the lock of a file
    that is no longer there; it then locks the new file instead (the check is the inode).
    """
    real = Path(os.path.realpath(path))
    while True:
        try:
            stream = real.open("rb")
        except OSError as error:
            raise DiagnosticError(
                Diagnostic.error(f"cannot read '{path}': {error.strerror or error}")
            ) from error
        with stream:
            opened = os.fstat(stream.fileno())
            if not stat.S_ISREG(opened.st_mode):
                raise DiagnosticError(
                    Diagnostic.error(f"-i needs a regular file to edit; '{path}' is not one")
                )
            fcntl.flock(stream.fileno(), fcntl.LOCK_EX)
            if _same_file(real, opened):
                yield Source(path, read_stream(path, stream))
                return


def _same_file(path: Path, opened: os.stat_result) -> bool:
    try:
        now = path.stat()
    except FileNotFoundError:
        return False
    return (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino)
