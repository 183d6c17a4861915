"""Shared test helpers: locating the real tools integration tests need."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.amber import AmberSnapshotExtension
from syrupy.location import PyTestLocation

from propslower.cli import main
from propslower.ll_snapshot import LLSnapshotExtension
from propslower.properties.profiles import DESIGN, PROFILES, Profile
from propslower.spirv import table
from tests.profiles import ADDED, table_text_with

# No wall-clock deadline on examples: the machine is shared (two cores, CI beside other
# work), a slow example is not a wrong one, and timing belongs in bench/.
settings.register_profile("propslower", deadline=None)
settings.load_profile("propslower")


def require_tool(name: str) -> str:
    """The path of ``name`` on PATH; skip outside CI when missing, fail inside CI."""
    path = shutil.which(name)
    if path is not None:
        return path
    message = f"'{name}' is not installed (CI installs it through apt-get)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


REPOSITORY = Path(__file__).resolve().parent.parent
SNAPSHOTS = REPOSITORY / "snapshots"


class ProjectAmberExtension(AmberSnapshotExtension):
    """Amber snapshots kept in the top-level ``snapshots/``, mirroring ``tests/``."""

    @classmethod
    def dirname(cls, *, test_location: PyTestLocation) -> str:
        relative = Path(test_location.filepath).resolve().parent.relative_to(REPOSITORY / "tests")
        return str(SNAPSHOTS / relative)


@pytest.fixture
def snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(ProjectAmberExtension)


@dataclass(frozen=True)
class CliRun:
    """What one in-process ``propslower`` run printed and returned."""

    status: int
    stdout: str
    stderr: str


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., CliRun]:
    """Run ``propslower`` in-process: ``cli("parse", "--format", "json", TEXT)``."""

    def run(*argv: str) -> CliRun:
        status = main(list(argv))
        captured = capsys.readouterr()
        return CliRun(status, captured.out, captured.err)

    return run


class ProjectLLExtension(LLSnapshotExtension):
    """``.ll`` snapshots kept in the top-level ``snapshots/``, one directory per test module."""

    @classmethod
    def dirname(cls, *, test_location: PyTestLocation) -> str:
        directory = ProjectAmberExtension.dirname(test_location=test_location)
        return str(Path(directory) / test_location.basename)


@pytest.fixture
def ll_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    return snapshot.use_extension(ProjectLLExtension)


@pytest.fixture
def added_profile(monkeypatch: pytest.MonkeyPatch) -> Iterator[Profile]:
    """``tests.profiles.ADDED`` registered, with ``design``'s rows in the built-in table."""
    text = table_text_with(ADDED, DESIGN, table.builtin_text())
    monkeypatch.setitem(PROFILES, ADDED.name, ADDED)
    monkeypatch.setattr(table, "builtin_text", lambda: text)
    table.builtin_table.cache_clear()
    yield ADDED
    table.builtin_table.cache_clear()
