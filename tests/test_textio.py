"""Outputs never harm what they name; inputs that never end or are binary fail fast."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from propslower.diagnostics import DiagnosticError, render_all
from propslower.textio import read_source, write_atomically

REPOSITORY = Path(__file__).resolve().parent.parent
DEVICE = REPOSITORY / "examples" / "ir" / "device.ll"
SPEC = REPOSITORY / "examples" / "ir" / "device.yaml"

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="mknod of a device node needs root")


def _message(error: pytest.ExceptionInfo[DiagnosticError]) -> str:
    return render_all(error.value.diagnostics).strip()


@needs_root
def test_a_character_device_stays_a_device(tmp_path: Path) -> None:
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    write_atomically(null, "text\n")
    assert stat.S_ISCHR(null.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["null"]


@needs_root
def test_annotate_to_a_null_device_leaves_it_a_device(tmp_path: Path) -> None:
    null = tmp_path / "fakenull"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    command = [sys.executable, "-m", "propslower", "annotate", str(DEVICE), "--props", str(SPEC)]
    finished = subprocess.run([*command, "-o", str(null)], capture_output=True, check=False)
    assert finished.returncode == 0, finished.stderr
    assert stat.S_ISCHR(null.stat().st_mode)


def test_a_fifo_is_written_in_place(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    write_atomically(fifo, ["one\n", "two\n"])
    reader.join(timeout=10)
    assert received == [b"one\ntwo\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_dev_stdout_writes_to_the_stream_not_over_it(tmp_path: Path) -> None:
    got = tmp_path / "got.txt"
    script = (
        "from propslower.textio import write_atomically; write_atomically('/dev/stdout', 'x\\n')"
    )
    with got.open("wb") as stream:
        subprocess.run([sys.executable, "-c", script], stdout=stream, check=True)
    assert got.read_bytes() == b"x\n"
    assert Path("/dev/stdout").is_symlink()


def test_a_symlink_is_followed_and_the_real_file_replaced(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "out.ll"
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "link.ll"
    link.symlink_to(real)
    write_atomically(link, "new\n")
    assert link.is_symlink()
    assert real.read_text() == "new\n"
    assert real.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.ll", "real"]
    assert [p.name for p in (tmp_path / "real").iterdir()] == ["out.ll"]


def test_a_new_file_gets_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_atomically(tmp_path / "new.ll", b"bytes\n")
    finally:
        os.umask(old)
    assert (tmp_path / "new.ll").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "new.ll").read_bytes() == b"bytes\n"


@pytest.mark.parametrize(
    ("target", "reason"),
    [("", "Is a directory"), ("missing/out.ll", "No such file or directory")],
)
def test_an_unwritable_target_is_one_diagnostic(tmp_path: Path, target: str, reason: str) -> None:
    path = tmp_path / target if target else tmp_path
    with pytest.raises(DiagnosticError) as error:
        write_atomically(path, "text")
    assert _message(error) == f"propslower: error: cannot write '{path}': {reason}"
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_directory_is_one_diagnostic(tmp_path: Path) -> None:
    target = Path("/proc/propslower-test.ll") if os.geteuid() == 0 else tmp_path / "ro" / "x.ll"
    if os.geteuid() != 0:
        target.parent.mkdir()
        target.parent.chmod(0o555)
    with pytest.raises(DiagnosticError) as error:
        write_atomically(target, "text")
    assert _message(error).startswith(f"propslower: error: cannot write '{target}': ")


def test_sigterm_removes_the_temporary_file(tmp_path: Path) -> None:
    script = f"""
import os, signal, sys, time
from pathlib import Path
from propslower.cli import Terminated, _on_sigterm_unwind
from propslower.textio import write_atomically
_on_sigterm_unwind()
def pieces():
    yield "first\\n"
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(5)
    yield "never\\n"
try:
    write_atomically({str(tmp_path / "out.ll")!r}, pieces())
except Terminated:
    sys.exit(143)
"""
    finished = subprocess.run([sys.executable, "-c", script], check=False, timeout=60)
    assert finished.returncode == 143
    assert list(tmp_path.iterdir()) == []


def test_dev_zero_is_refused_at_the_first_block() -> None:
    with pytest.raises(DiagnosticError) as error:
        read_source("/dev/zero")
    assert _message(error) == "/dev/zero:1:1: error: input is not UTF-8 text (binary data)"


def test_invalid_utf8_is_positioned(tmp_path: Path) -> None:
    path = tmp_path / "map.yaml"
    path.write_bytes(b"rules:\n  - x: \xff\n")
    with pytest.raises(DiagnosticError) as error:
        read_source(str(path))
    assert _message(error) == f"{path}:2:8: error: input is not UTF-8 text (binary data)"


def test_text_split_across_blocks_reads_whole(tmp_path: Path) -> None:
    path = tmp_path / "big.ll"
    text = "; é\n" * 400_000  # several read blocks, with multibyte characters across edges
    path.write_text(text, encoding="utf-8")
    assert read_source(str(path)).text == text


def test_a_directory_input_is_one_diagnostic(tmp_path: Path) -> None:
    with pytest.raises(DiagnosticError) as error:
        read_source(str(tmp_path))
    assert _message(error) == f"propslower: error: cannot read '{tmp_path}': Is a directory"
