"""What ``propslower split`` prints: per-image lines or JSON, a one-line summary, progress."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from propslower.aspects.table import AspectTable
from propslower.postlink.split import SplitResult
from propslower.postlink.target_tables import SplitImage

_PROGRESS_EVERY = 0.1
"""Seconds between progress updates on a terminal."""


class Progress:
    """``split: 120/13000 images`` on standard error, only when it is a terminal."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.shown = self.stream.isatty()
        self._last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.shown or (now - self._last < _PROGRESS_EVERY and done < total):
            return
        self._last = now
        self.stream.write(f"\rsplit: {done}/{total} images")
        self.stream.flush()

    def finish(self) -> None:
        if self.shown and self._last:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def summary_line(result: SplitResult, tables: Sequence[str]) -> str:
    kernels = sum(len(image.entry_points) for image in result.images)
    written = ", ".join([result.table_name, *tables])
    images = "image" if len(result.images) == 1 else "images"
    return f"split: {len(result.images)} {images}, {kernels} entry points; tables: {written}\n"


def image_lines(result: SplitResult, table: AspectTable) -> str:
    return "".join(_image_line(image, table) + "\n" for image in result.images)


def _image_line(image: SplitImage, table: AspectTable) -> str:
    req = image.requirements.requirements
    aspects = ",".join(table.name_of(a) or str(a) for a in req.aspects) or "-"
    sub_group = req.reqd_sub_group_size or "-"
    work_group = ",".join(str(d) for d in req.reqd_work_group_size or ()) or "-"
    entries = " ".join(image.entry_points)
    return (
        f"{image.code}: aspects={aspects} sub-group={sub_group} work-group={work_group}"
        f" entry-points={entries}"
    )


def result_json(result: SplitResult, tables: Sequence[str], table: AspectTable) -> str:
    """Every image (files, entry points, requirements with aspects by name) and the tables."""
    images = []
    for image in result.images:
        req = image.requirements.requirements
        images.append(
            {
                "code": image.code,
                "properties": image.props,
                "symbols": image.symbols,
                "entry_points": list(image.entry_points),
                "aspects": [table.name_of(a) or a for a in req.aspects],
                "reqd_sub_group_size": req.reqd_sub_group_size,
                "reqd_work_group_size": (
                    None if req.reqd_work_group_size is None else list(req.reqd_work_group_size)
                ),
            }
        )
    return json.dumps({"images": images, "tables": [result.table_name, *tables]}) + "\n"
