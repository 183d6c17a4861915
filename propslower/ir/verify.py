"""Checking module text with an LLVM that reads it (parse + verify), errors mapped onto spans.

Two verifiers: llvmlite's LLVM (22), which reads every pointer as opaque, and ``llvm-as-15``,
the newest LLVM that still reads typed pointers (``i8 addrspace(1)*``) as typed. ``auto``
picks ``llvm-as-15`` for a typed-pointer module when it is installed, else llvmlite, so
typed-pointer output is checked by an LLVM that would reject what LLVM 15 tools reject.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Callable
from typing import BinaryIO

from propslower.diagnostics import Diagnostic, DiagnosticError, Span

_PARSE_LOCATION = re.compile(r"<(?:string|stdin)>:(\d+):(\d+):\s*(?:error:\s*)?(.*)", re.DOTALL)
_QUOTED_VALUE = re.compile(r"[%@](?:\"[^\"]*\"|[-\w$.]+)")
_TYPED_POINTER = re.compile(
    r"(?:\bi\d+|\bfloat|\bdouble|\bhalf|[}>\]]|%[-\w.$]+)(?: addrspace\(\d+\))?\*\Z"
)
"""A pointer type spelled with ``*``, ending where the search ends: see :func:`typed_pointers`."""
LLVM_AS_15 = "llvm-as-15"
_DOES_NOT_VERIFY = "assembly parsed, but does not verify as correct!"

Outcome = tuple[str, str]
"""What a verifier saw: ``ok``, ``parse``, ``verify`` or ``aborted``, and LLVM's message."""


def verify_text(text: str, name: str, verifier: str = "auto") -> list[Diagnostic]:
    """Diagnostics for ``text`` (empty when the chosen verifier accepts it); see ``VERIFIERS``."""
    return start_verification(text, name, verifier).diagnostics()


def start_verification(text: str, name: str, verifier: str = "auto") -> PendingVerification:
    """Begin verifying ``text`` in a child process; the caller goes on meanwhile (the
    machine's second core) and collects the result with ``diagnostics()``."""
    chosen = choose_verifier(text, verifier)
    work = VERIFIERS[chosen]
    return PendingVerification(text, name, None if work is None else _start_child(work, text))


def choose_verifier(text: str, verifier: str = "auto") -> str:
    """``verifier`` itself, or for ``auto`` the LLVM that reads ``text``'s pointers as written."""
    if verifier != "auto":
        if verifier == LLVM_AS_15 and shutil.which(LLVM_AS_15) is None:
            raise DiagnosticError(
                Diagnostic.error(f"--verifier {LLVM_AS_15}: '{LLVM_AS_15}' is not installed")
            )
        return verifier
    if shutil.which(LLVM_AS_15) is not None and typed_pointers(text):
        return LLVM_AS_15
    return "llvmlite"


def typed_pointers(text: str) -> bool:
    """Whether ``text`` spells a pointer type with ``*`` (the module uses typed pointers).

    Only the lines up to each ``*`` are searched: one regex search over the whole text tries
    its alternatives at every offset (5.7 s on 50 MB), ``str.find`` skips to the stars (none
    in most opaque-pointer modules). The pattern matches no newline, so the line is enough.
    """
    star = text.find("*")
    while star >= 0:
        line_start = text.rfind("\n", 0, star) + 1
        if _TYPED_POINTER.search(text, line_start, star + 1) and _in_code(text, line_start, star):
            return True
        star = text.find("*", star + 1)
    return False


def _in_code(text: str, line_start: int, at: int) -> bool:
    """Whether ``text[at]`` is outside strings and comments (LLVM writes a ``"`` in a string
    as ``\\22``, so quotes pair up on a line)."""
    quoted = False
    for char in text[line_start:at]:
        if char == '"':
            quoted = not quoted
        elif char == ";" and not quoted:
            return False
    return not quoted


class PendingVerification:
    """A verification running in a child process."""

    def __init__(self, text: str, name: str, child: _Child | None) -> None:
        self.text, self.name, self._child = text, name, child

    def diagnostics(self) -> list[Diagnostic]:
        """Wait for the child; its findings positioned in ``text``."""
        if self._child is None:
            return []
        outcome = self._child.outcome()
        self._child = None
        return outcome_diagnostics(outcome, self.text, self.name)

    def cancel(self) -> None:
        """Stop the child: its answer is no longer needed."""
        if self._child is not None:
            self._child.kill()
            self._child = None


def outcome_diagnostics(outcome: Outcome, text: str, name: str) -> list[Diagnostic]:
    """A verifier's outcome on ``text`` as diagnostics positioned in it (none for ``ok``)."""
    kind, message = outcome
    if kind == "parse":
        return [_parse_diagnostic(message, name)]
    if kind == "verify":
        return [_verify_diagnostic(message, text, name)]
    if kind == "aborted":
        detail = f"invalid IR: LLVM aborted reading it: {message}"
        return [Diagnostic.error(detail, Span(name, 1, 1))]
    return []


