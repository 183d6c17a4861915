"""No tracked file points a reader at documents they cannot see.

propslower's rules are stated in docs/design/ with the public specifications they come from.
A comment, help text or page that cites a private design document by a private number or
path ("seed 002", "the design documents", a ``shared/`` directory) or by the number of a
private tracker's issue ("issue 16") leaves a newcomer with
nothing to follow, so this test fails on any tracked file that does.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent

JARGON = re.compile(r"seeds? 0|design documents|shared/|\bissues? #?\d", re.IGNORECASE)
"""What a newcomer cannot follow: private document numbers, "the design documents", their
path, the team's own issue numbers."""

ALLOWED: dict[tuple[str, str], str] = {
    ("tests/test_no_jargon.py", "seeds 0"): "this test spells the patterns it looks for",
    ("tests/test_no_jargon.py", "seed 0"): "this test spells the patterns it looks for",
    ("tests/test_no_jargon.py", "design documents"): "this test spells the patterns it looks for",
    ("tests/test_no_jargon.py", "shared/"): "this test spells the patterns it looks for",
    ("tests/test_no_jargon.py", "issue 1"): "this test spells the patterns it looks for",
    ("tests/test_no_jargon.py", "issues #3"): "this test spells the patterns it looks for",
    ("tests/fuzz/test_budget.py", "seed 0"): "the fuzzer's random seed, not a document",
}
"""(path, matched text, lower-cased) → why it may stay."""


def tracked_files() -> list[str]:
    git = shutil.which("git")
    if git is None or not (REPOSITORY / ".git").exists():
        pytest.skip("needs a git checkout")
    listing = subprocess.run(
        [git, "ls-files", "-z"], cwd=REPOSITORY, capture_output=True, check=True
    ).stdout
    return [name for name in listing.decode("utf-8", "surrogateescape").split("\0") if name]


def jargon_in(path: str) -> list[str]:
    """``path:line: text`` for each match not allowed in ``path``."""
    try:
        text = (REPOSITORY / path).read_text("utf-8", errors="replace")
    except (FileNotFoundError, IsADirectoryError):
        return []  # deleted in the working tree, or a submodule
    if "\0" in text:
        return []  # binary
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in JARGON.finditer(line):
            if (path, match.group(0).lower()) not in ALLOWED:
                found.append(f"{path}:{number}: {line.strip()}")
    return found


def test_no_private_jargon_in_tracked_files() -> None:
    found = [hit for path in tracked_files() for hit in jargon_in(path)]
    assert not found, "say the rule itself or point to docs/design/ instead of:\n" + "\n".join(
        found
    )


def test_jargon_pattern_matches_what_it_should() -> None:
    for text in ("seed 002's rules", "Seeds 000/001", "the design documents say", "../shared/x",
                 "the figures of issue 16", "Issues #3 and #4"):  # fmt: skip
        assert JARGON.search(text), text
    for text in ("--seed=0", "FUZZ_SEED ?= 0", "docs/design/aspects.md", "random.seed(0)",
                 "tissue 3", "an issue with 3 parts"):  # fmt: skip
        assert not JARGON.search(text), text


def test_allowed_entries_are_still_needed() -> None:
    """An allow-list entry whose file no longer has the text should go."""
    tracked = set(tracked_files())
    for path, text in ALLOWED:
        if path not in tracked:
            continue
        content = (REPOSITORY / path).read_text("utf-8", errors="replace").lower()
        assert text in content, f"{path}: '{text}' is allowed but no longer there"
