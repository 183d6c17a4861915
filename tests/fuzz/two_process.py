"""The two-process scan as a differential check: a module case run with ``--no-verify`` and
every module, however small, read by two processes must exit, print and write what the same
``--no-verify`` run does when it reads its module in one.

A module command reads a module of ``propslower.ir.scan.SPLIT_AT`` bytes or more in two
processes when it does not verify; the campaign's inputs are far smaller, so without this
check its mutations would never reach the join of the two halves. A verified case is
compared in its ``--no-verify`` form (two more runs); a ``--no-verify`` case against itself.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest import mock

from propslower.ir import scan
from tests.fuzz.oracle import Finding, Outcome, Verdict
from tests.fuzz.scenarios import MODULE_COMMANDS, Case, materialize

Execute = Callable[[Case, Path], Outcome]


def applies(case: Case) -> bool:
    """Whether ``case`` reads one module in this process (no special files, no subprocess)."""
    return (
        case.command in MODULE_COMMANDS
        and not case.in_subprocess
        and not case.specials
        and case.module_input is not None
    )


def unverified(case: Case) -> Case:
    """``case`` with ``--no-verify`` (itself when it has it)."""
    if not case.verify:
        return case
    return replace(case, argv=[case.argv[0], "--no-verify", *case.argv[1:]], verify=False)


def written(case: Case, workdir: Path) -> bytes | None:
    """The module file the run left at ``case.module_output`` (None: stdout, or no file)."""
    target = case.module_output
    if target is None or target == "-":
        return None
    path = workdir / target
    return path.read_bytes() if path.is_file() else None


@contextmanager
def _every_module_split() -> Iterator[list[int]]:
    """``SPLIT_AT`` at 0 for the block; yields a list that counts the joins of two halves."""
    joins: list[int] = []
    join = scan._join

    def counted(*args: Any) -> None:
        joins.append(1)
        join(*args)

    with mock.patch.object(scan, "SPLIT_AT", 0), mock.patch.object(scan, "_join", counted):
        yield joins


def split_differs(
    case: Case, first: Outcome, first_written: bytes | None, workdir: Path, execute: Execute
) -> tuple[bool, Finding | None]:
    """Run ``case`` (``unverified``) with every module split; whether a module was read in
    two halves, and a finding where the run differs from the same run unsplit. ``first``
    and ``first_written`` are ``case``'s own run in ``workdir``."""
    plain = unverified(case)
    if plain is not case:
        first, first_written, workdir = _run_aside(plain, execute, split=False)[:3]
    second, second_written, again, joins = _run_aside(plain, execute, split=True)
    if not joins:
        return False, None
    second = Outcome(
        second.status,
        second.stdout.replace(str(again), str(workdir)),
        second.stderr.replace(str(again), str(workdir)),
    )
    for what, one, two in (
        ("exit status", first.status, second.status),
        ("stdout", first.stdout, second.stdout),
        ("stderr", first.stderr, second.stderr),
        ("output file", first_written, second_written),
    ):
        if one != two:
            return True, Finding(
                Verdict.SPLIT_DIFFERS,
                f"read in two processes, the {what} differs: {_first_difference(one, two)}",
            )
    return True, None


def _run_aside(
    case: Case, execute: Execute, *, split: bool
) -> tuple[Outcome, bytes | None, Path, list[int]]:
    """``case`` run in a fresh directory (gone on return): its outcome, the module file it
    wrote, the directory, and the joins of two halves (none unless ``split``)."""
    with tempfile.TemporaryDirectory(prefix="propslower-fuzz-split-") as directory:
        workdir = Path(directory)
        materialize(case, workdir)
        if not split:
            outcome = execute(case, workdir)
            return outcome, written(case, workdir), workdir, []
        with _every_module_split() as joins:
            outcome = execute(case, workdir)
        return outcome, written(case, workdir), workdir, joins


def _first_difference(one: object, two: object) -> str:
    if not isinstance(one, str | bytes) or not isinstance(two, str | bytes):
        return f"{one!r} -> {two!r}"[:200]
    left, right = (_text(x) for x in (one, two))
    at = next((i for i, (a, b) in enumerate(zip(left, right, strict=False)) if a != b), None)
    if at is None:
        at = min(len(left), len(right))
    return f"at {at}: {left[at : at + 60]!r} -> {right[at : at + 60]!r}"


def _text(value: str | bytes) -> str:
    return value.decode("utf-8", errors="replace") if isinstance(value, bytes) else value
