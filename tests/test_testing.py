"""The pytest plugin never stops pytest: without syrupy only ``ll_snapshot`` users fail."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PYTEST_PARTS = ("pytest", "_pytest", "pluggy", "iniconfig", "packaging", "pygments", "py.py")
REPOSITORY = Path(__file__).resolve().parent.parent


def _site_without_syrupy(root: Path) -> Path:
    """A site directory holding pytest and propslower (with its pytest11 entry point) only."""
    site = root.with_name(root.name + "-site")
    site.mkdir()
    installed = Path(pytest.__file__).resolve().parents[1]
    for entry in installed.iterdir():
        base = entry.name.split("-")[0]
        if entry.name in PYTEST_PARTS or (
            entry.name.endswith(".dist-info") and base in PYTEST_PARTS
        ):
            (site / entry.name).symlink_to(entry)
    (site / "propslower").symlink_to(REPOSITORY / "propslower")
    info = site / "propslower-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: propslower\nVersion: 0\n")
    (info / "entry_points.txt").write_text("[pytest11]\npropslower = propslower.testing\n")
    return site


def _pytest(project: Path, *, hide_syrupy: bool) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ)
    python = [sys.executable]
    if hide_syrupy:
        python += ["-S"]  # no site-packages: only what the site directory holds
        environment["PYTHONPATH"] = str(_site_without_syrupy(project))
    return subprocess.run(
        [*python, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(project)],
        cwd=project,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def test_an_unrelated_project_passes_without_syrupy(tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_sum():\n    assert 1 + 1 == 2\n")
    finished = _pytest(tmp_path, hide_syrupy=True)
    assert finished.returncode == 0, finished.stdout + finished.stderr
    assert "1 passed" in finished.stdout


def test_the_fixture_without_syrupy_fails_with_one_line(tmp_path: Path) -> None:
    test = "def test_ir(ll_snapshot):\n    assert 'define void @f()' == ll_snapshot\n"
    (tmp_path / "test_ir.py").write_text(test)
    finished = _pytest(tmp_path, hide_syrupy=True)
    assert finished.returncode == 1
    assert "needs syrupy: pip install 'propslower[pytest]'" in finished.stdout
    assert "Traceback" not in finished.stdout


def test_the_fixture_with_syrupy_writes_a_normalised_snapshot(tmp_path: Path) -> None:
    ir = "; ModuleID = 'x'\nsource_filename = \"x.c\"\nattributes #7 = { nounwind }\n"
    test = f"def test_ir(ll_snapshot):\n    assert {ir!r} == ll_snapshot\n"
    (tmp_path / "test_ir.py").write_text(test)
    created = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--snapshot-update"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert created.returncode == 0, created.stdout
    (stored,) = (tmp_path / "__snapshots__").rglob("*.ll")
    assert stored.read_text() == "attributes #8661 = { nounwind }\n"
    assert _pytest(tmp_path, hide_syrupy=False).returncode == 0


def test_a_failed_comparison_names_the_snapshot_file(tmp_path: Path) -> None:
    snapshot = tmp_path / "__snapshots__" / "test_ir" / "test_ir.ll"
    snapshot.parent.mkdir(parents=True)
    snapshot.write_text("attributes #8661 = { nounwind }\n")
    test = "def test_ir(ll_snapshot):\n    assert 'attributes #0 = { convergent }' == ll_snapshot\n"
    (tmp_path / "test_ir.py").write_text(test)
    finished = _pytest(tmp_path, hide_syrupy=False)
    assert finished.returncode == 1
    named = "snapshot file: __snapshots__/test_ir/test_ir.ll (pytest --snapshot-update rewrites it)"
    assert named in finished.stdout
    assert "- attributes #8661 = { nounwind }" in finished.stdout
