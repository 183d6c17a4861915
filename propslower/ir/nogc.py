"""Pausing the cyclic garbage collector while a phase builds many objects that form no cycles."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Collect no cycles inside the block (each collection rescans every live object, so
    building a large module with collection on costs time that grows faster than its size)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
