"""Shared helpers for the front-end tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from propslower.aspects.def_file import default_table
from propslower.frontend.feature_model import FunctionFeatures, TranslationUnitFeatures
from propslower.frontend.reader import read
from propslower.frontend.records import ReadResult
from tests.conftest import CliRun, require_tool

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def read_source(tmp_path: Path, source: str, name: str = "input.cpp") -> ReadResult:
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return read(path)


def pairs(
    result: ReadResult,
) -> dict[tuple[str, str, int | None], tuple[tuple[str, str | None], ...]]:
    return {
        (r.site.value, r.ir_name, r.param_index): r.properties.ir_pairs() for r in result.records
    }


def read_features(
    tmp_path: Path, source: str, *args: str, name: str = "input.cpp"
) -> TranslationUnitFeatures:
    """The optional-kernel-feature facts of ``source`` (examples/ on the include path)."""
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return read(path, [f"-I{EXAMPLES}", *args], features=default_table).features


def functions_by_name(features: TranslationUnitFeatures) -> dict[str, FunctionFeatures]:
    """The functions by their C++ name (the tests' sources keep names unique)."""
    return {function.name: function for function in features.functions}


def used(features: TranslationUnitFeatures, name: str) -> set[str]:
    """The names of the aspects function ``name`` uses itself."""
    table = default_table()
    return {table.name_of(v) or str(v) for v in functions_by_name(features)[name].used_values}


KERNEL_HEADER = """
template <typename Name, typename F> __attribute__((sycl_kernel)) void kernel(F f) { f(); }
"""
"""A kernel entry point: code reached from ``kernel<Name>(...)`` is device code."""


DPCPP_EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "dpcpp"
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]


def cc_real_headers(
    cli: Callable[..., CliRun],
    include: Path,
    clang: str,
    program: str,
    output: Path,
    *options: str,
) -> CliRun:
    """``propslower cc OPTIONS -- CLANG ... examples/dpcpp/PROGRAM.cpp -o OUTPUT`` against the
    real DPC++ headers in ``include``."""
    return cli(
        "cc", *options, "--", require_tool(clang), *DEVICE, "-isystem", str(include), "-S",
        "-emit-llvm", str(DPCPP_EXAMPLES / f"{program}.cpp"), "-o", str(output),
    )  # fmt: skip
