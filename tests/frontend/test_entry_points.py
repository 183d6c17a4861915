"""``sycl_kernel_entry_point`` kernels: clang 22 generates ``_ZTS<KernelName>``; with older
clangs ``cc`` makes the entry point that kernel, so the output does not depend on the clang."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.frontend.kernel_names import first_template_argument
from propslower.frontend.reader import read
from tests.conftest import CliRun, require_tool

Cli = Callable[..., CliRun]
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

NAMES = """\
template <typename KernelName, typename F>
[[clang::sycl_kernel_entry_point(KernelName)]] void entry(F f) { f(); }
struct Work { void operator()() const {} };
namespace ns { class Named; }
class Plain;
template <class T> class Templated;
void submit() {
  entry<Plain>(Work{});
  entry<ns::Named>(Work{});
  class Local;
  entry<Local>(Work{});
  entry<Templated<int>>(Work{});
}
"""


def test_the_first_template_argument_of_a_mangled_name() -> None:
    helper = "_ZN4sycl3_V16detail24KernelWrapperHelperFuncs18kernel_single_task"
    assert first_template_argument(f"{helper}I11SizedKernelS4_JEEEvRKT0_") == "11SizedKernel"
    assert first_template_argument("_Z1kIN2ns3FooE1SEvRKT0_") == "N2ns3FooE"
    assert first_template_argument("_Z1kIZ1gvE1N1SEvRKT0_") is None  # local: libclang's job
    assert first_template_argument("_Z1kI3FooIiEEvv") is None  # a template specialisation
    assert first_template_argument("k") is None


def test_kernel_names_as_clang_22_writes_them(tmp_path: Path) -> None:
    source = tmp_path / "names.cpp"
    source.write_text(NAMES)
    entries = {e.ir_name: e.kernel for e in read(source).entry_points}
    assert set(entries.values()) == {
        "_ZTS5Plain", "_ZTSN2ns5NamedE", "_ZTSZ6submitvE5Local", None
    }  # fmt: skip


def _defines(text: str) -> list[str]:
    return re.findall(r"^define .*spir_kernel .*$", text, re.M)


@pytest.mark.integration
def test_the_kernels_do_not_depend_on_the_clang_version(cli: Cli, tmp_path: Path) -> None:
    outputs = {}
    for version in ("19", "22"):
        output = tmp_path / f"combined{version}.ll"
        run = cli(
            "cc", "--spirv", "--", require_tool(f"clang-{version}"), *DEVICE, "-O0",
            f"-I{EXAMPLES}", "-S", "-emit-llvm", str(EXAMPLES / "combined.cpp"), "-o", str(output),
        )  # fmt: skip
        assert run.status == 0, run.stderr
        outputs[version] = output.read_text()
    kernels = _defines(outputs["22"])
    assert kernels == _defines(outputs["19"])
    assert [re.search(r"@(\w+)\(", k).group(1) for k in kernels] == [  # type: ignore[union-attr]
        "_ZTS11ScaleKernel",
        "_ZTS10TickKernel",
    ]
    assert 'align 8 "sycl-buffer-location"="2" %1)' in kernels[0]
    for text in outputs.values():
        assert "!{ptr @_ZTS10TickKernel, i32 35, i32 16}" in text
        assert re.search(r'^attributes #\d+ = \{ .*"sycl-sub-group-size"="16" \}$', text, re.M)


@pytest.mark.integration
def test_the_example_header_compiles_unchanged_with_clang_22(tmp_path: Path) -> None:
    clang = require_tool("clang-22")
    command = [clang, *DEVICE, f"-I{EXAMPLES}", "-S", "-emit-llvm"]
    command += [str(EXAMPLES / "combined.cpp"), "-o", str(tmp_path / "plain.ll")]
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    assert finished.returncode == 0, finished.stderr
    assert "error" not in finished.stderr


@pytest.mark.integration
def test_properties_that_cannot_be_placed_are_an_error(cli: Cli, tmp_path: Path) -> None:
    source = tmp_path / "templated.cpp"
    source.write_text(
        "template <typename KernelName, typename F>\n"
        '[[__sycl_detail__::add_ir_attributes_function("sycl-sub-group-size", 16)]]\n'
        "[[clang::sycl_kernel_entry_point(KernelName)]] void entry(F f) { f(); }\n"
        "struct Work { void operator()() const {} };\n"
        "template <class T> class Templated;\n"
        "void submit() { entry<Templated<int>>(Work{}); }\n"
    )
    output = tmp_path / "out.ll"
    run = cli(
        "cc", "--", require_tool("clang-22"), *DEVICE, "-S", "-emit-llvm", str(source),
        "-o", str(output),
    )  # fmt: skip
    assert run.status == 1
    assert f"{source}:2:3: error: the properties of kernel entry point" in run.stderr
    assert "cannot write the mangled name of its kernel-name type" in run.stderr
    assert not output.exists()
