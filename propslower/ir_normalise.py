"""Normalising IR text for snapshots: no module ids, file names or producers, stable numbers.

Needs neither pytest nor syrupy, so any test framework (or a diff script) can use it.
"""

from __future__ import annotations

import re

_MODULE_ID = re.compile(r"^; ModuleID = .*\n", re.MULTILINE)
_SOURCE_FILENAME = re.compile(r'^source_filename = ".*"\n', re.MULTILINE)
_PRODUCER = re.compile(r'!"[^"]*(?:clang|LLVM) version [^"]*"')
_METADATA_ID = re.compile(r"(?<![\w.$\\])!(\d+)\b")
_GROUP_ID = re.compile(r"(?<![\w.$\\\"])#(\d+)\b")


def _renumber(pattern: re.Pattern[str], sigil: str, text: str) -> str:
    numbers: dict[str, int] = {}

    def replace(match: re.Match[str]) -> str:
        number = numbers.setdefault(match.group(1), len(numbers))
        return f"{sigil}{number}"

    return pattern.sub(replace, text)


def normalise_ir(text: str) -> str:
    """``text`` with module ids, file names, producers and metadata/group numbering made stable."""
    text = _MODULE_ID.sub("", text)
    text = _SOURCE_FILENAME.sub("", text)
    text = _PRODUCER.sub('!"<producer>"', text)
    text = _renumber(_METADATA_ID, "!", text)
    return _renumber(_GROUP_ID, "#", text)
