"""The checks on one fuzzed run: each returns a finding (a verdict category and a detail) or None."""

from __future__ import annotations

import difflib
import enum
import os
import re
import shutil
import signal
import stat
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path


class Verdict(enum.Enum):
    """What went wrong with a run (``OK``: nothing)."""

    CRASH = "crash"
    WRONG_EXIT = "wrong-exit"
    NON_IDEMPOTENT = "non-idempotent"
    CORRUPTION = "corruption"
    WRITE_ON_ERROR = "write-on-error"
    SPLIT_DIFFERS = "split-differs"
    """Read in two processes, the same run exits, prints or writes something else."""
    OK = "ok"


FAILURES = tuple(v for v in Verdict if v is not Verdict.OK)


@dataclass(frozen=True)
class Finding:
    """One failed check: its category and a one-line detail (e.g. a traceback's last line)."""

    verdict: Verdict
    detail: str

    @property
    def signature(self) -> str:
        """The detail with numbers, names and paths blurred, to group like failures."""
        text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", self.detail)
        return re.sub(r"\d+", "N", text)[:160]


@dataclass(frozen=True)
class Outcome:
    """What one run of the CLI returned and printed."""

    status: int
    stdout: str
    stderr: str


EXPECTED_STATUSES = frozenset({0, 1, 2})
_SIGNALS = frozenset(s.value for s in signal.Signals)


def traceback_line(stderr: str) -> str:
    """The last line of the last traceback in ``stderr`` (the exception), or ''."""
    start = stderr.rfind("Traceback (most recent call last)")
    if start < 0:
        return ""
    lines = [line for line in stderr[start:].splitlines() if line.strip()]
    for line in reversed(lines):
        if not line.startswith((" ", "\t")):
            return line.strip()
    return lines[-1].strip()


def check_process(outcome: Outcome, names: Iterable[str] = ()) -> Finding | None:
    """No traceback, no internal error, an exit status in {0, 1, 2} that matches stderr.

    ``names`` are the run's file names: blanked out of stderr first (and their stems, which
    name split's images), so an input called ``a:1:2: error: x.ll`` does not look like an
    error message.
    """
    last = traceback_line(outcome.stderr)
    stderr = outcome.stderr
    hostile = {n for n in names if ": " in n}
    hostile |= {n.rsplit(".", 1)[0] for n in hostile}  # split names images after the stem
    for name in sorted(hostile, key=len, reverse=True):
        stderr = stderr.replace(name, "FILE")
    if outcome.status == 3 or "internal error" in outcome.stderr or last:
        return Finding(Verdict.CRASH, last or f"exit {outcome.status}: internal error")
    if outcome.status < 0:
        lines = [line for line in stderr.splitlines() if line.strip()]
        name = signal.Signals(-outcome.status).name if -outcome.status in _SIGNALS else "?"
        return Finding(
            Verdict.CRASH, f"killed by {name}: {lines[-1][:200] if lines else ''}".rstrip(": ")
        )
    if outcome.status not in EXPECTED_STATUSES:
        return Finding(Verdict.WRONG_EXIT, f"exit status {outcome.status}")
    if outcome.status == 0 and re.search(r"(^|: )error: ", stderr, re.MULTILINE):
        first = next(line for line in stderr.splitlines() if "error: " in line)
        return Finding(Verdict.WRONG_EXIT, f"exit 0 after an error: {first[:200]}")
    if outcome.status in (1, 2) and not (outcome.stderr.strip() or outcome.stdout.strip()):
        return Finding(Verdict.WRONG_EXIT, f"exit {outcome.status} without a word of explanation")
    return None


# ---------------------------------------------------------------- filesystem snapshots

Snapshot = Mapping[str, bytes | str]
"""Relative path → file bytes, or a description of a non-regular entry."""


def snapshot(root: Path) -> dict[str, bytes | str]:
    """Every entry under ``root`` (not following symlinks): files by content, others by kind."""
    entries: dict[str, bytes | str] = {}
    if not root.exists() and not root.is_symlink():
        return entries
    for path in [root, *sorted(root.rglob("*"))] if root.is_dir() else [root]:
        key = str(path.relative_to(root)) if path != root else "."
        info = path.lstat()
        mode = stat.S_IMODE(info.st_mode)
        if stat.S_ISLNK(info.st_mode):
            entries[key] = f"symlink -> {path.readlink()}"
        elif stat.S_ISREG(info.st_mode):
            try:
                entries[key] = path.read_bytes()
            except PermissionError:
                entries[key] = f"unreadable file {info.st_size} bytes {mode:o}"
        elif stat.S_ISDIR(info.st_mode):
            entries[key] = f"directory {mode:o}"
        elif stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode):
            entries[key] = f"device {os.major(info.st_rdev)},{os.minor(info.st_rdev)} {mode:o}"
        elif stat.S_ISFIFO(info.st_mode):
            entries[key] = f"fifo {mode:o}"
        else:
            entries[key] = f"other {info.st_mode:o}"
    return entries


