"""libclang reads a translation unit's leading ``#include <...>`` lines from a saved AST.

A SYCL source starts with ``#include <sycl/sycl.hpp>``: libclang's parse of those headers is
most of ``cc``'s read (1.3 s of the real DPC++ headers, about clang's own compile), and the
same on every translation unit a build compiles with the same flags. The preamble (the
leading lines that are blank, comments or ``#include <...>``) is parsed once as a file of its
own with the same arguments, saved with ``clang_saveTranslationUnit`` under the cache
directory, and given to later reads with ``-include-pch`` while the main file reaches libclang
with its preamble blanked (spaces, line breaks kept: every position stays), which is what
clang's own precompiled preamble does. An entry is keyed by libclang, the working directory,
the arguments, the environment variables that move header searches and the preamble's
``#include`` lines (comments aside).

libclang does not check a saved AST's input files when it is loaded (a changed header is
silently read as it was), so each entry records every file the preamble included, with its
size and modification time, and each of their directories' modification times (a header
added beside them); any difference and the entry is not used. A preamble whose own parse
reports anything (a warning in a user's header, say) is never saved: the reader reads
diagnostics, and an AST file does not repeat them. An entry is built the second time its key
is seen, so a one-off compile never pays for it; any failure (a read-only cache, a load
error) falls back to the plain parse, and so does a translation unit with errors, so that
its errors are exactly clang's (the entry is removed when the plain parse has none).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from enum import Enum
from pathlib import Path
from typing import Any

from clang import cindex

from propslower.diagnostics import DiagnosticError
from propslower.frontend.cindex import parse
from propslower.resources import cache_dir, write_cache_file

_VERSION = 1
_KEEP = 4
"""Saved preambles kept (least recently used removed first); the DPC++ headers' is 32 MB."""
_KEEP_SEEN = 256
_ENVIRONMENT = ("CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH")
_INCLUDE = re.compile(r"[ \t]*#[ \t]*include[ \t]*<([^>\n]+)>[ \t]*(?://.*)?")
_BLANK_OR_COMMENT = re.compile(r"[ \t]*(?://.*)?")


def preamble_end(text: str) -> int:
    """The offset just past the last ``#include <...>`` line of ``text``'s preamble, 0 if none."""
    end = position = 0
    length = len(text)
    while position < length:
        newline = text.find("\n", position)
        stop = length if newline < 0 else newline + 1
        line = text[position:stop].rstrip("\r\n")
        if _INCLUDE.fullmatch(line):
            end = stop
        elif line.lstrip().startswith("/*"):
            close = text.find("*/", position)
            if close < 0:
                break
            newline = text.find("\n", close)
            stop = length if newline < 0 else newline + 1
            if text[close + 2 : stop].strip():
                break
        elif not _BLANK_OR_COMMENT.fullmatch(line):
            break
        position = stop
    return end


def included(preamble: str) -> str:
    """The preamble's ``#include`` lines alone, as written (what its AST depends on: sources
    that differ only in their comments share one)."""
    names = (_INCLUDE.fullmatch(line) for line in preamble.splitlines())
    return "".join(f"#include <{found.group(1)}>\n" for found in names if found)


def blanked(text: str, end: int) -> str:
    """``text`` with every character before ``end`` but line breaks made a space."""
    return re.sub(r"[^\r\n]", " ", text[:end]) + text[end:]


class PreambleCache:
    """Saved preamble ASTs in one directory (``cache_dir()/preambles`` unless given)."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory if directory is not None else cache_dir() / "preambles"

    def parse(self, path: str, arguments: Sequence[str], files: dict[str, str]) -> Any:
        """libclang's translation unit of ``path``, through a saved preamble when one
        applies (see the module docstring); the same as ``cindex.parse`` otherwise.

        A translation unit with errors is always the plain parse's, so its errors are the
        ones clang reports; if the plain parse has none, the saved preamble was at fault and
        is removed.
        """
        suspect: _Entry | None = None
        found = self._with_preamble(path, arguments, files)
        if isinstance(found, _Entry):
            found, suspect = None, found
        if found is not None:
            return found
        unit = parse(path, arguments, list(files.items()))
        if suspect is not None and not _has_errors(unit):
            suspect.remove()
        return unit

    def _with_preamble(self, path: str, arguments: Sequence[str], files: dict[str, str]) -> Any:
        """The translation unit read through a saved preamble; ``None`` when none applies;
        the entry used when that read had errors."""
        if any(name != path for name in files):
            return None  # a rewritten header: its text on disk is not what is read
        text = files.get(path)
        if text is None:
            try:
                text = Path(path).read_bytes().decode("utf-8", "surrogateescape")
            except OSError:
                return None
        end = preamble_end(text)
        if end == 0:
            return None
        includes = included(text[:end])
        entry = _Entry(self.directory, _key(path, arguments, includes))
        state = entry.state()
        if state is _State.UNSEEN:
            entry.mark_seen()
            return None
        if state is _State.UNUSABLE:
            return None
        if state is _State.MISSING and not entry.build(path, arguments, includes):
            return None
        unit = _parse_quietly(
            path,
            [*arguments, "-include-pch", str(entry.ast)],
            {path: blanked(text, end)},
        )
        if unit is None or _has_errors(unit):
            return entry
        entry.touch()
        return unit


class _State(Enum):
    """What a key's files say."""

    USABLE = "a current record and its AST"
    UNUSABLE = "a current record of a preamble that reports something: never saved"
    MISSING = "seen before, nothing current saved: build it now"
    UNSEEN = "never seen: mark it, parse plainly"


