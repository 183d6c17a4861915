"""Running a case (in-process or as a subprocess) and judging it with the oracle."""

from __future__ import annotations

import contextlib
import faulthandler
import io
import os
import pickle
import re
import shlex
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import FrameType

from tests.fuzz import oracle, two_process
from tests.fuzz.corpus import REPOSITORY
from tests.fuzz.oracle import Finding, Outcome, Verdict
from tests.fuzz.scenarios import MODULE_COMMANDS, Case, materialize

TIMEOUT = 60
SLOW_TIMEOUT = 180


class FuzzTimeout(BaseException):
    """Raised by the alarm in an in-process run that took too long (not an ``Exception``)."""


def _alarm(_signal: int, _frame: FrameType | None) -> None:
    raise FuzzTimeout


@contextlib.contextmanager
def _redirected(stdin: bytes | None, cwd: Path) -> Iterator[tuple[io.StringIO, io.StringIO]]:
    saved = sys.stdin, sys.stdout, sys.stderr, Path.cwd()
    out, err = io.StringIO(), io.StringIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    os.chdir(cwd)
    try:
        yield out, err
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved[:3]
        os.chdir(saved[3])


def run_in_process(
    argv: list[str], stdin: bytes | None, cwd: Path, timeout: int = TIMEOUT
) -> Outcome:
    """``propslower.cli.main(argv)`` with standard streams captured and the SourceMap cleared."""
    from propslower.cli import main  # noqa: PLC0415
    from propslower.commands.common import SOURCES  # noqa: PLC0415

    SOURCES.texts.clear()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(timeout)
    try:
        with _redirected(stdin, cwd) as (out, err):
            try:
                status = main(argv)
            except SystemExit as exit_:
                status = exit_.code if isinstance(exit_.code, int) else 2
                err.write(f"\n[fuzz] SystemExit({exit_.code!r}) escaped main()\n")
            except FuzzTimeout:
                status = 3
                err.write(f"\n[fuzz] internal error: timeout after {timeout} s\n")
            except Exception:
                status = 3
                err.write("\n[fuzz] exception escaped main()\n" + traceback.format_exc())
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        SOURCES.texts.clear()
    return Outcome(status, out.getvalue(), err.getvalue())