def snapshot_paths(paths: Iterable[Path]) -> dict[str, bytes | str]:
    """Snapshots of several roots merged, each key prefixed with its root."""
    merged: dict[str, bytes | str] = {}
    for root in paths:
        for key, value in snapshot(root).items():
            merged[str(root) if key == "." else f"{root}/{key}"] = value
    return merged


def check_unchanged(before: Snapshot, after: Snapshot) -> Finding | None:
    """Nothing under the watched paths changed (for a run that failed)."""
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    if not changed:
        return None
    shown = ", ".join(f"{k} ({_change(before.get(k), after.get(k))})" for k in changed[:3])
    return Finding(Verdict.WRITE_ON_ERROR, f"changed on failure: {shown}")


def _change(old: bytes | str | None, new: bytes | str | None) -> str:
    if old is None:
        return "created"
    if new is None:
        return "removed"
    return "modified"


# ---------------------------------------------------------------- module checks


def check_module(text: str) -> Finding | None:
    """The module parses and verifies with llvmlite."""
    from propslower.ir.verify import verify_text  # noqa: PLC0415

    problems = verify_text(text, "<output>")
    if problems:
        return Finding(Verdict.CORRUPTION, f"llvmlite rejects the output: {problems[0].message}")
    return None


LLVM_AS = "llvm-as-15"


def llvm_as_accepts(text: str) -> bool | None:
    """Whether ``llvm-as-15`` accepts ``text``; None when it is not installed."""
    tool = shutil.which(LLVM_AS)
    if tool is None:
        return None
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "in.ll"
        path.write_text(text, encoding="utf-8", newline="")
        done = subprocess.run(
            [tool, str(path), "-o", os.devnull], capture_output=True, check=False, timeout=60
        )
    return done.returncode == 0


def check_llvm_as(input_text: str, output_text: str) -> Finding | None:
    """When ``llvm-as-15`` accepts the input, it accepts the output too."""
    if llvm_as_accepts(input_text) and not llvm_as_accepts(output_text):
        return Finding(Verdict.CORRUPTION, f"{LLVM_AS} accepts the input, rejects the output")
    return None


_PROPERTY_BEARING = re.compile(
    r"""^\s*(?:
        define\b | declare\b | attributes\s+\# | @ | ! | \$ | ;
        | source_filename | target\s
    )
    | llvm\.(?:ptr|var|global)\.annotation | !spirv\. | !intel_ | !sycl_
    | \b(?:load|store|call|tail\ call|invoke)\b .* (?:annotation|memcpy|memmove|memset) |
    ^\s*(?:%[-\w.$"]+\s*=\s*)?(?:load|store)\b
    """,
    re.VERBOSE,
)


def is_property_bearing(line: str) -> bool:
    """Whether a command may legitimately edit or remove ``line``.

    Function headers and declarations, globals (annotation strings, ``llvm.global.annotations``),
    attribute groups, metadata, comdats, comments (``; Function Attrs``), annotation calls,
    the loads / stores / memory intrinsics an access decoration lands on, and lines of string
    attributes that continue such an item.
    """
    return bool(_PROPERTY_BEARING.search(line) or _ATTRIBUTES_ONLY.match(line)) or not line.strip()


_ATTRIBUTES_ONLY = re.compile(r'^\s*(?:(?:"[^"]*"(?:="[^"]*")?|#\d+)\s*)+$')
"""A line of string attributes or group references only: the continuation of a global or function item (LLVM
reads items over line breaks), edited or removed with it."""


_LOCAL_NUMBER = re.compile(r"%\d+\b")
_VALUE = re.compile(r'%[-\w.$]+|%"[^"]*"')
_DEFINITION = re.compile(r'^\s*(%[-\w.$]+|%"[^"]*")\s*=')
_ANNOTATION = re.compile(r"@llvm\.(?:ptr|var)\.annotation")


def _definition(line: str) -> str | None:
    match = _DEFINITION.match(line)
    return match.group(1) if match else None


def _annotation_related(old: list[str], removed: list[int]) -> set[int]:
    """Removed lines a command may touch because of an annotation call it removed or rewrote.

    The results of removed ``@llvm.ptr.annotation`` calls are replaced by their operand in
    the lines using them; the values only feeding the calls (GEPs, casts) may go with them.
    """
    calls = [i for i in removed if _ANNOTATION.search(old[i])]
    defined = {d for i in calls if (d := _definition(old[i])) is not None}
    used = {v for i in calls for v in _VALUE.findall(old[i].split("=", 1)[-1])}
    allowed = set(calls)
    changed = True
    while changed:
        changed = False
        for i in removed:
            if i in allowed:
                continue
            definition = _definition(old[i])
            if definition in used or set(_VALUE.findall(old[i])) & defined:
                allowed.add(i)
                used.update(_VALUE.findall(old[i].split("=", 1)[-1]))
                changed = True
    return allowed


