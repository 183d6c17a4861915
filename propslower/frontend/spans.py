"""Spans of cursors and the attribute spelling written at an annotate's location."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from propslower.diagnostics import Span
from propslower.frontend.cindex import Cursor, file_name
from propslower.frontend.prelude import ATTRIBUTE_SITES, attribute_name, spellings
from propslower.properties.model import Site

_WRITTEN = re.compile(r"(?:\w+\s*::\s*)?(\w+)")
_DEFAULT_NAMES = {site: name for name, site in reversed(ATTRIBUTE_SITES.items())}


def span_of(cursor: Cursor) -> Span | None:
    """Where ``cursor`` is, 1-based; ``None`` for builtins."""
    name = file_name(cursor)
    if name is None:
        return None
    return Span(name, cursor.location.line, cursor.location.column)


@dataclass
class SourceTexts:
    """File texts read on demand (unsaved contents take precedence)."""

    unsaved: dict[str, str] = field(default_factory=dict)
    cache: dict[str, list[str]] = field(default_factory=dict)

    def line(self, file: str, line: int) -> str:
        lines = self.cache.get(file)
        if lines is None:
            text = self.unsaved.get(file)
            if text is None:
                try:
                    text = Path(file).read_text(encoding="utf-8", errors="replace")
                except OSError:
                    text = ""
            lines = self.cache[file] = text.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def between(self, file: str, start: tuple[int, int], end: tuple[int, int]) -> str:
        """The text from ``start`` up to (not including) ``end``, both 1-based (line, column)."""
        (line, column), (end_line, end_column) = start, end
        if end_line == line:
            return self.line(file, line)[column - 1 : end_column - 1]
        parts = [self.line(file, line)[column - 1 :]]
        parts.extend(self.line(file, number) for number in range(line + 1, end_line))
        parts.append(self.line(file, end_line)[: end_column - 1])
        return "\n".join(parts)

    def attribute_at(self, span: Span | None, site: Site) -> str:
        """The attribute name written at ``span``, or the design spelling for ``site``."""
        if span is not None:
            match = _WRITTEN.match(self.line(span.file, span.line), span.column - 1)
            if match is not None and match.group(1) in spellings():
                return attribute_name(match.group(1))
        return _DEFAULT_NAMES[site]