def run_subprocess(
    argv: list[str], stdin: bytes | None, cwd: Path, timeout: int = TIMEOUT
) -> Outcome:
    """``python -m propslower argv`` in ``cwd``; a signal death is reported as its negative status."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "propslower", *argv],
            input=stdin or b"",
            capture_output=True,
            cwd=cwd,
            timeout=timeout,
            check=False,
            env={**os.environ, "PYTHONPATH": str(REPOSITORY)},
        )
    except subprocess.TimeoutExpired:
        return Outcome(3, "", f"[fuzz] internal error: timeout after {timeout} s\n")
    return Outcome(done.returncode, _decode(done.stdout), _decode(done.stderr))


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


class _FifoPump:
    """Feeds or drains a FIFO from a thread so an in-process run cannot block on it forever."""

    def __init__(self, path: Path, data: bytes | None) -> None:
        self.path, self.data, self.received = path, data, b""
        self.thread = threading.Thread(target=self._work, daemon=True)
        self.thread.start()

    def _work(self) -> None:
        try:
            if self.data is None:
                with self.path.open("rb") as stream:
                    self.received = stream.read()
            else:
                with self.path.open("wb") as stream:
                    stream.write(self.data)
        except OSError:
            pass

    def release(self) -> None:
        """Unblock the thread when nobody opened the other end."""
        if not self.thread.is_alive():
            return
        flags = os.O_WRONLY if self.data is None else os.O_RDONLY
        with contextlib.suppress(OSError):
            os.close(os.open(self.path, flags | os.O_NONBLOCK))
        self.thread.join(2)


@dataclass
class Result:
    """A judged run: the case, what it printed, and every finding (empty when it is OK)."""

    case: Case
    outcome: Outcome
    findings: list[Finding] = field(default_factory=list)
    split_compared: bool = False
    """Whether the run was repeated with its module read by two processes (``two_process``)."""

    @property
    def verdict(self) -> Verdict:
        return self.findings[0].verdict if self.findings else Verdict.OK


def execute(case: Case, workdir: Path, timeout: int | None = None) -> Outcome:
    """Run ``case`` in ``workdir`` (already materialized)."""
    limit = timeout or (SLOW_TIMEOUT if case.command in ("cc", "extract") else TIMEOUT)
    pumps = [
        _FifoPump(workdir / name, case.fifo_data if kind == "fifo-in" else None)
        for name, kind in case.specials.items()
        if kind in ("fifo", "fifo-in")
    ]
    try:
        if case.in_subprocess:
            return run_subprocess(case.argv, case.stdin, workdir, limit)
        return run_in_process(case.argv, case.stdin, workdir, limit)
    finally:
        for pump in pumps:
            pump.release()


def _watched(case: Case, workdir: Path) -> list[Path]:
    return [workdir / name for name in dict.fromkeys(case.watched)]


def judge(case: Case, *, llvm_as: bool = False, workdir: Path | None = None) -> Result:
    """Run ``case`` in a fresh temporary directory (or ``workdir``) and apply every check."""
    if workdir is None:
        with tempfile.TemporaryDirectory(prefix="propslower-fuzz-") as directory:
            return judge(case, llvm_as=llvm_as, workdir=Path(directory))
    materialize(case, workdir)
    watched = _watched(case, workdir)
    before = oracle.snapshot_paths(watched)
    outcome = execute(case, workdir)
    result = _judged(case, workdir, before, outcome, llvm_as=llvm_as)
    if not result.findings and two_process.applies(case):
        result.split_compared, found = two_process.split_differs(
            case, outcome, two_process.written(case, workdir), workdir, execute
        )
        result.findings.extend([found] if found is not None else [])
    return result


def _judged(
    case: Case, workdir: Path, before: dict[str, bytes | str], outcome: Outcome, *, llvm_as: bool
) -> Result:
    """The checks of one run: the process, then unchanged files or the output it wrote."""
    result = Result(case, outcome)
    found = oracle.check_process(outcome, [*case.files, *case.argv])
    if found is not None:
        result.findings.append(found)
        return result
    if outcome.status != 0:
        found = oracle.check_unchanged(before, oracle.snapshot_paths(_watched(case, workdir)))
        if found is None:
            found = _own_output_rejected(case, outcome)
        if found is not None:
            result.findings.append(found)
        return result
    result.findings.extend(_judge_success(case, workdir, outcome, llvm_as=llvm_as))
    return result


def _own_output_rejected(case: Case, outcome: Outcome) -> Finding | None:
    """Exit 1 from the tool's own verifier on what it made (not in place: names are ambiguous)."""
    target = case.module_output
    if target is None or target == case.module_input or case.command not in MODULE_COMMANDS:
        return None
    input_text = _input_text(case)
    if input_text is None:
        return None
    name = "<output>" if target == "-" else target
    return oracle.check_own_output_rejected(input_text, outcome, name)


def _read_output(case: Case, workdir: Path, outcome: Outcome) -> tuple[str | None, Finding | None]:
    """The module a successful run wrote, or a finding when it is missing or misplaced."""
    target = case.module_output
    if target is None:
        return None, None
    if target == "-":
        return outcome.stdout, None
    path = workdir / target
    special = case.specials.get(target)
    if special == "device":
        if not path.is_char_device():
            return None, Finding(Verdict.CORRUPTION, "-o DEVICE: the device node was replaced")
        return None, None
    if special == "fifo":
        if not stat.S_ISFIFO(path.lstat().st_mode):
            return None, Finding(Verdict.CORRUPTION, "-o FIFO: the FIFO was replaced")
        return None, None
    # -o on a symlink may write through it or replace it (clang replaces it): both are fine.
    if not path.is_file():
        return None, Finding(Verdict.CORRUPTION, f"exit 0 but no output file at {target!r}")
    data = path.read_bytes()
    if data == b"PRE-EXISTING OUTPUT\n":
        return None, Finding(Verdict.CORRUPTION, "exit 0 but the output file was not written")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        return None, Finding(Verdict.CORRUPTION, "the output is not UTF-8")


