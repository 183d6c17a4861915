"""Writing without verification streams the module; what is written is the same; what does
not verify is not written."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.commands.common import EXIT_ERRORS
from propslower.commands.module_io import transform_module
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.forked import several_cores
from propslower.ir import render as ir_render
from propslower.ir import scan
from propslower.ir.module import Module
from tests.conftest import CliRun

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from annotate import spec_for
from synth import kernel_count, synthesize

Cli = Callable[..., CliRun]


def _bench_inputs(tmp_path: Path, command: str) -> tuple[Path, list[str]]:
    """A small benchmark module for ``command`` and its options (``annotate``: a spec)."""
    megabytes = 0.1
    module = tmp_path / "in.ll"
    module.write_text(synthesize(megabytes, command == "spirv"))
    spec = tmp_path / "spec.yaml"
    spec.write_text(spec_for(kernel_count(megabytes)))
    return module, ["--props", str(spec)] if command == "annotate" else []


@pytest.mark.parametrize("command", ["annotate", "spirv"])
def test_streamed_output_is_the_verified_output(
    cli: Cli, tmp_path: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ir_render, "_PIECE", 4096)  # many pieces
    module, options = _bench_inputs(tmp_path, command)
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


@pytest.mark.parametrize("command", ["annotate", "spirv"])
def test_an_unverified_run_reads_a_large_module_in_two(
    cli: Cli, tmp_path: Path, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, options = _bench_inputs(tmp_path, command)
    split: list[int] = []
    original = scan._in_two

    def recorded(scanner: scan._Scanner, at: int) -> None:
        split.append(at)
        original(scanner, at)

    monkeypatch.setattr(scan, "SPLIT_AT", 0)
    monkeypatch.setattr(scan, "_in_two", recorded)
    verified, unverified = tmp_path / "verified.ll", tmp_path / "unverified.ll"
    assert cli(command, str(module), *options, "-o", str(verified)).status == 0
    assert split == []  # the second core checks the input then
    assert cli(command, str(module), *options, "--no-verify", "-o", str(unverified)).status == 0
    assert len(split) == (1 if several_cores() else 0)
    assert unverified.read_bytes() == verified.read_bytes()


MODULE = """define void @f() {
entry:
  ret void
}
"""


def _breaks_the_module(module: Module) -> list[Diagnostic]:
    function = module.functions()[0]
    function.insert_after(function.instructions()[0], "  %x = add i32 %nowhere, 1")
    return []


@pytest.mark.parametrize("target", ["file", "stdout"])
def test_an_output_that_does_not_verify_is_never_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    source = tmp_path / "in.ll"
    source.write_text(MODULE)
    output = tmp_path / "out.ll"
    output.write_text("kept\n")
    extra = tmp_path / "extra.txt"
    args = argparse.Namespace(
        input=str(source),
        output=str(output) if target == "file" else None,
        in_place=False,
        verifier="llvmlite",
    )

    def write_extra() -> None:
        extra.write_text("x")

    status = transform_module(args, _breaks_the_module, write_extra)
    captured = capsys.readouterr()
    assert status == EXIT_ERRORS
    assert "error: invalid IR" in captured.err
    assert captured.out == ""
    assert output.read_text() == "kept\n"
    assert not extra.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.ll", "out.ll"]


def test_the_pass_s_warnings_come_with_a_write_error(tmp_path: Path) -> None:
    source = tmp_path / "in.ll"
    source.write_text(MODULE)
    args = argparse.Namespace(
        input=str(source), output=str(tmp_path / "missing" / "out.ll"), in_place=False,
        verifier="llvmlite",
    )  # fmt: skip

    def warns(module: Module) -> list[Diagnostic]:
        assert module.functions()
        return [Diagnostic.warning("a warning of the pass")]

    with pytest.raises(DiagnosticError) as raised:
        transform_module(args, warns)
    messages = [d.message for d in raised.value.diagnostics]
    assert messages[0] == "a warning of the pass"
    assert messages[1].startswith("cannot write")
