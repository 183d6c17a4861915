"""docs/api.md runs: its python blocks in order, each printing the text block after it."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
DOC = REPOSITORY / "docs" / "api.md"
FENCE = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```\n", re.MULTILINE | re.DOTALL)


def _blocks() -> list[tuple[str, str, str | None]]:
    """(requirements, code, expected output or None) of each python block of the doc."""
    fences = [(m.group(1), m.group(2).strip(), m.group(3)) for m in FENCE.finditer(DOC.read_text())]
    blocks: list[tuple[str, str, str | None]] = []
    for index, (language, info, body) in enumerate(fences):
        if language != "python":
            continue
        following = fences[index + 1] if index + 1 < len(fences) else None
        expected = following[2] if following is not None and following[0] == "text" else None
        blocks.append((info, body, expected))
    return blocks


def test_the_doc_has_examples_with_output() -> None:
    blocks = _blocks()
    assert len(blocks) >= 6
    assert all(expected is not None for _, _, expected in blocks)


def test_every_example_prints_what_the_doc_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPOSITORY)
    namespace: dict[str, object] = {"__name__": "api_doc"}
    ran = 0
    for info, code, expected in _blocks():
        needs = info.removeprefix("requires=") if info.startswith("requires=") else None
        if needs is not None and shutil.which(needs) is None:
            continue
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(DOC), "exec"), namespace)
        assert printed.getvalue() == expected, code
        ran += 1
    assert ran >= 6
