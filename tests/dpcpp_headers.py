"""The real DPC++ SYCL headers as a test fixture: the pinned wheel, downloaded once, cached.

``intel-sycl-rt`` on PyPI ships one intel/llvm release's ``include/`` tree in its wheel. The
wheel goes into ``${XDG_CACHE_HOME:-~/.cache}/propslower/`` (``pip download --no-deps``) and
only ``include/`` is unpacked beside it, so nothing is ever written into the tree. Outside CI a
download that fails skips the tests that need the headers; in CI (``CI`` set) it fails them.

``python -m tests.dpcpp_headers`` prints the include directory (downloading it if needed), for
the Makefile and ``examples/demo.sh``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

VERSION = "2026.2.0"
"""The pinned release (its headers have device_global, annotated_ptr, free-function kernels)."""

DISTRIBUTION = "intel-sycl-rt"
_DATA_PREFIX = f"intel_sycl_rt-{VERSION}.data/data/include/"


class HeadersUnavailableError(Exception):
    """The wheel could not be downloaded or unpacked (no network, no pip, a bad file)."""


def cache_dir() -> Path:
    """``${XDG_CACHE_HOME:-~/.cache}/propslower``: outside any checkout."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "propslower"


def include_dir(cache: Path | None = None) -> Path:
    """Where the headers' ``include/`` is unpacked (it may not exist yet)."""
    return (cache or cache_dir()) / f"sycl-{VERSION}" / _DATA_PREFIX.rstrip("/")


def ensure_headers(cache: Path | None = None) -> Path:
    """The include directory, downloading and unpacking the wheel the first time."""
    cache = cache or cache_dir()
    include = include_dir(cache)
    if (include / "sycl" / "sycl.hpp").is_file():
        return include
    cache.mkdir(parents=True, exist_ok=True)
    _unpack(_wheel(cache), cache / f"sycl-{VERSION}")
    if not (include / "sycl" / "sycl.hpp").is_file():
        raise HeadersUnavailableError(f"the {DISTRIBUTION} {VERSION} wheel holds no sycl/sycl.hpp")
    return include


def _wheel(cache: Path) -> Path:
    """The cached wheel, or a fresh ``pip download`` of it."""
    pattern = f"intel_sycl_rt-{VERSION}-*.whl"
    found = sorted(cache.glob(pattern))
    if found:
        return found[0]
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
    command += ["--dest", str(cache), f"{DISTRIBUTION}=={VERSION}"]
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    found = sorted(cache.glob(pattern))
    if finished.returncode != 0 or not found:
        reason = finished.stderr.strip().splitlines()[-1:] or ["no wheel downloaded"]
        raise HeadersUnavailableError(f"pip download {DISTRIBUTION}=={VERSION} failed: {reason[0]}")
    return found[0]


def _unpack(wheel: Path, target: Path) -> None:
    """Only the ``include/`` members, into a temporary directory renamed into place."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            members = [m for m in archive.namelist() if m.startswith(_DATA_PREFIX)]
            staging = Path(tempfile.mkdtemp(prefix="sycl-", dir=target.parent))
            try:
                archive.extractall(staging, members)
                if target.exists():
                    shutil.rmtree(target)
                staging.rename(target)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
    except (OSError, zipfile.BadZipFile) as error:
        raise HeadersUnavailableError(f"cannot unpack {wheel}: {error}") from error


@pytest.fixture(scope="session")
def dpcpp_include() -> Path:
    """The real headers' include directory; skips outside CI when they cannot be had."""
    try:
        return ensure_headers()
    except HeadersUnavailableError as error:
        if os.environ.get("CI"):
            pytest.fail(str(error))
        pytest.skip(str(error))


def main() -> int:
    """Print the include directory (for ``make demo``); exit 1 when it cannot be had."""
    try:
        print(ensure_headers())
    except HeadersUnavailableError as error:
        print(f"tests.dpcpp_headers: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
