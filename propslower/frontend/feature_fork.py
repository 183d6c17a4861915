"""``cc`` reads the optional-kernel-feature facts in a forked child while it lowers the records.

Once the reader's walk has its records, the feature read (``feature_graph.read_features``,
0.3 s of ``cc``'s 2.4 s on 3,000 decorated instantiations) needs only the translation unit,
and the lowering until the feature metadata needs only the records and clang's IR.
``read_started`` forks a child that reads the features with the same cursors (its copy of the
parent's memory) and pickles them into a temporary file, while the parent parses and lowers
clang's IR on the other core. ``cc`` asks for the child only when clang has finished and the
process may use more than one core: while clang runs, that core is clang's, and the parent
reads the features as ``reader.read`` does (the real DPC++ headers' translation units). The
parent does not call libclang until it has the answer, and the child calls it from its only
thread. The child costs about 0.1 s of system time (the fork, copied pages): where every core
is busy (a parallel build), that is what it adds.

The child's answer is the features, or the ``DiagnosticError`` the read raised (its
diagnostics and sources, raised again in the parent). Anything else (another exception, a
signal, an answer that does not pickle) and the parent reads the features itself, which
fails as the read always did. A platform without ``fork``, a process with other threads or a
fork that fails reads them at once, before the lowering.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import tempfile
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from propslower.diagnostics import DiagnosticError
from propslower.frontend.feature_model import FeatureWork, TableLoader, TranslationUnitFeatures
from propslower.frontend.preamble import PreambleCache
from propslower.frontend.reader import read_records
from propslower.frontend.records import ReadResult
from propslower.ir.nogc import gc_paused

_FAILED = 70
"""The child's exit status when it has no answer (the parent then reads inline)."""


def read_started(
    path: str | Path,
    args: Sequence[str] = (),
    unsaved: Mapping[str, str] | None = None,
    *,
    features: TableLoader | None = None,
    preambles: PreambleCache | None = None,
    fork: bool | Callable[[], bool] = True,
) -> tuple[ReadResult, PendingFeatures]:
    """``reader.read`` with its features still being read, in a child if ``fork`` says so (a
    function is asked once the records are read): the result's ``features`` field is empty,
    ``PendingFeatures.result()`` has them."""
    with gc_paused():
        result, work = read_records(path, args, unsaved, features=features, preambles=preambles)
        if work is None:
            return result, PendingFeatures.done(TranslationUnitFeatures())
        pending = PendingFeatures.start(work, fork=fork() if callable(fork) else fork)
        del work  # unless the parent keeps them for later, the cursors go with the collector off
        return result, pending


def several_cores() -> bool:
    """Whether this process may run on more than one core (a child pinned to the parent's
    core would only add the fork's cost: 0.1 s of page copies on 3,000 instantiations)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) > 1
    return (os.cpu_count() or 1) > 1


class PendingFeatures:
    """A translation unit's features: read in a forked child, or already read."""

    def __init__(
        self,
        work: FeatureWork | None,
        child: _Child | None = None,
        found: TranslationUnitFeatures | None = None,
    ) -> None:
        self._work, self._child, self._found = work, child, found
        self._frozen = child is not None
        """Whether the objects of the process were frozen for the child (until ``close()``)."""

    @classmethod
    def done(cls, features: TranslationUnitFeatures) -> PendingFeatures:
        """Features already read."""
        return cls(None, found=features)

    @classmethod
    def start(cls, work: FeatureWork, *, fork: bool = True) -> PendingFeatures:
        """Run ``work`` in a forked child now; without ``fork`` (or ``os.fork``), or when the
        fork fails, here and now (the cursors then go before the lowering, as in
        ``reader.read``); so too in a process with other threads, where a lock one of them
        holds would stay locked in the child. Call it with the collector paused.

        Until ``close()``, every object of the parent is frozen (``gc.freeze``): the parent
        keeps the cursors for a read of its own, and the collections of its lowering would
        otherwise walk them all, again and again (0.6 s of 3,000 instantiations).
        """
        if fork and hasattr(os, "fork") and threading.active_count() == 1:
            gc.freeze()
            try:
                return cls(work, _Child.start(work))
            except OSError:
                gc.unfreeze()
        return cls.done(work())

    @property
    def forked(self) -> bool:
        """Whether a child is reading the features (until ``result()`` or ``close()``)."""
        return self._child is not None

    def result(self) -> TranslationUnitFeatures:
        """The features (waiting for the child); raises the read's ``DiagnosticError``. The
        cursors stay, frozen if the fork froze them, until ``close()``: freeing them costs
        0.07 s on 3,000 instantiations, which ``cc`` spends while the verifier reads its
        output."""
        if self._found is not None:
            return self._found
        child, self._child = self._child, None
        with gc_paused():
            found = None if child is None else child.answer()
            if found is None:
                if self._work is None:
                    raise RuntimeError("the features were closed")
                found = self._work()
        self._found = found
        return found

    def close(self) -> None:
        """Stop the child if it still runs, and let the cursors go (the objects the fork froze
        are unfrozen once they have)."""
        child, self._child = self._child, None
        if child is not None:
            child.kill()
        with gc_paused():
            self._work = None  # the cursors go while still frozen: no collection walks them
        if self._frozen:
            self._frozen = False
            gc.unfreeze()

    def __enter__(self) -> PendingFeatures:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


class _Child:
    """The forked child and the file it pickles its answer into."""

    def __init__(self, pid: int, answer: IO[bytes]) -> None:
        self.pid, self.file = pid, answer

    @classmethod
    def start(cls, work: FeatureWork) -> _Child:
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

    def answer(self) -> TranslationUnitFeatures | None:
        """The child's features (raising its ``DiagnosticError``), ``None`` if it has none."""
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
            except Exception:  # any unreadable answer: read inline instead
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
    """The child prints nothing (the parent's inline read shows any failure) and dies of
    the signals that end a run."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    gc.disable()  # as in the parent's read: many cursors, no cycles


def _payload(work: FeatureWork) -> tuple[Any, ...]:
    try:
        return ("features", work())
    except DiagnosticError as error:
        return ("error", error.diagnostics, error.sources)


def _unpacked(payload: tuple[Any, ...]) -> TranslationUnitFeatures:
    if payload[0] == "error":
        raise DiagnosticError(payload[1], payload[2])
    found = payload[1]
    assert isinstance(found, TranslationUnitFeatures)
    return found
