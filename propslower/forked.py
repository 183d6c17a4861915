"""Work done in a forked child on the second core while the parent goes on; its answer pickled.

``Forked.start(work)`` forks a child that runs ``work`` on its copy of the parent's memory
and pickles the result into a temporary file; ``result()`` waits for it. The child's answer
is the result, or the ``DiagnosticError`` the work raised (its diagnostics and sources,
raised again in the parent). Anything else (another exception, a signal, an answer that
does not pickle) and the parent runs ``work`` itself, which fails as it always would. A
platform without ``fork``, a process with other threads (a lock one of them holds would stay
locked in the child) or a fork that fails runs ``work`` at once, in the parent.

The child costs a fork (page tables copied: about 1 ms for a small process, 0.1 s for one
holding a translation unit's cursors) and the answer's round trip through the file.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import tempfile
import threading
from collections.abc import Callable
from typing import IO, Any, ClassVar, Generic, Self, TypeVar, cast

from propslower.diagnostics import DiagnosticError
from propslower.ir.nogc import gc_paused

T = TypeVar("T")

_FAILED = 70
"""The child's exit status when it has no answer (the parent then runs the work itself)."""


def several_cores() -> bool:
    """Whether this process may run on more than one core (a child pinned to the parent's
    core would only add the fork's cost)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) > 1
    return (os.cpu_count() or 1) > 1


def can_fork() -> bool:
    """Whether ``Forked.start`` would fork here: the platform has ``fork`` and the process
    no other thread."""
    return hasattr(os, "fork") and threading.active_count() == 1


class Forked(Generic[T]):
    """The result of some work: computed in a forked child, or already computed."""

    freezes: ClassVar[bool] = False
    """Whether every object of the parent is frozen (``gc.freeze``) from the fork until
    ``close()``: for a parent that keeps what the work reads and makes many objects
    meanwhile, whose collections would otherwise walk them all, again and again."""

    def __init__(
        self,
        work: Callable[[], T] | None,
        child: _Child | None = None,
        found: tuple[T] | None = None,
    ) -> None:
        self._work, self._child, self._found = work, child, found
        self._error: DiagnosticError | None = None
        """What ``result()`` raised, raised again by every later call."""
        self._frozen = child is not None and self.freezes
        """Whether the objects of the process were frozen for the child (until ``close()``)."""

    @classmethod
    def done(cls, value: T) -> Self:
        """A result already computed."""
        return cls(None, found=(value,))

    @classmethod
    def start(cls, work: Callable[[], T], *, fork: bool = True) -> Self:
        """Run ``work`` in a forked child now; without ``fork`` (or ``os.fork``), in a process
        with other threads, or when the fork fails, here and now. Call it with the collector
        paused when ``freezes``."""
        if fork and can_fork():
            if cls.freezes:
                gc.freeze()
            try:
                return cls(work, _Child.start(work))
            except OSError:
                if cls.freezes:
                    gc.unfreeze()
        return cls.done(work())

    @property
    def forked(self) -> bool:
        """Whether a child is computing the result (until ``result()`` or ``close()``)."""
        return self._child is not None

    def result(self) -> T:
        """The result (waiting for the child); raises the work's ``DiagnosticError``, on this
        call and every later one. What the work read stays, frozen if the fork froze it,
        until ``close()``."""
        if self._found is not None:
            return self._found[0]
        if self._error is not None:
            raise self._error
        child, self._child = self._child, None
        try:
            with gc_paused():
                found = None if child is None else child.answer()
                if found is None:
                    if self._work is None:
                        raise RuntimeError("the work was closed")
                    found = (self._work(),)
        except DiagnosticError as error:
            self._error = error
            raise
        self._found = cast("tuple[T]", found)
        return self._found[0]

    def close(self) -> None:
        """Stop the child if it still runs, and let the work and its result go (the objects
        the fork froze are unfrozen once they have)."""
        child, self._child = self._child, None
        if child is not None:
            child.kill()
        with gc_paused():
            self._work = None  # what it holds goes while still frozen: no collection walks it
            self._found = None
        if self._frozen:
            self._frozen = False
            gc.unfreeze()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


class _Child:
    """The forked child and the file it pickles its answer into."""

    def __init__(self, pid: int, answer: IO[bytes]) -> None:
        self.pid, self.file = pid, answer

    @classmethod
    def start(cls, work: Callable[[], object]) -> _Child:
        answer = tempfile.TemporaryFile()  # noqa: SIM115 - closed by answer() or kill()
        try:
            pid = os.fork()
        except OSError:
            answer.close()
            raise
        if pid == 0:  # the child: never returns into the caller
            status = _FAILED
            try:
                _quiet()
                payload = _payload(work)
                pickle.dump(payload, answer, protocol=pickle.HIGHEST_PROTOCOL)
                answer.flush()
                status = 0
            finally:
                os._exit(status)
        return cls(pid, answer)

    def answer(self) -> tuple[Any] | None:
        """The child's result in a 1-tuple (raising its ``DiagnosticError``), ``None`` if it
        has none."""
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:  # reaped by someone else: its status is unknown
            status = -1
        try:
            if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
                return None
            self.file.seek(0)
            try:
                payload = pickle.load(self.file)
            except Exception:  # any unreadable answer: the parent runs the work instead
                return None
        finally:
            self.file.close()
        return _unpacked(payload)

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        self.file.close()


def _quiet() -> None:
    """The child prints nothing (the parent's own run shows any failure) and dies of the
    signals that end a run."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    gc.disable()  # the work makes many objects in no cycle, as the parent's does


def _payload(work: Callable[[], object]) -> tuple[Any, ...]:
    try:
        return ("result", work())
    except DiagnosticError as error:
        return ("error", error.diagnostics, error.sources)


def _unpacked(payload: tuple[Any, ...]) -> tuple[Any]:
    if payload[0] == "error":
        raise DiagnosticError(payload[1], payload[2])
    return (payload[1],)
