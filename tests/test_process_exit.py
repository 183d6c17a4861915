"""The program's exit: hooks run once (by ``cli.program`` or by ``atexit``), output flushed,
children reaped, the exit status kept."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from propslower import process_exit


def test_a_hook_registered_twice_runs_once() -> None:
    calls: list[str] = []

    def hook() -> None:
        calls.append("ran")

    process_exit.at_exit(hook)
    process_exit.at_exit(hook)
    process_exit.run_exit_hooks()
    process_exit.run_exit_hooks()
    assert calls == ["ran"]
    process_exit.at_exit(hook)  # forgotten once run: registered anew
    process_exit.run_exit_hooks()
    assert calls == ["ran", "ran"]


def _run(script: str) -> subprocess.CompletedProcess[str]:
    # buffered standard streams (as in any shell without PYTHONUNBUFFERED): output a missing
    # flush would lose
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env=environment,
    )


def test_the_program_flushes_its_output_and_keeps_its_status() -> None:
    ran = _run(
        """
        import sys
        sys.argv = ["propslower", "parse", "--help"]
        from propslower.cli import program
        program()
        """
    )
    assert ran.returncode == 0
    assert ran.stdout.startswith("usage: propslower parse")
    usage = _run(
        """
        import sys
        sys.argv = ["propslower", "no-such-command"]
        from propslower.cli import program
        program()
        """
    )
    assert usage.returncode == 2 and "invalid choice" in usage.stderr


def test_the_program_reaps_the_verifier_children_it_killed() -> None:
    ran = _run(
        """
        import os, sys
        from propslower.ir import verify_worker
        from propslower.process_exit import run_exit_hooks
        worker = verify_worker.VerifierWorker().start()
        pid = worker._child.pid
        worker.close()
        run_exit_hooks()
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            print("reaped")
        """
    )
    assert ran.stdout.strip() == "reaped", ran.stderr
