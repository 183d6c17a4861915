"""Whole outputs of ``propslower spirv``: ``.ll`` snapshots and the CLI's reports."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from tests.conftest import CliRun
from tests.spirv.helpers import INPUTS

CASES = [
    ("typed.ll", "design"),
    ("typed.ll", "dpcpp"),
    ("opaque.ll", "design"),
    ("opaque.ll", "dpcpp"),
    ("dpcpp.ll", "dpcpp"),
]


@pytest.mark.parametrize(("name", "profile"), CASES)
def test_output(
    name: str, profile: str, cli: Callable[..., CliRun], ll_snapshot: SnapshotAssertion
) -> None:
    result = cli("spirv", "--profile", profile, str(INPUTS / name))
    assert result.status == 0, result.stderr
    assert result.stdout == ll_snapshot


def test_member_metadata_output(cli: Callable[..., CliRun], ll_snapshot: SnapshotAssertion) -> None:
    result = cli("spirv", "--member-decorations=metadata", str(INPUTS / "typed.ll"))
    assert result.status == 0, result.stderr
    assert result.stdout == ll_snapshot


def test_explain(cli: Callable[..., CliRun], snapshot: SnapshotAssertion) -> None:
    result = cli("spirv", "--explain", "-v", "--profile", "dpcpp", str(INPUTS / "dpcpp.ll"))
    assert result.status == 0
    assert result.stderr == snapshot


def test_in_place_and_error_writes_nothing(cli: Callable[..., CliRun], tmp_path: Path) -> None:
    path = tmp_path / "k.ll"
    original = (INPUTS / "opaque.ll").read_text().replace('"8,4,2"', '"8,4,2,1"')
    path.write_text(original)
    result = cli("spirv", "-i", str(path))
    assert result.status == 1
    assert "more than three dimensions" in result.stderr
    assert path.read_text() == original
    path.write_text((INPUTS / "opaque.ll").read_text())
    assert cli("spirv", "-i", str(path)).status == 0
    assert "!spirv.ExecutionMode" in path.read_text()


def test_map_file_overrides(cli: Callable[..., CliRun], tmp_path: Path) -> None:
    table = tmp_path / "map.yaml"
    table.write_text(
        "properties:\n  sycl-frob:\n    - {target: execution_mode, id: 35, "
        "spirv_name: SubgroupSize, encoding: integer}\n"
    )
    module = tmp_path / "k.ll"
    module.write_text(
        (INPUTS / "opaque.ll").read_text().replace("sycl-sub-group-size", "sycl-frob")
    )
    result = cli("spirv", "--map", str(table), str(module))
    assert result.status == 0, result.stderr
    assert "!{ptr @K, i32 35, i32 16}" in result.stdout
