"""Work in a forked child: the same answers and errors as inline, and every failure covered."""

from __future__ import annotations

import gc
import os
import signal
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.forked import Forked, several_cores

Answer = dict[str, list[int]]
ANSWER: Answer = {"rows": [1, 2, 3]}


class Freezing(Forked[Answer]):
    """A ``Forked`` that freezes the parent's objects while its child runs."""

    freezes = True


def in_child_only(parent: int, child: Callable[[], None]) -> Answer:
    """``ANSWER``, after ``child()`` when run in a child process."""
    if os.getpid() != parent:
        child()
    return ANSWER


def kill_myself() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def fail() -> None:
    raise ValueError("only in the child")


def unpicklable() -> None:
    raise DiagnosticError(Diagnostic.error("x"), {"x.cpp": Unpicklable()})  # type: ignore[dict-item]


class Unpicklable:
    """Sources no pickle takes: the child has no answer to send."""

    def __reduce__(self) -> Any:
        raise TypeError("not this one")


@pytest.mark.parametrize("child", [kill_myself, fail, unpicklable])
def test_a_child_without_an_answer_means_the_parent_works(child: Callable[[], None]) -> None:
    pending = Freezing.start(partial(in_child_only, os.getpid(), child))
    assert pending.forked
    found = pending.result()
    assert (found, pending.forked) == (ANSWER, False)
    assert gc.get_freeze_count() > 0  # until close(): what the work reads stays out of collections
    pending.close()
    assert gc.get_freeze_count() == 0


def test_the_parents_own_run_fails_as_the_work_would() -> None:
    def broken() -> Answer:
        raise ValueError("a bug in the work")

    with Freezing.start(broken) as pending, pytest.raises(ValueError, match="a bug in"):
        pending.result()
    assert gc.get_freeze_count() == 0


def test_the_child_error_keeps_its_sources() -> None:
    def misuse() -> Answer:
        raise DiagnosticError(Diagnostic.error("bad", Span("x.cpp", 1, 1)), {"x.cpp": "text"})

    with pytest.raises(DiagnosticError) as raised, Freezing.start(misuse) as pending:
        pending.result()
    assert raised.value.diagnostics == (Diagnostic.error("bad", Span("x.cpp", 1, 1)),)
    assert raised.value.sources == {"x.cpp": "text"}


def failing_fork() -> int:
    raise OSError(11, "Resource temporarily unavailable")


def test_a_failed_fork_works_inline_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def work() -> Answer:
        calls.append(os.getpid())
        return ANSWER

    monkeypatch.setattr(os, "fork", failing_fork)
    pending = Freezing.start(work)
    assert calls == [os.getpid()]  # at once, before the caller goes on
    assert not pending.forked
    assert gc.get_freeze_count() == 0
    assert pending.result() == ANSWER
    assert calls == [os.getpid()]


def test_no_fork_on_the_platform_works_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "fork")
    pending = Freezing.start(lambda: ANSWER)
    assert not pending.forked
    assert pending.result() == ANSWER


def test_a_process_with_other_threads_works_inline() -> None:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        pending = Freezing.start(lambda: ANSWER)
    finally:
        stop.set()
        thread.join()
    assert not pending.forked
    assert pending.result() == ANSWER


def test_one_usable_core_is_no_reason_to_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0}, raising=False)
    assert not several_cores()
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
    assert several_cores()
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert not several_cores()


def test_close_ends_the_child() -> None:
    def slow() -> Answer:
        time.sleep(60)
        return ANSWER

    pending = Freezing.start(slow)
    child = pending._child
    assert child is not None
    started = time.monotonic()
    pending.close()
    assert time.monotonic() - started < 10
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, os.WNOHANG)
    assert gc.get_freeze_count() == 0
    assert not pending.forked


def test_a_child_answers_with_its_result() -> None:
    parent = os.getpid()
    with Forked.start(lambda: {"pid": [os.getpid()]}) as pending:
        assert pending.forked
        assert gc.get_freeze_count() == 0  # only a class that freezes does
        answer = pending.result()
        assert (pending.forked, pending.result() is answer) == (False, True)
    assert answer["pid"] != [parent]
    with pytest.raises(RuntimeError, match="closed"):
        pending.result()  # close() lets the result go too


def test_done_is_a_result_without_a_child() -> None:
    pending = Forked.done(ANSWER)
    assert not pending.forked
    assert pending.result() is ANSWER


def test_a_closed_work_has_no_result() -> None:
    pending = Forked.start(lambda: ANSWER)
    pending.close()
    with pytest.raises(RuntimeError, match="closed"):
        pending.result()


def test_the_works_error_is_raised_again_without_running_it_again() -> None:
    runs: list[int] = []

    def misuse() -> Answer:
        runs.append(os.getpid())
        raise DiagnosticError(Diagnostic.error("bad", Span("x.cpp", 1, 1)), {"x.cpp": "text"})

    with Forked.start(misuse) as pending:
        for _ in range(2):
            with pytest.raises(DiagnosticError, match="bad"):
                pending.result()
    assert os.getpid() not in runs  # the child's error, twice: the parent never ran it
