from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from propslower.aspects.def_file import default_table, parse_aspects_def
from propslower.postlink.device_config import builtin_config
from propslower.postlink.header import aspect_header
from propslower.postlink.macros import design_sets, macro_flags
from tests.conftest import require_tool

TABLE = default_table()


def completeness_tu(header: Path) -> str:
    """The traits design's completeness test (docs/design/aspects.md): instantiate both traits for every aspects.def entry."""
    lines = [f'#include "{header}"']
    for name in TABLE.spellings:
        lines.append(
            f"constexpr bool CheckAnyDeviceHas_{name} = "
            f"sycl::any_device_has_v<sycl::aspect::{name}>;"
        )
        lines.append(
            f"constexpr bool CheckAllDevicesHave_{name} = "
            f"sycl::all_devices_have_v<sycl::aspect::{name}>;"
        )
    return "\n".join(lines) + "\n"


def clang(tu: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    tool = require_tool("clang-19")
    command = [tool, "-fsyntax-only", "-std=c++17", "-Werror", "-Wno-deprecated-declarations"]
    return subprocess.run([*command, *flags, str(tu)], capture_output=True, text=True, check=False)


def test_header_text_shape() -> None:
    text = aspect_header(TABLE)
    assert "#include" not in text
    assert (
        "#ifndef __SYCL_ALL_DEVICES_HAVE_fp64__\n#define __SYCL_ALL_DEVICES_HAVE_fp64__ 0\n" in text
    )
    assert "#ifdef __SYCL_ANY_DEVICE_HAS_ANY_ASPECT__" in text
    assert "template <> struct any_device_has<aspect::usm_system_allocator>" not in text
    assert "__SYCL_ANY_DEVICE_HAS_6__" in aspect_header(TABLE, numeric=True)
    assert "enum class aspect" not in aspect_header(TABLE, define_enum=False)


@pytest.mark.integration
@pytest.mark.parametrize("numeric", [False, True])
@pytest.mark.parametrize("flags", [(), ("-D__SYCL_ANY_DEVICE_HAS_ANY_ASPECT__=1",)])
def test_every_aspect_has_both_traits(
    tmp_path: Path, numeric: bool, flags: tuple[str, ...]
) -> None:
    header = tmp_path / "device_aspect_macros.hpp"
    header.write_text(aspect_header(TABLE, numeric))
    tu = tmp_path / "tu.cpp"
    tu.write_text(completeness_tu(header))
    result = clang(tu, *flags)
    assert result.returncode == 0, result.stderr


@pytest.mark.integration
def test_missing_specialization_is_caught(tmp_path: Path) -> None:
    smaller = parse_aspects_def("__SYCL_ASPECT(cpu, 1)\n", "small.def")
    header = tmp_path / "h.hpp"
    text = aspect_header(smaller).replace("enum class aspect {", "enum class aspect {\n  gpu = 2,")
    header.write_text(text)
    tu = tmp_path / "tu.cpp"
    tu.write_text(
        f'#include "{header}"\nconstexpr bool x = sycl::all_devices_have_v<sycl::aspect::gpu>;\n'
    )
    assert clang(tu).returncode != 0


@pytest.mark.integration
@pytest.mark.parametrize(
    "targets",
    [["intel_gpu_pvc", "intel_gpu_dg1"], ["nvidia_gpu_sm_80", "intel_gpu_pvc"], ["spir64"]],
)
def test_trait_values_follow_the_macros(tmp_path: Path, targets: list[str]) -> None:
    sets = design_sets(targets, builtin_config(TABLE), TABLE)
    header = tmp_path / "h.hpp"
    header.write_text(aspect_header(TABLE))
    lines = [f'#include "{header}"']
    for aspect in TABLE:
        any_has = sets.any_aspect or aspect.value in sets.any_device_has
        all_have = aspect.value in sets.all_devices_have
        lines.append(
            f"static_assert(sycl::any_device_has_v<sycl::aspect::{aspect.name}> == "
            f"{str(any_has).lower()});"
        )
        lines.append(
            f"static_assert(sycl::all_devices_have_v<sycl::aspect::{aspect.name}> == "
            f"{str(all_have).lower()});"
        )
    tu = tmp_path / "tu.cpp"
    tu.write_text("\n".join(lines) + "\n")
    result = clang(tu, *macro_flags(sets, TABLE))
    assert result.returncode == 0, result.stderr
