"""What the SPIR-V pass did with each property: findings, and the ``--explain`` table."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """One property on one entity and what it became (or why nothing)."""

    entity: str
    prop: str
    value: str | None
    outcome: str
    lowered: bool
    unknown: bool = False
    """No rule in the table for this property at this site: it stays an IR attribute."""


def format_explain(findings: Iterable[Finding]) -> str:
    """A fixed-width table: entity, property, value, result."""
    rows = [("ENTITY", "PROPERTY", "VALUE", "RESULT")]
    rows.extend(
        (f.entity, f.prop, "-" if f.value is None else repr(f.value), f.outcome) for f in findings
    )
    if len(rows) == 1:
        return "propslower spirv: no sycl-* properties found\n"
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True))
        + "  "
        + row[3]
        for row in rows
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def format_unknown(findings: Iterable[Finding]) -> str:
    """``-v``: the properties left as IR attributes, one line each."""
    lines = [
        f"propslower spirv: {f.entity}: '{f.prop}' left as an IR attribute ({f.outcome})"
        for f in findings
        if f.unknown
    ]
    return "".join(line + "\n" for line in lines)
