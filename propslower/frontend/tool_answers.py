"""What an installed compiler answers about its installation, kept on disk between runs.

``cc`` asks clang where the host's C++ headers are (``-E -v`` of empty input, about 0.1 s)
before it can start the compile, and where clang's resource headers are
(``-print-resource-dir``) before libclang can start reading. The answers change only when the
installation does, so each is saved under the parser cache's directory, keyed by the command,
the compiler binary (path, size, modification time) and the environment variables that move
header searches; it is used only while every directory the answer names, and each one's
parent, still has the modification time it had (a new GCC adds a directory beside the old
one). A cache that is missing, stale, unreadable or unwritable only costs the subprocess.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from propslower.resources import cache_dir, write_cache_file

_ENVIRONMENT = ("CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "CCC_OVERRIDE_OPTIONS", "PATH")
_VERSION = 1


def tool_answer(
    command: Sequence[str], directories: Callable[[str], Iterable[str]], *, stderr: bool = False
) -> str:
    """The output (``stderr``: the error output) of ``command``, from the cache while the
    compiler and the ``directories`` named in the answer are unchanged."""
    key = _key(command, stderr)
    path = cache_dir() / "tools" / f"{hashlib.sha256(key.encode()).hexdigest()[:24]}.json"
    found = _load(path, key)
    if found is not None:
        return found
    finished = subprocess.run(list(command), input="", capture_output=True, text=True, check=False)
    answer = finished.stderr if stderr else finished.stdout
    if finished.returncode == 0:
        _save(path, key, answer, directories(answer))
    return answer


def _key(command: Sequence[str], stderr: bool) -> str:
    binary = shutil.which(command[0]) or command[0]
    try:
        real = Path(binary).resolve()
        info = real.stat()
        identity = [str(real), info.st_size, info.st_mtime_ns]
    except OSError:
        identity = [binary]
    environment = {name: os.environ.get(name) for name in _ENVIRONMENT}
    return json.dumps([_VERSION, list(command), identity, environment, stderr])


def _stamps(directories: Iterable[str]) -> dict[str, int | None]:
    """Each directory's and its parent's modification time (None: missing)."""
    paths: set[str] = set()
    for directory in directories:
        path = Path(os.path.normpath(directory))
        paths.update((str(path), str(path.parent)))
    return {path: _mtime(path) for path in sorted(paths)}


def _mtime(path: str) -> int | None:
    try:
        return Path(path).stat().st_mtime_ns
    except OSError:
        return None


def _load(path: Path, key: str) -> str | None:
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
        if entry["key"] != key:
            return None
        stamps: dict[str, int | None] = entry["stamps"]
        if any(_mtime(watched) != stamp for watched, stamp in stamps.items()):
            return None
        answer = entry["answer"]
        return answer if isinstance(answer, str) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _save(path: Path, key: str, answer: str, directories: Iterable[str]) -> None:
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)  # first: it may be a watched one's child
        entry = {"key": key, "answer": answer, "stamps": _stamps(directories)}
        write_cache_file(path, json.dumps(entry).encode("utf-8"))
