"""The stock-clang compatibility layer: the real DPC++ 2026.2 headers through stock clang."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.frontend.cindex import resource_dir_args
from propslower.frontend.markers import EXTERNAL
from propslower.frontend.reader import read
from propslower.frontend.sycl_compat import (
    SHIMS,
    HostToolchain,
    compat_layer,
    header_text,
    include_directories,
    parse_search_list,
    real_headers,
)
from tests.conftest import CliRun, require_tool
from tests.frontend.helpers import cc_real_headers

Cli = Callable[..., CliRun]
DPCPP = Path(__file__).resolve().parents[2] / "examples" / "dpcpp"
PROGRAMS = sorted(path.stem for path in DPCPP.glob("*.cpp"))
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]

CLANG_V_OUTPUT = """\
Debian clang version 19.1.7 (3~deb12u1)
Target: x86_64-pc-linux-gnu
#include "..." search starts here:
#include <...> search starts here:
 /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12
 /usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/x86_64-linux-gnu/c++/12
 /usr/lib/llvm-19/lib/clang/19/include
 /usr/local/include
 /usr/include
End of search list.
"""


def test_every_shim_says_what_it_stands_in_for_and_its_header_is_labelled() -> None:
    text = header_text()
    for shim in SHIMS:
        assert shim.stands_in_for
        if shim.header:
            assert f"// {shim.name}: stands in for" in text
            assert shim.header in text
    assert "typedef struct __propslower_event *__ocl_event_t;" in text
    assert "__ocl_sampled_image2d_array_ro_t;" in text
    assert "#define opencl_constant address_space(2)" in text


def test_the_host_search_list_splits_around_the_resource_directory() -> None:
    host = parse_search_list(CLANG_V_OUTPUT)
    assert host == HostToolchain(
        "x86_64-pc-linux-gnu",
        (
            "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12",
            "/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/x86_64-linux-gnu/c++/12",
        ),
        ("/usr/local/include", "/usr/include"),
    )


def test_flags_for_the_driver_and_the_cc1_forms(tmp_path: Path) -> None:
    layer = compat_layer("clang-19", tmp_path)
    layer = type(layer)(layer.header, parse_search_list(CLANG_V_OUTPUT))
    driver = layer.clang_arguments(["clang-19", "x.cpp"], cc1=False)
    assert driver[:6] == ["-include", str(tmp_path / "propslower_sycl_compat.h"), "-Xclang",
                          "-aux-triple", "-Xclang", "x86_64-pc-linux-gnu"]  # fmt: skip
    assert driver[-4:] == ["-idirafter", "/usr/local/include", "-idirafter", "/usr/include"]
    cc1 = layer.clang_arguments(["clang-19", "-cc1", "x.cpp"], cc1=True)
    assert cc1[2:4] == ["-aux-triple", "x86_64-pc-linux-gnu"]
    given = layer.clang_arguments(["clang-19", "-cc1", "-aux-triple", "t", "x.cpp"], cc1=True)
    assert "-aux-triple" not in given


def test_include_directories_in_every_spelling(tmp_path: Path) -> None:
    arguments = ["clang", "-Ia", "-I", "b", "-isystem", "c", "-isystemd", "-idirafter", "e"]
    arguments += ["-iquote", "f", "-internal-isystem", "g", "x.cpp"]
    assert include_directories(arguments) == [Path(p) for p in "abcdefg"]
    assert real_headers(["clang", f"-I{tmp_path}"], str(tmp_path / "x.cpp")) is None


@pytest.mark.integration
def test_the_real_headers_are_found(dpcpp_include: Path, tmp_path: Path) -> None:
    assert real_headers(["clang", "-isystem", str(dpcpp_include)], "x.cpp") == dpcpp_include
    examples = Path(__file__).resolve().parents[2] / "examples"
    assert real_headers(["clang", f"-I{examples}"], str(examples / "combined.cpp")) is None


COMPILES = [(program, "19") for program in PROGRAMS]
COMPILES += [(program, "22") for program in PROGRAMS if program != "free_function"]
"""clang 22 emits only what a kernel reaches or [[clang::sycl_external]] marks: a free-function
kernel without SYCL_EXTERNAL is not emitted (docs/dpcpp-headers.md)."""


@pytest.mark.integration
@pytest.mark.parametrize(("program", "version"), COMPILES)
def test_each_example_compiles_with_stock_clang(
    dpcpp_include: Path, tmp_path: Path, version: str, program: str
) -> None:
    clang = require_tool(f"clang-{version}")
    layer = compat_layer(clang, tmp_path)
    layer.write()
    command = [clang, *DEVICE, "-isystem", str(dpcpp_include)]
    command += [*layer.clang_arguments(command, cc1=False), "-S", "-emit-llvm"]
    command += [str(DPCPP / f"{program}.cpp"), "-o", str(tmp_path / "out.ll")]
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    assert finished.returncode == 0, finished.stderr[-3000:]
    assert "error:" not in finished.stderr
    assert "define " in (tmp_path / "out.ll").read_text()


@pytest.mark.integration
def test_libclang_reads_the_real_headers_and_sees_sycl_external(
    dpcpp_include: Path, tmp_path: Path
) -> None:
    require_tool("clang-19")
    layer = compat_layer("clang-19", tmp_path)
    layer.write()
    arguments = ["-isystem", str(dpcpp_include)]
    result = read(DPCPP / "sycl_external.cpp", [*arguments, *layer.libclang_arguments(arguments)])
    assert [external.ir_name for external in result.externals] == ["_Z5twicei"]
    assert EXTERNAL == "sycl_external"
    assert result.warnings == ()  # sycl_device is read, not warned about


@pytest.mark.integration
def test_libclang_finds_the_resource_headers_through_isystem(tmp_path: Path) -> None:
    require_tool("clang-19")
    assert resource_dir_args()[:1] == ("-resource-dir",)
    source = tmp_path / "sizes.cpp"
    source.write_text("#include <stddef.h>\n#include <stdarg.h>\nsize_t n; va_list *m;\n")
    result = read(source)
    assert result.records == ()


@pytest.mark.integration
def test_cc_on_a_device_global_with_the_layer_announced_once(
    cli: Cli, dpcpp_include: Path, tmp_path: Path
) -> None:
    output = tmp_path / "dg.ll"
    run = cc_real_headers(
        cli, dpcpp_include, "clang-19", "device_global", output, "-v", "--profile", "dpcpp"
    )
    assert run.status == 0, run.stderr
    assert run.stderr.count("stock-clang compatibility layer on") == 1
    text = output.read_text()
    assert '"sycl-device-global-size"="4" "sycl-device-image-scope" "sycl-host-access"="0"' in text


@pytest.mark.integration
def test_the_opencl_types_of_the_mock_headers_compile(cli: Cli, tmp_path: Path) -> None:
    source = tmp_path / "mock.cpp"
    source.write_text(
        "struct sampler { __ocl_sampler_t s; void __init(__ocl_sampler_t x) { s = x; } };\n"
        "struct image { __ocl_image2d_ro_t i; __ocl_image3d_wo_t j; __ocl_event_t e; };\n"
        "template <class T> struct kind;\n"
        "template <> struct kind<__ocl_image1d_ro_t> {};\n"
        "template <> struct kind<__ocl_image1d_wo_t> {};\n"
        "template <> struct kind<__ocl_sampled_image1d_ro_t> {};\n"
        "[[clang::sycl_kernel]] void use(image) {}\n"
        "__attribute__((sycl_device)) void keep(sampler s, image i) { s.__init(s.s); }\n"
    )
    output = tmp_path / "mock.ll"
    run = cli(
        "cc", "--sycl-compat", "--", require_tool("clang-19"), *DEVICE, "-S", "-emit-llvm",
        str(source), "-o", str(output),
    )  # fmt: skip
    assert run.status == 0, run.stderr
    assert "@_Z4keep7sampler5image" in output.read_text()
    off = cli(
        "cc", "--no-sycl-compat", "--", require_tool("clang-19"), *DEVICE, "-S", "-emit-llvm",
        str(source), "-o", str(output),
    )  # fmt: skip
    assert off.status != 0


@pytest.mark.integration
@pytest.mark.parametrize("version", ["19", "22"])
def test_the_queue_shortcut_capturing_an_annotated_ptr(
    cli: Cli, dpcpp_include: Path, tmp_path: Path, version: str
) -> None:
    output = tmp_path / "shortcut.ll"
    run = cc_real_headers(
        cli, dpcpp_include, f"clang-{version}", "captured_annotated_ptr", output,
        "-v", "--profile", "dpcpp",
    )  # fmt: skip
    assert run.status == 0, run.stderr
    text = output.read_text()
    assert "define dso_local spir_kernel void @_ZTS5Store(" in text
    assert "bitcast (ptr @" not in text
    repaired = "wrote 1 constant 'bitcast' between address spaces, which LLVM rejects"
    assert (repaired in run.stderr) == (version == "19")
    unplaced = (
        "annotated_ptr.hpp:253:28: note: the kernel-parameter properties of "
        "'sycl::ext::oneapi::experimental::annotated_ptr<int, "
    )
    assert run.stderr.count(unplaced) == 1
    assert "are not placed on the kernels that capture it" in run.stderr
