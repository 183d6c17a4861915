"""Shared test helpers: locating the real tools integration tests need."""

from __future__ import annotations

import os
import shutil

import pytest


def require_tool(name: str) -> str:
    """The path of ``name`` on PATH; skip outside CI when missing, fail inside CI."""
    path = shutil.which(name)
    if path is not None:
        return path
    message = f"'{name}' is not installed (CI installs it through apt-get)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)
