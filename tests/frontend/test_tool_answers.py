"""The installed compiler's answers, kept on disk while the installation is unchanged."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from propslower.frontend.tool_answers import tool_answer


def _named(answer: str) -> Iterable[str]:
    return answer.split()


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[list[str]]:
    """Every command actually run; the cache in ``tmp_path/cache``."""
    monkeypatch.setenv("PROPSLOWER_CACHE_DIR", str(tmp_path / "cache"))
    run = subprocess.run
    made: list[list[str]] = []

    def counted(command: list[str], **options: Any) -> Any:
        made.append(command)
        return run(command, **options)

    monkeypatch.setattr(subprocess, "run", counted)
    return made


def test_an_answer_is_reused_until_a_directory_it_names_changes(
    calls: list[list[str]], tmp_path: Path
) -> None:
    watched = tmp_path / "include"
    watched.mkdir()
    command = ["echo", str(watched)]
    assert tool_answer(command, _named).strip() == str(watched)
    assert tool_answer(command, _named).strip() == str(watched)
    assert len(calls) == 1
    (watched / "new-header-dir").mkdir()  # as a new GCC adds its directory
    os.utime(watched, ns=(1, 1))
    tool_answer(command, _named)
    assert len(calls) == 2


def test_a_broken_or_unwritable_cache_only_costs_the_command(
    calls: list[list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert tool_answer(["echo", "x"], _named) == "x\n"
    [entry] = (tmp_path / "cache" / "tools").iterdir()
    entry.write_text("{not json")
    assert tool_answer(["echo", "x"], _named) == "x\n"
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("PROPSLOWER_CACHE_DIR", str(blocker / "cache"))
    assert tool_answer(["echo", "x"], _named) == "x\n"
    assert len(calls) == 3


def test_error_output_and_failures(calls: list[list[str]]) -> None:
    assert tool_answer(["sh", "-c", "echo to-stderr >&2"], _named, stderr=True) == "to-stderr\n"
    tool_answer(["sh", "-c", "exit 3"], _named)
    tool_answer(["sh", "-c", "exit 3"], _named)  # a failing command is never cached
    assert len(calls) == 3