def _input_text(case: Case) -> str | None:
    source = case.module_input
    data = case.stdin if source == "-" else case.files.get((source or "").removeprefix("./"))
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _judge_success(case: Case, workdir: Path, outcome: Outcome, *, llvm_as: bool) -> list[Finding]:
    findings: list[Finding] = []
    if case.split_directory is not None:
        return _judge_split(case, workdir)
    output, found = _read_output(case, workdir, outcome)
    if found is not None:
        return [found]
    if output is None or case.module_output is None:
        return findings
    input_text = _input_text(case)
    checks = []
    if case.verify:
        checks.append(oracle.check_module(output))
    if input_text is not None:
        if case.pass_through:
            checks.append(oracle.check_identical(input_text, output))
        elif case.preserve_lines and (case.verify or _valid(input_text)):
            # --no-verify on an input LLVM rejects: the user gave up the check, and nothing
            # says which lines a command may touch in text that is not IR
            checks.append(oracle.check_preserved_lines(input_text, output))
        if llvm_as and case.verify:
            checks.append(oracle.check_llvm_as(input_text, output))
    findings.extend(f for f in checks if f is not None)
    if not findings and case.idempotent:
        found = _second_run(case, output)
        if found is not None:
            findings.append(found)
    return findings


def _second_run(case: Case, first: str) -> Finding | None:
    """Run the same command on its own output (as a plain file, -o a plain file)."""
    argv = list(case.argv)
    source = case.module_input or ""
    index = len(argv) - 1 - argv[::-1].index(source)
    argv[index] = "second-in.ll"
    if "-o" in argv:
        argv[argv.index("-o") + 1] = "second-out.ll"
    else:
        argv[1:1] = ["-o", "second-out.ll"]
    if "--" in argv and argv.index("--") == index - 1:
        del argv[index - 1]
    files = {k: v for k, v in case.files.items() if k != source.removeprefix("./") and "/" not in k}
    files["second-in.ll"] = first.encode("utf-8")
    again = replace(
        case,
        argv=argv,
        files=files,
        stdin=None,
        specials={},
        watched=[],
        module_input="second-in.ll",
        module_output="second-out.ll",
        in_subprocess=False,
    )
    with tempfile.TemporaryDirectory(prefix="propslower-fuzz-2-") as directory:
        workdir = Path(directory)
        materialize(again, workdir)
        outcome = execute(again, workdir)
        if outcome.status != 0:
            first_line = (outcome.stderr.strip().splitlines() or ["?"])[0]
            return Finding(
                Verdict.NON_IDEMPOTENT, f"second run exits {outcome.status}: {first_line[:160]}"
            )
        second = (workdir / "second-out.ll").read_bytes().decode("utf-8", errors="replace")
    return oracle.check_idempotent(first, second)


def _judge_split(case: Case, workdir: Path) -> list[Finding]:
    """Every image verifies and every property file decodes (``props`` exits 0)."""
    directory = workdir / (case.split_directory or "out")
    findings: list[Finding] = []
    if not directory.is_dir():
        return [Finding(Verdict.CORRUPTION, "split exited 0 without its output directory")]
    for image in sorted(directory.glob("*.ll")):
        if image.read_bytes() == b"PRE-EXISTING OUTPUT\n":
            continue
        if case.verify and "--no-verify" not in case.argv:
            found = oracle.check_module(image.read_bytes().decode("utf-8", errors="replace"))
            if found is not None:
                findings.append(replace(found, detail=f"{image.name}: {found.detail}"))
                break
    for prop in sorted(directory.glob("*.prop"))[:3]:
        outcome = run_in_process(["props", str(prop)], None, workdir)
        if outcome.status != 0:
            first_line = (outcome.stderr.strip().splitlines() or ["?"])[0]
            findings.append(
                Finding(Verdict.CORRUPTION, f"props rejects split's {prop.name}: {first_line}")
            )
            break
    return findings


