"""The syrupy extension behind the ``ll_snapshot`` fixture (imported only when syrupy is)."""

from __future__ import annotations

from typing import Any

from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from propslower.ir_normalise import normalise_ir


class LLSnapshotExtension(SingleFileSnapshotExtension):
    """Stores each IR snapshot as one normalised ``.ll`` text file."""

    file_extension = "ll"
    _write_mode = WriteMode.TEXT

    def serialize(self, data: Any, **_kwargs: Any) -> str:
        if not isinstance(data, str):
            raise TypeError(f"an .ll snapshot must be IR text, not {type(data).__name__}")
        return normalise_ir(data)
