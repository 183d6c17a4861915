"""The syrupy extension behind the ``ll_snapshot`` fixture (imported only when syrupy is)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from propslower.ir_normalise import normalise_ir


class LLSnapshotExtension(SingleFileSnapshotExtension):
    """Stores each IR snapshot as one normalised ``.ll`` text file; a failed comparison
    names that file first."""

    file_extension = "ll"
    _write_mode = WriteMode.TEXT

    def __init__(self) -> None:
        super().__init__()
        self._location: str | None = None
        self._diffing = False

    def serialize(self, data: Any, **_kwargs: Any) -> str:
        if not isinstance(data, str):
            raise TypeError(f"an .ll snapshot must be IR text, not {type(data).__name__}")
        return normalise_ir(data)

    def read_snapshot_data_from_location(
        self, *, snapshot_location: str, snapshot_name: str, session_id: str
    ) -> Any:
        self._location = snapshot_location
        return super().read_snapshot_data_from_location(
            snapshot_location=snapshot_location,
            snapshot_name=snapshot_name,
            session_id=session_id,
        )

    def diff_snapshots(self, serialized_data: Any, snapshot_data: Any) -> Any:
        self._diffing = True
        try:
            return super().diff_snapshots(serialized_data, snapshot_data)
        finally:
            self._diffing = False

    def diff_lines(self, serialized_data: Any, snapshot_data: Any) -> Iterator[str]:
        if self._location is not None and not self._diffing:
            yield (
                f"snapshot file: {_shown(self._location)} (pytest --snapshot-update rewrites it)"
            )
        yield from super().diff_lines(serialized_data, snapshot_data)


def _shown(path: str) -> str:
    """``path`` relative to the working directory when it is inside it."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative
