"""Concurrent ``-i`` runs on one file keep every edit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from propslower.diagnostics import DiagnosticError
from propslower.inplace import locked_for_update

REPOSITORY = Path(__file__).resolve().parent.parent
DEVICE = REPOSITORY / "examples" / "ir" / "device.ll"


def test_six_concurrent_in_place_edits_all_land(tmp_path: Path) -> None:
    module = tmp_path / "t.ll"
    module.write_bytes(DEVICE.read_bytes())
    runs = []
    for number in range(1, 7):
        spec = tmp_path / f"s{number}.yaml"
        attribute = f'[[__sycl_detail__::add_ir_global_variable_attributes("p{number}", {number})]]'
        spec.write_text(f"globals:\n  dm1: '{attribute}'\n")
        command = [sys.executable, "-m", "propslower", "annotate", str(module)]
        runs.append(subprocess.Popen([*command, "--props", str(spec), "-i"]))
    assert [run.wait(timeout=120) for run in runs] == [0] * 6
    text = module.read_text()
    group = text.splitlines()[-1]
    assert all(f'"p{number}"="{number}"' in group for number in range(1, 7)), group
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_waiter_reads_the_file_that_replaced_the_one_it_locked(tmp_path: Path) -> None:
    path = tmp_path / "f.ll"
    path.write_text("old\n")
    script = f"""
import time
from pathlib import Path
from propslower.inplace import locked_for_update
from propslower.textio import write_atomically
with locked_for_update({str(path)!r}) as source:
    print("locked", flush=True)
    time.sleep(1)
    write_atomically({str(path)!r}, source.text + "first\\n")
"""
    holder = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    assert holder.stdout.readline() == "locked\n"
    with locked_for_update(str(path)) as source:
        assert source.text == "old\nfirst\n"
    assert holder.wait(timeout=60) == 0


def test_in_place_needs_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    descriptor = os.open(fifo, os.O_RDWR)  # a writer, so opening to read does not block
    try:
        with (
            pytest.raises(DiagnosticError, match="-i needs a regular file"),
            locked_for_update(str(fifo)),
        ):
            pass
    finally:
        os.close(descriptor)
