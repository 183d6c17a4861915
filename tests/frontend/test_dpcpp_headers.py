"""The real-headers fixture: one cached wheel, only include/ unpacked, reused."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from tests.dpcpp_headers import HeadersUnavailableError, ensure_headers, include_dir


def test_the_fixture_gives_the_release_headers(dpcpp_include: Path) -> None:
    assert (dpcpp_include / "sycl" / "sycl.hpp").is_file()
    assert (dpcpp_include / "sycl" / "ext" / "oneapi" / "device_global").is_dir()
    assert dpcpp_include == include_dir()


def test_a_cached_wheel_is_unpacked_once_and_only_include(
    dpcpp_include: Path, tmp_path: Path
) -> None:
    wheels = sorted(dpcpp_include.parents[3].glob("intel_sycl_rt-*.whl"))
    if not wheels:
        pytest.skip("the wheel was unpacked elsewhere")
    shutil.copy(wheels[0], tmp_path)
    include = ensure_headers(tmp_path)
    assert include == include_dir(tmp_path)
    unpacked = include.parents[2]
    assert sorted(p.name for p in unpacked.iterdir()) == [include.parents[1].name]
    assert {p.name for p in include.iterdir()} >= {"sycl", "CL"}
    marker = include / "sycl" / "sycl.hpp"
    stamp = marker.stat().st_mtime_ns
    assert ensure_headers(tmp_path) == include  # reused: nothing unpacked again
    assert marker.stat().st_mtime_ns == stamp


def test_a_broken_wheel_is_reported(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "intel_sycl_rt-2026.2.0-py2.py3-none-any.whl", "w") as wheel:
        wheel.writestr("intel_sycl_rt-2026.2.0.dist-info/METADATA", "Name: intel-sycl-rt\n")
    with pytest.raises(HeadersUnavailableError, match=r"no sycl/sycl\.hpp"):
        ensure_headers(tmp_path)
