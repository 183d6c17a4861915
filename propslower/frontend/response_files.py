"""Clang response files: ``@FILE`` on a command line stands for the arguments written in it."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path

from propslower.diagnostics import Diagnostic, DiagnosticError

_MAX_DEPTH = 32


def expand_response_files(arguments: Sequence[str]) -> list[str]:
    """``arguments`` with each ``@FILE`` replaced by the arguments in FILE (GNU quoting, as
    clang reads them on Linux; nested files too); ``@name`` of no file stays as written."""
    return _expand(list(arguments), 0)


def _expand(arguments: list[str], depth: int) -> list[str]:
    expanded: list[str] = []
    for argument in arguments:
        path = Path(argument[1:])
        if not argument.startswith("@") or not path.is_file():
            expanded.append(argument)
            continue
        if depth >= _MAX_DEPTH:
            raise DiagnosticError(
                Diagnostic.error(f"response file '{path}' nests more than {_MAX_DEPTH} deep")
            )
        try:
            words = shlex.split(path.read_text(encoding="utf-8"), comments=False, posix=True)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise DiagnosticError(
                Diagnostic.error(f"cannot read response file '{path}': {error}")
            ) from error
        expanded.extend(_expand(words, depth + 1))
    return expanded