class _Entry:
    """One key's files: the AST, its record of what it read, and the first sighting."""

    def __init__(self, directory: Path, key: str) -> None:
        self.directory = directory
        self.key = key
        name = hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:24]
        self.ast = directory / f"{name}.ast"
        self.record = directory / f"{name}.json"
        self.seen = directory / f"{name}.seen"

    def state(self) -> _State:
        """Whether a current record says the saved AST can be used, or why not."""
        try:
            record = json.loads(self.record.read_text(encoding="utf-8"))
            current = record["key"] == self.key and _stamps(record["stamps"]) == record["stamps"]
            if current and (not record["usable"] or self.ast.is_file()):
                return _State.USABLE if record["usable"] else _State.UNUSABLE
        except (OSError, ValueError, KeyError, TypeError):
            pass
        return _State.MISSING if self.seen.exists() else _State.UNSEEN

    def mark_seen(self) -> None:
        with contextlib.suppress(OSError):
            self.directory.mkdir(parents=True, exist_ok=True)
            self.seen.touch()

    def build(self, path: str, arguments: Sequence[str], preamble: str) -> bool:
        """Parse and save the preamble; whether it is usable now."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            header = self.directory / f"{self.ast.stem}{Path(path).suffix}"
            write_cache_file(header, preamble.encode("utf-8", "surrogateescape"))
        except OSError:
            return False
        unit = _parse_quietly(str(header), arguments, {})
        if unit is None:
            return False
        files_read = {str(Path(i.include.name).absolute()) for i in unit.get_includes()}
        usable = not list(unit.diagnostics)
        temporary = self.ast.with_name(f"{self.ast.stem}.{os.getpid()}.tmp")
        try:
            if usable:
                unit.save(str(temporary))
                temporary.replace(self.ast)
            stamps = _stamps(_watched(files_read))
            record = {"key": self.key, "usable": usable, "stamps": stamps}
            write_cache_file(self.record, json.dumps(record).encode())
        except (OSError, cindex.TranslationUnitSaveError):
            return False
        finally:
            del unit
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
        self._evict()
        return usable

    def touch(self) -> None:
        with contextlib.suppress(OSError):
            os.utime(self.ast)

    def remove(self) -> None:
        for path in (self.ast, self.record):
            with contextlib.suppress(OSError):
                path.unlink()

    def _evict(self) -> None:
        """Keep the ``_KEEP`` most recently used ASTs (each with its record and preamble
        file) and the ``_KEEP_SEEN`` latest first sightings."""
        with contextlib.suppress(OSError):
            for old in _oldest(self.directory.glob("*.ast"), _KEEP):
                for path in self.directory.glob(f"{old.stem}.*"):
                    path.unlink(missing_ok=True)
            for old in _oldest(self.directory.glob("*.seen"), _KEEP_SEEN):
                old.unlink(missing_ok=True)


def _oldest(paths: Iterable[Path], keep: int) -> list[Path]:
    """All of ``paths`` but the ``keep`` most recently modified."""
    found = sorted(paths, key=lambda path: path.stat().st_mtime_ns)
    return found[: max(len(found) - keep, 0)]


def _key(path: str, arguments: Sequence[str], preamble: str) -> str:
    library = Path(cindex.conf.lib._name)
    try:
        info = library.stat()
        identity = [str(library.resolve()), info.st_size, info.st_mtime_ns]
    except OSError:
        identity = [str(library)]
    environment = {name: os.environ.get(name) for name in _ENVIRONMENT}
    place = [str(Path.cwd()), Path(path).suffix]
    return json.dumps([_VERSION, identity, place, list(arguments), environment, preamble])


def _watched(files: set[str]) -> set[str]:
    """Each file read and its directory (a directory's time changes when a file is added)."""
    return files | {str(Path(name).parent) for name in files}


def _stamps(watched: Iterable[str]) -> dict[str, list[int] | None]:
    """Each path's size and modification time, ``None`` when it is gone."""
    found: dict[str, list[int] | None] = {}
    for name in sorted(watched):
        try:
            info = Path(name).stat()
            found[name] = [info.st_size, info.st_mtime_ns]
        except OSError:
            found[name] = None
    return found


def _has_errors(unit: Any) -> bool:
    return any(d.severity >= cindex.Diagnostic.Error for d in unit.diagnostics)


def _parse_quietly(path: str, arguments: Sequence[str], files: dict[str, str]) -> Any:
    """``cindex.parse``, ``None`` where it raises (the plain parse then reports it)."""
    try:
        return parse(path, arguments, list(files.items()))
    except DiagnosticError:
        return None
