"""A set of output files written beside their directory first, then moved into it at once.

``split`` writes every image, its property and symbol files and the tables into a fresh
directory made next to ``-d`` (same parent, so same file system), and moves them into
``-d`` only when the whole set is written: an error or a crash part way leaves ``-d`` as it
was. When ``-d`` does not exist the staging directory is renamed to it in one step; when it
does, each new file replaces the file of the same name there (others are left alone), and a
failure during that move puts the replaced files back.
"""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

from propslower.diagnostics import Diagnostic, DiagnosticError

_REPLACED = ".replaced"
"""Subdirectory of the staging directory holding links to the files a commit replaces."""


def cannot_write(path: Path | str, error: OSError | int) -> DiagnosticError:
    """``cannot write 'path': <strerror>`` for an ``OSError`` or an ``errno`` value."""
    reason = os.strerror(error) if isinstance(error, int) else error.strerror or str(error)
    return DiagnosticError(Diagnostic.error(f"cannot write '{path}': {reason}"))


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def is_plain_file_name(name: str) -> bool:
    """Whether ``name`` names a file directly inside a directory (no separator, not ``..``)."""
    return (
        bool(name)
        and name not in (".", "..")
        and "/" not in name
        and os.sep not in name
        and (os.altsep is None or os.altsep not in name)
        and "\0" not in name
    )


class StagedDirectory:
    """Files for ``target`` gathered in a temporary directory; ``commit`` moves them in.

    Used as a context manager: committed when the block ends normally, removed (and
    ``target`` untouched) when it raises.
    """

    def __init__(self, target: Path | str) -> None:
        self.target = Path(target)
        if self.target.exists() and not self.target.is_dir():
            raise cannot_write(self.target, errno.ENOTDIR)
        if self.target.is_dir() and not os.access(self.target, os.W_OK | os.X_OK):
            raise cannot_write(self.target, errno.EACCES)
        parent = self.target.absolute().parent
        try:
            made = tempfile.mkdtemp(prefix=f".{self.target.name}.", suffix=".tmp", dir=parent)
        except OSError as error:
            raise cannot_write(self.target, error) from error
        self.path = Path(made)
        self.names: list[str] = []
        """The files written so far, in order."""

    def write(self, name: str, text: str | Iterable[str]) -> None:
        """Write ``text`` (or its pieces) as the file ``name`` of the set."""
        if not is_plain_file_name(name) or name == _REPLACED:
            raise ValueError(f"'{name}' is not a plain file name")
        if name in self.names:
            raise ValueError(f"'{name}' is written twice")
        try:
            with (self.path / name).open("w", encoding="utf-8", newline="") as stream:
                if isinstance(text, str):
                    stream.write(text)
                else:
                    stream.writelines(text)
        except OSError as error:
            raise cannot_write(self.target / name, error) from error
        self.names.append(name)

    def commit(self) -> None:
        """Move the set into ``target`` (see the module docstring), then clean up."""
        try:
            if not self.target.exists():
                self.path.chmod(0o777 & ~_umask())
                try:
                    self.path.rename(self.target)
                except OSError as error:
                    raise cannot_write(self.target, error) from error
                return
            self._move_into_existing()
        finally:
            self.discard()

    def _move_into_existing(self) -> None:
        replaced = self.path / _REPLACED
        moved: list[tuple[str, bool]] = []
        try:
            for name in self.names:
                destination = self.target / name
                kept = destination.is_file() and not destination.is_symlink()
                if kept:
                    replaced.mkdir(exist_ok=True)
                    _keep(destination, replaced / name)
                (self.path / name).replace(destination)
                moved.append((name, kept))
        except OSError as error:
            failed = self.target / name
            for done, kept in reversed(moved):
                destination = self.target / done
                if kept:
                    (replaced / done).replace(destination)
                else:
                    destination.unlink(missing_ok=True)
            raise cannot_write(failed, error) from error

    def discard(self) -> None:
        """Remove the staging directory and whatever is left in it."""
        shutil.rmtree(self.path, ignore_errors=True)

    def __enter__(self) -> StagedDirectory:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def _keep(path: Path, backup: Path) -> None:
    """A second name for ``path``'s current content (a hard link, else a copy)."""
    try:
        os.link(path, backup)
    except OSError:
        shutil.copy2(path, backup)