def _rewired(line: str, candidates: list[str], known: set[str]) -> bool:
    """Whether ``line`` comes back with only some operands renamed to values the command made.

    Lowering a member annotation inserts an annotation call and points the member's uses at
    its result: ``%7 = bitcast ptr %6`` becomes ``%7 = bitcast ptr %v6.field``.
    """
    shape = _VALUE.sub("%V", line)
    names = set(_VALUE.findall(line))
    for candidate in candidates:
        if _VALUE.sub("%V", candidate) != shape:
            continue
        fresh = set(_VALUE.findall(candidate)) - names
        if fresh and not fresh & known:
            return True
    return False


_HEADER_START = re.compile(r"^\s*define\b")
_HEADER_LINES = 16
"""How many lines a function header is looked for its ``{`` over (clang writes one)."""


def _header_continuations(lines: list[str]) -> set[int]:
    """The lines that continue a ``define`` header up to the one opening its body: a header
    broken over lines (or after a bare CR) is one item, and its attachments go before ``{``."""
    found: set[int] = set()
    for start, line in enumerate(lines):
        if not _HEADER_START.match(line) or line.rstrip().endswith("{"):
            continue
        for index in range(start + 1, min(start + 1 + _HEADER_LINES, len(lines))):
            found.add(index)
            if lines[index].rstrip().endswith("{"):
                break
    return found


_LINE_BREAK = re.compile(r"\n|(?<=\r)(?!\n)")
"""Where a line ends: at ``\\n`` (dropped), or after a ``\\r`` that no ``\\n`` follows (kept)."""


def check_preserved_lines(input_text: str, output_text: str) -> Finding | None:
    """Every input line a command had no reason to touch is in the output, unchanged and in order.

    Lines end at ``\\n`` and after a bare ``\\r`` (LLVM reads a lone CR as white space, so the
    commands see a line there too); a line keeps its ``\\r``, so a CRLF or CR-only input must
    come back so. Inserted lines are fine; a deleted or replaced input line must be property-bearing
    or tied to an annotation call the command removed. Numbered locals (``%7``) compare
    equal whatever their number, since removing an unnamed instruction renumbers the rest.
    """
    old = _LINE_BREAK.split(input_text)
    new = _LINE_BREAK.split(output_text)
    matcher = difflib.SequenceMatcher(
        None,
        [_LOCAL_NUMBER.sub("%N", line) for line in old],
        [_LOCAL_NUMBER.sub("%N", line) for line in new],
        autojunk=False,
    )
    removed: list[int] = []
    verbs: dict[int, str] = {}
    rewired: set[int] = set()
    known = set(_VALUE.findall(input_text))
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag in ("delete", "replace"):
            removed.extend(range(i1, i2))
            verbs.update(dict.fromkeys(range(i1, i2), "deleted" if tag == "delete" else "changed"))
        if tag == "replace":
            rewired.update(i for i in range(i1, i2) if _rewired(old[i], new[j1:j2], known))
    header = _header_continuations(old)
    suspicious = [
        i for i in removed if not is_property_bearing(old[i]) and i not in rewired | header
    ]
    if not suspicious:
        return None
    allowed = _annotation_related(old, removed)
    for index in suspicious:
        if index not in allowed:
            return Finding(
                Verdict.CORRUPTION,
                f"input line {index + 1} {verbs[index]}: {old[index][:120]!r}",
            )
    return None


_OWN_OUTPUT_ERROR = re.compile(
    r"^(?P<name>.*?):\d+:\d+: error: (?:invalid IR|IR verification failed)", re.MULTILINE
)


def check_own_output_rejected(
    input_text: str, outcome: Outcome, output_name: str
) -> Finding | None:
    """A run that exits 1 because its own verifier rejected the IR it made from a valid input."""
    if outcome.status != 1:
        return None
    match = next(
        (m for m in _OWN_OUTPUT_ERROR.finditer(outcome.stderr) if m["name"] == output_name), None
    )
    if match is None:
        return None
    from propslower.ir.verify import verify_text  # noqa: PLC0415

    if verify_text(input_text, "<input>"):
        return None
    line = outcome.stderr[match.start() :].split("\n", 1)[0]
    return Finding(Verdict.CORRUPTION, f"made invalid IR from a valid input: {line[:200]}")


def check_identical(input_text: str, output_text: str) -> Finding | None:
    """A pass-through (no option) writes the module back byte for byte."""
    if input_text == output_text:
        return None
    line = next(
        (
            i + 1
            for i, (a, b) in enumerate(
                zip(input_text.split("\n"), output_text.split("\n"), strict=False)
            )
            if a != b
        ),
        min(input_text.count("\n"), output_text.count("\n")) + 1,
    )
    return Finding(Verdict.CORRUPTION, f"pass-through output differs from the input at line {line}")


def check_idempotent(first: str, second: str) -> Finding | None:
    """Running the command again on its own output changes nothing."""
    if first == second:
        return None
    diff = difflib.unified_diff(first.split("\n"), second.split("\n"), lineterm="", n=0)
    changed = [d for d in diff if d[:1] in "+-" and not d.startswith(("+++", "---"))]
    return Finding(
        Verdict.NON_IDEMPOTENT,
        f"second run changed {len(changed)} lines, first: {changed[0][:120] if changed else '?'}",
    )
