"""The note after an unknown name: the closest known name, or the list of known names."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from propslower.diagnostics import Diagnostic

_MAX_LISTED = 60
"""Longer lists are cut (with a count) so the note stays readable."""


def did_you_mean(name: str, known: Sequence[str], what: str) -> Diagnostic:
    """``did you mean 'x'?`` for a close match, else ``known <what>: a, b, …``."""
    close = difflib.get_close_matches(name, known, 1)
    if close:
        return Diagnostic.note(f"did you mean '{close[0]}'?")
    names = sorted(dict.fromkeys(known))
    listed = ", ".join(names[:_MAX_LISTED])
    if len(names) > _MAX_LISTED:
        listed += f", and {len(names) - _MAX_LISTED} more"
    return Diagnostic.note(f"known {what}: {listed or '(none)'}")
