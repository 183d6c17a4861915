"""Free-function kernels (``sycl-nd-range-kernel`` / ``sycl-single-task-kernel``) are kernels."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.frontend.kernels import is_free_function_kernel
from propslower.properties.model import Property, PropertyList
from propslower.properties.values import IntegerValue
from tests.conftest import CliRun, require_tool

Cli = Callable[..., CliRun]
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]
DPCPP = Path(__file__).resolve().parents[2] / "examples" / "dpcpp"

SOURCE = """\
#if __has_cpp_attribute(clang::sycl_external)
#define EXTERNAL [[clang::sycl_external]]
#else
#define EXTERNAL
#endif
EXTERNAL [[__sycl_detail__::add_ir_attributes_function("sycl-nd-range-kernel", 2)]]
void ff_2(int *ptr, int start) { ptr[start] = start; }

EXTERNAL [[__sycl_detail__::add_ir_attributes_function("sycl-single-task-kernel", 0)]]
void ff_0(int *ptr) { *ptr = 1; }

EXTERNAL [[__sycl_detail__::add_ir_attributes_function("sycl-other", 0)]]
void helper(int *ptr) { *ptr = 2; }
"""


def test_the_two_properties_make_a_kernel() -> None:
    def props(name: str) -> PropertyList:
        return PropertyList((Property(name, IntegerValue(1)),))

    assert is_free_function_kernel(props("sycl-nd-range-kernel"))
    assert is_free_function_kernel(props("sycl-single-task-kernel"))
    assert not is_free_function_kernel(props("sycl-work-group-size"))


def _define(text: str, name: str) -> str:
    found = re.search(rf"^define .*@{name}\(.*$", text, re.M)
    assert found is not None, name
    return found.group(0)


@pytest.mark.integration
@pytest.mark.parametrize("version", ["19", "22"])
def test_free_functions_become_spir_kernels(cli: Cli, tmp_path: Path, version: str) -> None:
    source = tmp_path / "free.cpp"
    source.write_text(SOURCE)
    output = tmp_path / "free.ll"
    run = cli(
        "cc", "--profile", "dpcpp", "--", require_tool(f"clang-{version}"), *DEVICE,
        "-S", "-emit-llvm", str(source), "-o", str(output),
    )  # fmt: skip
    assert run.status == 0, run.stderr
    text = output.read_text()
    assert _define(text, "_Z4ff_2Pii").startswith("define dso_local spir_kernel void @_Z4ff_2Pii(")
    assert _define(text, "_Z4ff_0Pi").startswith("define dso_local spir_kernel void @_Z4ff_0Pi(")
    assert " spir_func void @_Z6helperPi(" in _define(text, "_Z6helperPi")
    assert re.search(r'^attributes #\d+ = \{ .*"sycl-nd-range-kernel"="2" \}$', text, re.M)
    assert re.search(r'^attributes #\d+ = \{ .*"sycl-single-task-kernel"="0" \}$', text, re.M)


@pytest.mark.integration
def test_the_real_headers_free_function_kernels(
    cli: Cli, dpcpp_include: Path, tmp_path: Path
) -> None:
    output = tmp_path / "ff.ll"
    run = cli(
        "cc", "--profile", "dpcpp", "--", require_tool("clang-19"), *DEVICE, "-isystem",
        str(dpcpp_include), "-S", "-emit-llvm", str(DPCPP / "free_function.cpp"),
        "-o", str(output),
    )  # fmt: skip
    assert run.status == 0, run.stderr
    text = output.read_text()
    assert _define(text, "_Z4iotaPi").startswith("define dso_local spir_kernel void @_Z4iotaPi(")
    assert _define(text, "_Z6answerPi").startswith(
        "define dso_local spir_kernel void @_Z6answerPi("
    )
    assert '"sycl-nd-range-kernel"="1" }' in text
    assert '"sycl-single-task-kernel"="0" }' in text
