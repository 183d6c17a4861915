"""The post-link file table: a ``[Code|Properties|Symbols]`` header, then one row per module."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from propslower.diagnostics import Diagnostic, Diagnostics, Span

COLUMNS = ("Code", "Properties", "Symbols")


@dataclass
class FileTable:
    """Column names (a subset of ``COLUMNS``, in that order) and rows of file names."""

    columns: tuple[str, ...] = COLUMNS
    rows: list[tuple[str, ...]] = field(default_factory=list)

    def column(self, name: str) -> list[str]:
        index = self.columns.index(name)
        return [row[index] for row in self.rows]


def row_names(
    stem: str, index: int, columns: Sequence[str], target: str | None = None
) -> tuple[str, ...]:
    """``<stem>_<n>.bc|<stem>_<n>[.<target>].prop|<stem>_<n>.sym`` for the requested columns."""
    suffix = {
        "Code": ".bc",
        "Properties": f".{target}.prop" if target else ".prop",
        "Symbols": ".sym",
    }
    return tuple(f"{stem}_{index}{suffix[column]}" for column in columns)


def write_table(table: FileTable) -> str:
    _check_columns(table.columns)
    lines = ["[" + "|".join(table.columns) + "]"]
    for row in table.rows:
        if len(row) != len(table.columns):
            raise ValueError(f"row {row!r} does not have {len(table.columns)} columns")
        if any(not cell or any(c in cell for c in "|\n\r\0") for cell in row):
            raise ValueError(f"row {row!r} has a cell a file table cannot hold")
        lines.append("|".join(row))
    return "".join(line + "\n" for line in lines)


def _check_columns(columns: Sequence[str]) -> None:
    if not columns or [c for c in COLUMNS if c in columns] != list(columns):
        raise ValueError(f"columns must be a non-empty ordered subset of {COLUMNS}")


def read_table(text: str, name: str) -> FileTable:
    """Parse a file table; mistakes are ``DiagnosticError`` at their line and column."""
    diagnostics = Diagnostics()
    lines = text.splitlines()
    header = lines[0] if lines else ""
    columns = (
        tuple(header[1:-1].split("|")) if header.startswith("[") and header.endswith("]") else ()
    )
    try:
        _check_columns(columns)
    except ValueError as error:
        diagnostics.add(Diagnostic.error(f"bad file table header: {error}", Span(name, 1, 1)))
        diagnostics.raise_if_errors()
    table = FileTable(columns)
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        cells = tuple(line.split("|"))
        if len(cells) != len(columns) or not all(cells):
            message = f"expected {len(columns)} non-empty '|'-separated file names"
            diagnostics.add(Diagnostic.error(message, Span(name, number, 1, number, len(line))))
            continue
        table.rows.append(cells)
    diagnostics.raise_if_errors()
    return table
