"""Writing without verification streams the module; what is written is the same."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.ir import render as ir_render
from tests.conftest import CliRun

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from annotate import spec_for
from synth import kernel_count, synthesize

Cli = Callable[..., CliRun]


@pytest.mark.parametrize("command", ["annotate", "spirv"])
def test_streamed_output_is_the_verified_output(
    cli: Cli, tmp_path: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ir_render, "_PIECE", 4096)  # many pieces
    megabytes = 0.1
    module = tmp_path / "in.ll"
    module.write_text(synthesize(megabytes, command == "spirv"))
    spec = tmp_path / "spec.yaml"
    spec.write_text(spec_for(kernel_count(megabytes)))
    options = ["--props", str(spec)] if command == "annotate" else []
    verified, streamed = tmp_path / "verified.ll", tmp_path / "streamed.ll"
    first = cli(command, str(module), *options, "-o", str(verified))
    second = cli(command, str(module), *options, "--no-verify", "-o", str(streamed))
    assert (first.status, second.status, first.stderr, second.stderr) == (0, 0, "", "")
    assert streamed.read_bytes() == verified.read_bytes()
    printed = cli(command, str(module), *options, "--no-verify")
    assert printed.stdout == verified.read_text()
    in_place = tmp_path / "in-place.ll"
    in_place.write_bytes(module.read_bytes())
    in_place.chmod(0o640)
    edited = cli(command, str(in_place), *options, "--no-verify", "-i")
    assert edited.status == 0
    assert in_place.read_bytes() == verified.read_bytes()
    assert in_place.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
