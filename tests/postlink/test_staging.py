"""Staged output sets: all files or none, same-named files replaced, others kept."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from propslower.diagnostics import DiagnosticError
from propslower.postlink.staging import StagedDirectory, is_plain_file_name


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.endswith(".tmp"))


def test_new_directory_appears_whole(tmp_path: Path) -> None:
    target = tmp_path / "out"
    with StagedDirectory(target) as staging:
        staging.write("a.ll", "a\n")
        staging.write("b.sym", ["k1\n", "k2\n"])
        assert not target.exists()
    assert sorted(p.name for p in target.iterdir()) == ["a.ll", "b.sym"]
    assert (target / "b.sym").read_text() == "k1\nk2\n"
    assert target.stat().st_mode & 0o777 == 0o777 & ~_umask()
    assert leftovers(tmp_path) == []


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_existing_directory_same_names_replaced_others_kept(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "a.ll").write_text("old\n")
    (target / "mine.txt").write_text("mine\n")
    with StagedDirectory(target) as staging:
        staging.write("a.ll", "new\n")
        staging.write("c.prop", "[x]\n")
    assert (target / "a.ll").read_text() == "new\n"
    assert (target / "mine.txt").read_text() == "mine\n"
    assert (target / "c.prop").read_text() == "[x]\n"
    assert leftovers(tmp_path) == []


def test_failure_leaves_the_directory_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "a.ll").write_text("old\n")
    with pytest.raises(RuntimeError), StagedDirectory(target) as staging:
        staging.write("a.ll", "new\n")
        raise RuntimeError("crash half way")
    assert [p.name for p in target.iterdir()] == ["a.ll"]
    assert (target / "a.ll").read_text() == "old\n"
    with pytest.raises(RuntimeError), StagedDirectory(tmp_path / "fresh") as staging:
        staging.write("a.ll", "new\n")
        raise RuntimeError("crash half way")
    assert not (tmp_path / "fresh").exists()
    assert leftovers(tmp_path) == []


def test_a_failed_move_puts_replaced_files_back(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.mkdir()
    (target / "a.ll").write_text("old a\n")
    (target / "b.ll").mkdir()  # a directory where a file should go: its move fails
    failure = r"cannot write '.*b\.ll': Is a directory"
    with pytest.raises(DiagnosticError, match=failure), StagedDirectory(target) as staging:
        staging.write("a.ll", "new a\n")
        staging.write("n.ll", "new n\n")
        staging.write("b.ll", "new b\n")
    assert sorted(p.name for p in target.iterdir()) == ["a.ll", "b.ll"]
    assert (target / "a.ll").read_text() == "old a\n"
    assert leftovers(tmp_path) == []


def test_target_that_is_a_file(tmp_path: Path) -> None:
    target = tmp_path / "x"
    target.write_text("data")
    with pytest.raises(DiagnosticError) as caught:
        StagedDirectory(target)
    assert [d.message for d in caught.value.diagnostics] == [
        f"cannot write '{target}': Not a directory"
    ]


def test_missing_or_unwritable_parent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = tmp_path / "no" / "out"
    with pytest.raises(DiagnosticError, match=r"cannot write '.*out': No such file or directory"):
        StagedDirectory(missing)

    def refuse(**_: object) -> str:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkdtemp", refuse)
    with pytest.raises(DiagnosticError, match=r"cannot write '.*out': Permission denied"):
        StagedDirectory(tmp_path / "out")


@pytest.mark.parametrize("name", ["", ".", "..", "a/b", "../x", "a\0b"])
def test_only_plain_file_names(tmp_path: Path, name: str) -> None:
    assert not is_plain_file_name(name)
    staging = StagedDirectory(tmp_path / "out")
    with pytest.raises(ValueError, match="not a plain file name"):
        staging.write(name, "x")
    staging.discard()
    assert leftovers(tmp_path) == []
