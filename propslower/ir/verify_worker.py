"""One verifier process for many module texts: a split of thousands of images forks once.

``verify.start_verification`` forks a child per text, which costs about 30 ms when the parent
holds a large module (the fork and the child's exit copy and tear down its page tables):
13,000 images took minutes. A ``VerifierWorker`` forks one child that reads texts from a pipe
and answers each with its outcome, verifying one text while the parent builds the next. A
text that aborts LLVM (llvmlite's LLVM is built with assertions) ends that child: its outcome
is ``aborted``, and the next text starts a new child.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import struct
import tempfile
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, BinaryIO

from propslower.diagnostics import Diagnostic
from propslower.ir.verify import VERIFIERS, Outcome, choose_verifier, outcome_diagnostics
from propslower.process_exit import at_exit

if TYPE_CHECKING:
    from propslower.ir.unchanged_bodies import ModuleLayout

_HEADER = struct.Struct("<QBB")
"""Each request: the text's length in bytes, the index of its verifier in ``_NAMES`` and
what to do with it (``_VERIFY``, ``_BASE`` or ``_VERIFY_EDIT``)."""
_NAMES = tuple(name for name, work in VERIFIERS.items() if work is not None)
_VERIFY, _BASE, _VERIFY_EDIT = range(3)
"""Verify the text; keep it (unanswered) as the base of later texts; verify a text that is
an edit of the base, reading again only what the edit changed (``unchanged_bodies``)."""


class VerifierWorker:
    """Verifies texts one after another in a forked child; one text in flight at a time."""

    def __init__(self, verifier: str = "auto") -> None:
        self._verifier = verifier
        self._child: _Worker | None = None
        self._pending: tuple[str, str, int] | None = None
        """The text in flight, its name (for the diagnostics' positions) and its mode."""
        self._has_base = False

    def start(self) -> VerifierWorker:
        """Fork the child now, so that it loads LLVM while the caller still works on the first
        text (``cc``: while clang and libclang run); a ``none`` verifier forks nothing."""
        if self._child is None and self._verifier != "none":
            self._child = _Worker.start()
        return self

    def submit_base(self, text: str) -> None:
        """Send the text later texts are edits of: the child keeps its layout, and a later
        text verifies without LLVM reading again the function bodies it shares with this one
        (``unchanged_bodies``). The base itself is not verified here: the caller has it
        verified, and trusts a later verdict only if the base verified."""
        if self._verifier == "none":
            return
        if self._child is None:
            self._child = _Worker.start()
        self._child.send(text, 0, _BASE)
        self._has_base = True

    def submit(self, text: str, name: str) -> list[Diagnostic]:
        """Send ``text`` to be verified; return the findings of the text sent before it
        (empty when it verified or there was none)."""
        found = self.finish()
        chosen = choose_verifier(text, self._verifier)
        if VERIFIERS[chosen] is None:
            return found
        mode = _VERIFY_EDIT if self._has_base else _VERIFY
        if self._child is None:
            self._child = _Worker.start()
        self._child.send(text, _NAMES.index(chosen), mode)
        self._pending = (text, name, mode)
        return found

    def finish(self) -> list[Diagnostic]:
        """The findings of the text in flight (waiting for them), if any."""
        if self._pending is None or self._child is None:
            return []
        text, name, mode = self._pending
        self._pending = None
        outcome = self._child.receive()
        if outcome[0] == "aborted":
            self._child.close()
            self._child = None
            if mode == _VERIFY_EDIT:  # LLVM may have aborted on a stub: read the whole text
                self._has_base = False
                self.submit(text, name)
                return self.finish()
        return outcome_diagnostics(outcome, text, name)

    def close(self) -> None:
        """Stop the child (the text in flight, if any, is not waited for)."""
        if self._child is not None:
            self._child.close()
            self._child = None
        self._pending = None

    def __enter__(self) -> VerifierWorker:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


_KILLED: list[int] = []
"""Children killed and not reaped yet. A child that holds a large module takes tens of
milliseconds to die (the kernel frees its memory) and nothing needs its exit status, so
``close`` does not wait for it: each close and each start reaps the ones that are gone, and
the process's exit waits for the rest (no zombie is left to an init that may not reap it)."""


def _reap_killed(wait: bool = False) -> None:
    for pid in list(_KILLED):
        try:
            gone = os.waitpid(pid, 0 if wait else os.WNOHANG)[0] != 0
        except ChildProcessError:
            gone = True
        if gone:
            _KILLED.remove(pid)


def _reap_all_killed() -> None:
    _reap_killed(wait=True)


class _Worker:
    """The forked child and the two pipes to it."""

    def __init__(self, pid: int, requests: BinaryIO, answers: BinaryIO, errors: BinaryIO) -> None:
        self.pid, self.requests, self.answers, self.errors = pid, requests, answers, errors
        self._sending: threading.Thread | None = None

    @classmethod
    def start(cls) -> _Worker:
        _reap_killed()
        request_read, request_write = os.pipe()
        answer_read, answer_write = os.pipe()
        errors = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()
        pid = os.fork()
        if pid == 0:  # the child: never returns into the caller
            status = 70
            try:
                os.close(request_write)
                os.close(answer_read)
                os.dup2(errors.fileno(), 2)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                _serve(os.fdopen(request_read, "rb"), os.fdopen(answer_write, "wb"))
                status = 0
            finally:
                os._exit(status)
        os.close(request_read)
        os.close(answer_write)
        return cls(pid, os.fdopen(request_write, "wb"), os.fdopen(answer_read, "rb"), errors)

    def send(self, text: str, verifier: int, mode: int) -> None:
        """Send ``text`` from a thread: the pipe takes it only as fast as the child reads, and
        the caller goes on meanwhile (the writes release the interpreter lock)."""
        self._sent()  # one text after another on the pipe
        data = text.encode("utf-8", "surrogatepass")
        self._sending = threading.Thread(
            target=self._write, args=(data, verifier, mode), daemon=True
        )
        self._sending.start()

    def _write(self, data: bytes, verifier: int, mode: int) -> None:
        try:
            self.requests.write(_HEADER.pack(len(data), verifier, mode))
            self.requests.write(data)
            self.requests.flush()
        except (BrokenPipeError, ValueError):
            return  # the child is gone (or was closed): receive() reports how

    def _sent(self) -> None:
        if self._sending is not None:
            self._sending.join()
            self._sending = None

    def receive(self) -> Outcome:
        self._sent()
        line = self.answers.readline()
        if line:
            kind, message = json.loads(line)
            return str(kind), str(message)
        _, status = os.waitpid(self.pid, 0)
        self.pid = 0
        self.errors.seek(0)
        printed = self.errors.read().decode("utf-8", "replace").strip()
        last = printed.splitlines()[-1] if printed else "no message"
        if os.WIFSIGNALED(status):
            return "aborted", f"{signal.Signals(os.WTERMSIG(status)).name}: {last}"
        return "aborted", f"the verifier process ended: {last}"

    def close(self) -> None:
        if self.pid:
            os.kill(self.pid, signal.SIGKILL)  # first: a write in flight then ends
            _KILLED.append(self.pid)
            at_exit(_reap_all_killed)
            self.pid = 0
        _reap_killed()
        self._sent()
        for stream in (self.requests, self.answers):
            with contextlib.suppress(BrokenPipeError):
                stream.close()
        self.errors.close()


def _serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """The child's loop: a request, its outcome as one JSON line, until the pipe closes.
    llvmlite's LLVM is loaded first, before the first request arrives."""
    import llvmlite.binding  # noqa: F401, PLC0415 - loaded in the child only, while it waits

    from propslower.ir.unchanged_bodies import ModuleLayout  # noqa: PLC0415 - the child's

    base: ModuleLayout | None = None
    while header := requests.read(_HEADER.size):
        size, verifier, mode = _HEADER.unpack(header)
        text = requests.read(size).decode("utf-8", "surrogatepass")
        if mode == _BASE:
            base = ModuleLayout.of(text)
            if base is not None:
                base.line_set  # noqa: B018 - made now, while the caller's pass runs
            continue
        work = VERIFIERS[_NAMES[verifier]]
        assert work is not None
        outcome = _edit_outcome(work, base, text) if mode == _VERIFY_EDIT else None
        answers.write(json.dumps(outcome or work(text)).encode("utf-8") + b"\n")
        answers.flush()


def _edit_outcome(
    work: Callable[[str], Outcome], base: ModuleLayout | None, text: str
) -> Outcome | None:
    """``ok`` when ``text`` with the bodies it shares with ``base`` stubbed verifies, else
    ``None``: no verdict (the stubs may be what failed), the whole text is verified instead."""
    from propslower.ir.unchanged_bodies import stub_unchanged_bodies  # noqa: PLC0415

    stubbed = None if base is None else stub_unchanged_bodies(base, text)
    if stubbed is None:
        return None
    outcome = work(stubbed)
    return outcome if outcome[0] == "ok" else None
