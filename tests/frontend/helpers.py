"""Shared helpers for the front-end tests."""

from __future__ import annotations

from pathlib import Path

from propslower.frontend.reader import read
from propslower.frontend.records import ReadResult

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def read_source(tmp_path: Path, source: str, name: str = "input.cpp") -> ReadResult:
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return read(path)


def pairs(
    result: ReadResult,
) -> dict[tuple[str, str, int | None], tuple[tuple[str, str | None], ...]]:
    return {
        (r.site.value, r.ir_name, r.param_index): r.properties.ir_pairs() for r in result.records
    }