def shell_command(case: Case) -> str:
    """The case as a shell command line (to reproduce it from its saved directory)."""
    line = "propslower " + " ".join(shlex.quote(a) for a in case.argv)
    if case.stdin is not None:
        line += " < stdin.bin"
    return line


def preload() -> None:
    """Import every command and llvmlite once: forked children start warm, on the same code."""
    import importlib  # noqa: PLC0415

    import llvmlite.binding  # noqa: F401, PLC0415

    from propslower.cli import COMMANDS  # noqa: PLC0415

    for name in COMMANDS:
        importlib.import_module(f"propslower.commands.{name}")
    examples = REPOSITORY / "examples" / "ir"
    warm_ups = (
        ["parse", "[[sycl::requires(has(aspect::fp16))]]"],
        ["parse", 'add_ir_function_attributes("a", 1)'],
        ["annotate", str(examples / "device.ll"), "--props", str(examples / "device.yaml")],
        ["annotate", "--from-annotations", "--spirv", str(examples / "device.ll")],
        ["spirv", "--explain", str(REPOSITORY / "tests/spirv/inputs/opaque.ll")],
        ["run", "-p", "lower,spirv,aspects", str(examples / "chain.ll")],
        ["aspects", str(examples / "chain.ll")],
        ["check", "--kernel", "k3", "--device", "intel_gpu_dg1", str(examples / "four_kernels.ll")],
        ["macros", "--targets", "intel_gpu_pvc"],
    )
    with tempfile.TemporaryDirectory(prefix="propslower-fuzz-warm-") as directory:
        for argv in warm_ups:
            run_in_process(argv, None, Path(directory))
        split = ["split", "-d", "out", "--kernel-reqs", str(examples / "four_kernels.ll")]
        run_in_process(split, None, Path(directory))
        for prop in sorted(Path(directory, "out").glob("*.prop"))[:1]:
            run_in_process(["props", str(prop)], None, Path(directory))


def judge_isolated(case: Case, *, llvm_as: bool = False) -> Result:
    """``judge`` in a forked child, so an abort inside LLVM (llvmlite) or libclang is a finding.

    The child's file descriptors 1 and 2 go to a file: what native code prints before dying
    (an LLVM assertion) ends up in the crash's detail.
    """
    with tempfile.TemporaryFile() as native, tempfile.TemporaryFile() as channel:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            code = 0
            try:
                faulthandler.disable()
                os.dup2(native.fileno(), 1)
                os.dup2(native.fileno(), 2)
                result = judge(case, llvm_as=llvm_as)
                pickle.dump(result, channel)
                channel.flush()
            except BaseException:
                code = 70
                with contextlib.suppress(BaseException):
                    traceback.print_exc()
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            channel.seek(0)
            loaded: Result = pickle.load(channel)
            return loaded
        native.seek(0)
        printed = native.read().decode("utf-8", errors="replace")
    if os.WIFSIGNALED(status):
        how = f"killed by {signal.Signals(os.WTERMSIG(status)).name}"
        code = -os.WTERMSIG(status)
    else:
        how, code = f"harness child exited {os.WEXITSTATUS(status)}", 3
    lines = [line for line in printed.splitlines() if line.strip() and "warning:" not in line]
    last = lines[-1] if lines else ""
    assertion = re.search(r"Assertion `(.*?)' failed", printed)
    detail = f"{how}: {assertion.group(1) if assertion else last}"[:300]
    return Result(case, Outcome(code, "", printed[-20_000:]), [Finding(Verdict.CRASH, detail)])


def _valid(text: str) -> bool:
    """Whether llvmlite's LLVM accepts ``text`` (the project's own verifier)."""
    from propslower.ir.verify import verify_text  # noqa: PLC0415

    return not verify_text(text, "<input>", "llvmlite")
