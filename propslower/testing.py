"""A pytest plugin for IR snapshot tests: one normalised ``.ll`` file per snapshot.

Installed with propslower (entry point ``pytest11``). Use the ``ll_snapshot`` fixture::

    def test_lowering(ll_snapshot):
        assert annotate(module_text) == ll_snapshot

Each assertion is stored as one reviewable ``.ll`` file. Before comparing, the text is
normalised so snapshots change only when the IR does: the ``; ModuleID`` line and
``source_filename`` are dropped, producer strings (``clang version ...``) are replaced,
and numbered metadata (``!7``) and attribute groups (``#3``) are renumbered in order of
first appearance.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

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


class LLSnapshotExtension(SingleFileSnapshotExtension):
    """Stores each IR snapshot as one normalised ``.ll`` text file."""

    file_extension = "ll"
    _write_mode = WriteMode.TEXT

    def serialize(self, data: Any, **_kwargs: Any) -> str:
        if not isinstance(data, str):
            raise TypeError(f"an .ll snapshot must be IR text, not {type(data).__name__}")
        return normalise_ir(data)


@pytest.fixture
def ll_snapshot(snapshot: SnapshotAssertion) -> SnapshotAssertion:
    """A syrupy snapshot that stores IR as normalised ``.ll`` files."""
    return snapshot.use_extension(LLSnapshotExtension)
