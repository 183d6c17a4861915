"""A fuzzing campaign: ``python -m tests.fuzz.campaign --examples N --seed S`` (``make fuzz``)."""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tests.fuzz.corpus import REPOSITORY
from tests.fuzz.minimize import minimize
from tests.fuzz.oracle import FAILURES, Verdict
from tests.fuzz.runner import Result, judge_isolated, preload, shell_command
from tests.fuzz.scenarios import COMMANDS, PRESET, SLOW_COMMANDS, make_case

COLUMNS = (
    ("crashes", Verdict.CRASH),
    ("wrong exits", Verdict.WRONG_EXIT),
    ("non-idempotent", Verdict.NON_IDEMPOTENT),
    ("corruptions", Verdict.CORRUPTION),
    ("writes on error", Verdict.WRITE_ON_ERROR),
    ("two-process reads differ", Verdict.SPLIT_DIFFERS),
)
SLOW_SHARE = 20
"""cc and extract get one case for every this many of the others (clang is slow)."""
KEPT_PER_SIGNATURE = 3
LLVM_AS_SHARE = 10
"""One successful module run in this many is also checked with llvm-as-15."""


@dataclass
class Tally:
    """Per-command counts of cases tried and of each failure category."""

    tried: Counter[str] = field(default_factory=Counter)
    failed: dict[str, Counter[Verdict]] = field(default_factory=lambda: defaultdict(Counter))
    statuses: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    signatures: dict[tuple[str, Verdict, str], list[Result]] = field(default_factory=dict)
    """The first ``KEPT_PER_SIGNATURE`` results of each signature (a long campaign stays small)."""
    counts: Counter[tuple[str, Verdict, str]] = field(default_factory=Counter)
    split_compared: int = 0
    """Cases run again with their module read by two processes (``two_process``)."""

    def add(self, result: Result) -> None:
        command = result.case.command
        self.tried[command] += 1
        self.split_compared += result.split_compared
        self.statuses[command][result.outcome.status] += 1
        for finding in result.findings[:1]:
            self.failed[command][finding.verdict] += 1
            key = (command, finding.verdict, finding.signature)
            self.counts[key] += 1
            kept = self.signatures.setdefault(key, [])
            if len(kept) < KEPT_PER_SIGNATURE:
                kept.append(result)

    @property
    def failures(self) -> int:
        return sum(sum(c.values()) for c in self.failed.values())

    def table(self) -> str:
        headers = ["command", "tried", *(name for name, _ in COLUMNS), "exit 0/1/2"]
        rows = []
        for command in COMMANDS:
            if not self.tried[command]:
                continue
            counts = self.failed[command]
            statuses = self.statuses[command]
            rows.append(
                [
                    command,
                    str(self.tried[command]),
                    *(str(counts[v]) for _, v in COLUMNS),
                    f"{statuses[0]}/{statuses[1]}/{statuses[2]}",
                ]
            )
        total = [
            "total",
            str(sum(self.tried.values())),
            *(str(sum(self.failed[c][v] for c in COMMANDS)) for _, v in COLUMNS),
            "",
        ]
        rows.append(total)
        widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]
        lines = ["| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |"]
        lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        lines.extend(
            "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
            for r in rows
        )
        return "\n".join(lines)


def save_failure(result: Result, root: Path, index: int) -> Path:
    """Write the failing case's inputs, argv and output under ``root/<command>/<category>/``."""
    finding = result.findings[0]
    digest = hashlib.sha1(finding.signature.encode()).hexdigest()[:8]
    directory = root / result.case.command / finding.verdict.value / f"{digest}-{index}"
    if directory.exists():
        shutil.rmtree(directory)
    inputs = directory / "inputs"
    inputs.mkdir(parents=True)
    for name, data in result.case.files.items():
        safe = name.replace("\n", "\\n").replace("/", "__")
        (inputs / safe).write_bytes(data)
    if result.case.stdin is not None:
        (inputs / "stdin.bin").write_bytes(result.case.stdin)
    report = {
        "command": result.case.command,
        "category": finding.verdict.value,
        "detail": finding.detail,
        "signature": finding.signature,
        "argv": result.case.argv,
        "shell": f"cd inputs && {shell_command(result.case)}",
        "specials": result.case.specials,
        "steps": result.case.steps,
        "subprocess": result.case.in_subprocess,
        "status": result.outcome.status,
    }
    (directory / "finding.json").write_text(json.dumps(report, indent=2) + "\n")
    (directory / "stderr.txt").write_text(result.outcome.stderr)
    (directory / "stdout.txt").write_text(result.outcome.stdout[:200_000])
    return directory