def llvm_as_outcome(text: str) -> Outcome:
    """``llvm-as-15`` (which parses and runs the verifier) on ``text``."""
    finished = subprocess.run(
        [LLVM_AS_15, "-o", "/dev/null", "-"],
        input=text.encode("utf-8"),
        capture_output=True,
        check=False,
    )
    message = finished.stderr.decode("utf-8", "replace").removeprefix(f"{LLVM_AS_15}: ")
    if finished.returncode == 0:
        return "ok", ""
    if finished.returncode < 0:
        last = message.strip().splitlines()[-1] if message.strip() else "no message"
        return "aborted", f"{signal.Signals(-finished.returncode).name}: {last}"
    if message.startswith(_DOES_NOT_VERIFY):
        return "verify", message.removeprefix(_DOES_NOT_VERIFY).strip()
    return "parse", message


def llvmlite_outcome(text: str) -> Outcome:
    """llvmlite's LLVM on ``text``. It runs in a child process: that LLVM is built with
    assertions, and some invalid input (a value numbered 4294967295) aborts the process."""
    import llvmlite.binding as llvm  # noqa: PLC0415 - LLVM costs 50 MB: load it only to verify

    try:
        module = llvm.parse_assembly(text)
    except RuntimeError as error:
        return "parse", str(error)
    try:
        module.verify()
    except RuntimeError as error:
        return "verify", str(error)
    return "ok", ""


VERIFIERS: dict[str, Callable[[str], Outcome] | None] = {
    "llvmlite": llvmlite_outcome,
    LLVM_AS_15: llvm_as_outcome,
    "none": None,
}
"""Every ``--verifier`` choice but ``auto``, by name."""
VERIFIER_CHOICES = ("auto", *VERIFIERS)


class _Child:
    """A forked process computing one outcome, its result sent back through a pipe."""

    def __init__(self, pid: int, result: int, errors: BinaryIO) -> None:
        self.pid, self.result, self.errors = pid, result, errors

    def outcome(self) -> Outcome:
        with os.fdopen(self.result, encoding="utf-8") as stream:
            sent = stream.read()
        _, status = os.waitpid(self.pid, 0)
        self.errors.seek(0)
        printed = self.errors.read().decode("utf-8", "replace").strip()
        self.errors.close()
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and sent:
            kind, message = json.loads(sent)
            return str(kind), str(message)
        if os.WIFSIGNALED(status):
            last = printed.splitlines()[-1] if printed else "no message"
            return "aborted", f"{signal.Signals(os.WTERMSIG(status)).name}: {last}"
        raise RuntimeError(f"the verifier process failed: {printed or status}")

    def kill(self) -> None:
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.result)
        self.errors.close()


def _start_child(work: Callable[[str], Outcome], text: str) -> _Child:
    result_read, result_write = os.pipe()
    errors = tempfile.TemporaryFile()  # noqa: SIM115 - closed by _Child.outcome
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller
        status = 70
        try:
            os.close(result_read)
            os.dup2(errors.fileno(), 2)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            with os.fdopen(result_write, "w", encoding="utf-8") as stream:
                json.dump(work(text), stream)
            status = 0
        finally:
            os._exit(status)
    os.close(result_write)
    return _Child(pid, result_read, errors)


def _parse_diagnostic(message: str, name: str) -> Diagnostic:
    match = _PARSE_LOCATION.search(message)
    if match is None:
        return Diagnostic.error(f"invalid IR: {_first_line(message)}", Span(name, 1, 1))
    line, column = int(match.group(1)), int(match.group(2))
    detail = _first_line(match.group(3))
    return Diagnostic.error(f"invalid IR: {detail}", Span(name, line, max(column, 1)))


def _verify_diagnostic(message: str, text: str, name: str) -> Diagnostic:
    """Point at the first quoted line of the verifier's message found in ``text``."""
    lines = [line for line in message.splitlines() if line.strip()]
    headline = lines[0] if lines else message
    for quoted in lines[1:]:
        offset = _find_line(text, quoted)
        if offset is not None:
            return Diagnostic.error(
                f"IR verification failed: {headline}", _span(text, name, offset)
            )
    for quoted in lines[1:]:
        for token in _QUOTED_VALUE.findall(quoted):
            offset = _find_definition(text, token)
            if offset is not None:
                span = _span(text, name, offset)
                return Diagnostic.error(f"IR verification failed: {headline}", span)
    return Diagnostic.error(f"IR verification failed: {headline}", Span(name, 1, 1))


def _first_line(message: str) -> str:
    return message.strip().splitlines()[0] if message.strip() else "unknown error"


def _find_line(text: str, quoted: str) -> int | None:
    needle = quoted.strip()
    if len(needle) < 4:
        return None
    found = text.find(needle)
    return None if found < 0 else found


def _find_definition(text: str, token: str) -> int | None:
    for pattern in (f"\n{token} =", f"@{token[1:]}(", f" {token} = "):
        found = text.find(pattern)
        if found >= 0:
            return found + (1 if pattern.startswith("\n") else 0)
    return None


def _span(text: str, name: str, offset: int) -> Span:
    end = text.find("\n", offset)
    return Span.at_offset(name, text, offset, len(text) if end < 0 else end)