def _ensure_ignored(root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    ignore = root / ".gitignore"
    if not ignore.exists():
        ignore.write_text("*\n")


def campaign(
    examples: int,
    seed: int,
    commands: Sequence[str] = COMMANDS,
    failures: Path | None = None,
    *,
    progress: bool = False,
    deadline: float | None = None,
) -> Tally:
    """Run ``examples`` cases per fast command (fewer for cc/extract) from ``seed``."""
    tally = Tally()
    rng = random.Random(seed)
    plan: list[tuple[str, int]] = []
    for command in commands:
        count = max(1, examples // SLOW_SHARE) if command in SLOW_COMMANDS else examples
        plan.extend((command, rng.getrandbits(48)) for _ in range(count))
    rng.shuffle(plan)
    if failures is not None:
        _ensure_ignored(failures)
    preload()
    started = time.monotonic()
    for done, (command, case_seed) in enumerate(plan, 1):
        if deadline is not None and time.monotonic() > deadline:
            break
        case = make_case(command, case_seed)
        result = judge_isolated(case, llvm_as=case_seed % LLVM_AS_SHARE == 0)
        tally.add(result)
        if result.findings and failures is not None:
            key = (command, result.findings[0].verdict, result.findings[0].signature)
            kept = tally.counts[key]
            if kept <= KEPT_PER_SIGNATURE:
                save_failure(result, failures, kept)
        if progress and done % 100 == 0:
            elapsed = time.monotonic() - started
            print(
                f"[{done}/{len(plan)}] {elapsed:.0f}s, {tally.failures} failures",
                file=sys.stderr,
                flush=True,
            )
    return tally


def signatures_report(tally: Tally) -> str:
    """One line per distinct failure signature: command, category, count, detail."""
    lines = []
    for (command, verdict, _signature), results in sorted(
        tally.signatures.items(),
        key=lambda item: (item[0][0], item[0][1].value, -tally.counts[item[0]]),
    ):
        first = results[0]
        count = tally.counts[(command, verdict, _signature)]
        lines.append(
            f"{command:9} {verdict.value:15} x{count:<5} {first.findings[0].detail[:150]}"
            f"\n{'':27}{shell_command(first.case)[:200]!r} [{'; '.join(first.case.steps)[:200]}]"
        )
    return "\n".join(lines)


def _excerpt(data: bytes, limit: int = 1500) -> str:
    text = data.decode("utf-8", errors="backslashreplace")
    return text if len(text) <= limit else text[:limit] + "\n[... truncated]"


def findings_markdown(tally: Tally, *, shrink: bool = True) -> str:
    """Every distinct failure signature with a (shrunk) reproducer, as Markdown."""
    parts = ["# propslower fuzz findings\n", tally.table(), ""]
    for key, results in sorted(tally.signatures.items(), key=lambda i: (i[0][0], i[0][1].value)):
        command, verdict, _signature = key
        result = minimize(results[0]) if shrink else results[0]
        finding = result.findings[0]
        parts.append(f"## {command} / {verdict.value} (x{tally.counts[key]})\n")
        parts.append(f"- detail: `{finding.detail}`")
        parts.append(f"- run (in the inputs' directory): `{shell_command(result.case)}`")
        parts.append(f"- inputs made from: {'; '.join(result.case.steps)}")
        if result.case.specials:
            parts.append(f"- special paths: {result.case.specials}")
        inputs = dict(result.case.files)
        if result.case.stdin is not None:
            inputs["<stdin>"] = result.case.stdin
        for name, data in inputs.items():
            if data == PRESET:
                continue
            parts.append(f"\n`{name!r}`:\n\n```\n{_excerpt(data)}\n```")
        parts.append("")
    return "\n".join(parts) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.campaign", description=__doc__)
    parser.add_argument("--examples", type=int, default=1000, help="cases per command")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--commands", default=",".join(COMMANDS), help="comma-separated subset of the commands"
    )
    parser.add_argument(
        "--failures",
        default=str(REPOSITORY / ".fuzz-failures"),
        help="directory for failing inputs (<command>/<category>/...)",
    )
    parser.add_argument("--minutes", type=float, default=None, help="stop after this long")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument(
        "--findings", metavar="FILE.md", help="write every signature with a shrunk reproducer"
    )
    args = parser.parse_args(argv)
    commands = [c for c in args.commands.split(",") if c]
    unknown = [c for c in commands if c not in COMMANDS]
    if unknown:
        parser.error(f"unknown command {unknown[0]!r}")
    deadline = None if args.minutes is None else time.monotonic() + 60 * args.minutes
    tally = campaign(
        args.examples,
        args.seed,
        commands,
        Path(args.failures),
        progress=not args.quiet,
        deadline=deadline,
    )
    print(tally.table())
    print(f"{tally.split_compared} module cases also run unverified with the module in two halves")
    if tally.signatures:
        print(f"\n{len(tally.signatures)} distinct failure signatures (inputs in {args.failures}):")
        print(signatures_report(tally))
    if args.findings:
        Path(args.findings).write_text(findings_markdown(tally))
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["FAILURES", "Tally", "campaign", "main", "save_failure"]
