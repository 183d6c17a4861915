"""``propslower cc`` end to end with real compilers, and ``extract`` + ``annotate`` against it."""

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from propslower.aspects.aspect_metadata import aspect_values
from propslower.aspects.propagation import used_aspects
from propslower.frontend.prelude import macro_definitions
from propslower.ir.function_attachments import header_attachments
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.postlink.entry_points import entry_points
from propslower.postlink.function_facts import FactsReader
from propslower.properties.profiles import DESIGN, profile_named
from tests.conftest import CliRun, require_tool
from tests.frontend.helpers import EXAMPLES
from tests.profiles import every_profile_name

Cli = Callable[..., CliRun]
PROGRAMS = ["global_variable", "kernel_parameter", "function", "member", "combined"]
DEVICE = [
    "-target",
    "spir64-unknown-unknown",
    "-Xclang",
    "-fsycl-is-device",
    "-std=c++17",
    "-O0",
    "-Iexamples",
]


def cc(cli: Cli, clang: str, program: str, output: Path, *options: str) -> str:
    run = cli(
        "cc",
        *options,
        "--",
        require_tool(clang),
        *DEVICE,
        "-S",
        "-emit-llvm",
        f"examples/{program}.cpp",
        "-o",
        str(output),
    )
    assert run.status == 0, run.stderr
    text = output.read_text()
    assert verify_text(text, output.name) == []
    return text


@pytest.mark.parametrize("program", PROGRAMS)
def test_clang_19_examples(
    cli: Cli, ll_snapshot: SnapshotAssertion, program: str, tmp_path: Path
) -> None:
    text = cc(cli, "clang-19", program, tmp_path / f"{program}.ll")
    assert "propslower:" not in text
    assert text == ll_snapshot


@pytest.fixture(autouse=True)
def _in_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sources named relative to the checkout, so file names in the IR do not depend on it."""
    monkeypatch.chdir(EXAMPLES.parent)


EXPECTED = {
    "global_variable": '"sycl-device-image-scope" "sycl-host-access"=',
    "kernel_parameter": '"sycl-buffer-location"=',
    "function": '"sycl-sub-group-size"=',
    "member": 'c"sycl-properties:sycl-alignment=',
}


@pytest.mark.parametrize("program", sorted(EXPECTED))
def test_each_kind_arrives(cli: Cli, program: str, tmp_path: Path) -> None:
    assert EXPECTED[program] in cc(cli, "clang-19", program, tmp_path / "out.ll")


@pytest.mark.parametrize("program", PROGRAMS)
def test_clang_15_output_goes_through_the_translator(
    cli: Cli, program: str, tmp_path: Path
) -> None:
    source = tmp_path / "out.ll"
    cc(cli, "clang-15", program, source)
    assert TRANSLATED[program] in translated(source)


def translated(source: Path) -> str:
    """The SPIR-V text llvm-spirv-15 makes of ``source`` (assembled by llvm-as-15)."""
    bitcode = source.with_suffix(".bc")
    subprocess.run([require_tool("llvm-as-15"), str(source), "-o", str(bitcode)], check=True)
    translator = require_tool("llvm-spirv-15")
    result = subprocess.run(
        [translator, "--spirv-ext=+all", str(bitcode), "--spirv-text", "-o", "-"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


TRANSLATED = {
    "global_variable": 'LinkageAttributes "dm1" Export',
    "kernel_parameter": "EntryPoint 6",
    "function": "EntryPoint 6",
    "member": 'UserSemantic "sycl-properties:sycl-alignment=',
    "combined": 'UserSemantic "sycl-properties:sycl-alignment=',
}


LOCAL_KERNELS = """\
#include "sycl_aspects.hpp"

void submit(float *out) {
  class Local;  // a function-local kernel name: clang gives the kernel internal linkage
  sycl::single_task<Local>([=]() [[sycl::reqd_work_group_size(4, 2)]] { out[0] = 1.0f; });
  class Cube;
  sycl::single_task<Cube>([=]() [[sycl::reqd_work_group_size(8, 4, 2)]] { out[1] = 2.0f; });
}
"""


@every_profile_name
def test_required_sizes_reach_the_translator_in_spirv_order(
    cli: Cli, tmp_path: Path, profile: str
) -> None:
    # design: the attribute order becomes a LocalSize mode; dpcpp: the metadata is written
    # in SPIR-V order as DPC++'s clang writes it, and the translator reads it.
    source, output = tmp_path / "local.cpp", tmp_path / "local.ll"
    source.write_text(LOCAL_KERNELS)
    clang = require_tool("clang-15")
    compile_command = [clang, *DEVICE, "-S", "-emit-llvm", str(source), "-o", str(output)]
    run = cli("cc", "--profile", profile, "--spirv", "--", *compile_command)
    assert run.status == 0, run.stderr
    text = output.read_text()
    assert "define internal spir_kernel" not in text
    kernels = "".join(line for line in text.splitlines() if "spir_kernel" in line)
    assert ("!reqd_work_group_size" in kernels) == (profile == "dpcpp")
    words = [line.split() for line in translated(output).splitlines()]
    modes = sorted(w[3:] for w in words if w[1:2] == ["ExecutionMode"] and w[3] == "17")
    assert modes == [["17", "2", "4", "1"], ["17", "2", "4", "8"]]


def test_bitcode_output(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "combined.bc"
    run = cli(
        "cc",
        "--",
        require_tool("clang-19"),
        *DEVICE,
        "-c",
        "-emit-llvm",
        "examples/combined.cpp",
        "-o",
        str(out),
    )
    assert run.status == 0, run.stderr
    assert out.read_bytes()[:4] == b"BC\xc0\xde"


def test_extract_then_annotate_matches_cc(cli: Cli, tmp_path: Path) -> None:
    clang = require_tool("clang-19")
    plain = tmp_path / "plain.ll"
    subprocess.run(
        [
            clang,
            *macro_definitions(),
            *DEVICE,
            "-S",
            "-emit-llvm",
            "examples/combined.cpp",
            "-o",
            str(plain),
        ],
        check=True,
    )
    spec = tmp_path / "spec.yaml"
    extracted = cli("extract", "examples/combined.cpp", "--", *DEVICE)
    assert extracted.status == 0, extracted.stderr
    spec.write_text(extracted.stdout)
    annotated = cli("annotate", str(plain), "--props", str(spec), "--from-annotations")
    assert annotated.status == 0, annotated.stderr
    compiled = cc(cli, "clang-19", "combined", tmp_path / "cc.ll", "--keep-calling-conventions")
    assert _normalised(annotated.stdout, tmp_path) == _normalised(compiled, tmp_path)


def _normalised(text: str, directory: Path) -> list[str]:
    """The module's lines after the ModuleID, with the temporary directory removed."""
    return Module.parse(text, "x").render().replace(str(directory / "cc.ll"), "").splitlines()[1:]


def test_clang_failures_pass_through(cli: Cli, tmp_path: Path) -> None:
    broken = tmp_path / "broken.cpp"
    broken.write_text("int main( {\n")
    run = cli(
        "cc",
        "--",
        require_tool("clang-19"),
        "-S",
        "-emit-llvm",
        str(broken),
        "-o",
        str(tmp_path / "o.ll"),
    )
    assert run.status == 1
    assert not (tmp_path / "o.ll").exists()


def test_cxx_diagnostics_point_at_the_attribute(cli: Cli, tmp_path: Path) -> None:
    source = tmp_path / "odd.cpp"
    source.write_text('[[__sycl_detail__::add_ir_function_attributes("a", "b", 1)]] void f() {}\n')
    run = cli(
        "cc",
        "--",
        require_tool("clang-19"),
        *DEVICE,
        "-S",
        "-emit-llvm",
        str(source),
        "-o",
        str(tmp_path / "o.ll"),
    )
    assert run.status == 1
    assert f"{source}:1:" in run.stderr
    assert "must specify a value for each specified name" in run.stderr
    assert not (tmp_path / "o.ll").exists()


# -- optional kernel features ------------------------------------------------------------

FEATURE_PROGRAMS = ["aspects", "aspects_chain"]


@every_profile_name
@pytest.mark.parametrize("program", FEATURE_PROGRAMS)
def test_clang_19_feature_examples(
    cli: Cli, ll_snapshot: SnapshotAssertion, program: str, profile: str, tmp_path: Path
) -> None:
    text = cc(cli, "clang-19", program, tmp_path / f"{program}.ll", "--profile", profile)
    assert text == ll_snapshot


CHAIN_METADATA = {
    "design": ("@_Z1gf(float noundef %0) #0 !intel_used_aspects", "!intel_allowed_aspects"),
    "dpcpp": ("@_Z1gf(float noundef %0) #0 !sycl_used_aspects", "!sycl_declared_aspects"),
}


@every_profile_name
def test_the_chain_example_metadata(cli: Cli, profile: str, tmp_path: Path) -> None:
    text = cc(cli, "clang-19", "aspects_chain", tmp_path / "out.ll", "--profile", profile)
    module = Module.parse(text, "out.ll")
    g, f = module.function("_Z1gf"), module.function("_Z1ff")
    assert g is not None and f is not None
    used_kind, allowed_kind = CHAIN_METADATA[profile]
    assert used_kind in g.text
    assert allowed_kind in f.text
    assert used_aspects(module, g, profile_named(profile)) == {5}
    ref = header_attachments(f)[allowed_kind]
    assert aspect_values(module, ref) == [6]


def test_the_compile_time_warning_has_both_positions(cli: Cli, tmp_path: Path) -> None:
    source = EXAMPLES / "aspects_chain.cpp"
    run = cli(
        "cc",
        "--",
        require_tool("clang-19"),
        *DEVICE,
        "-Wno-unknown-attributes",
        "-S",
        "-emit-llvm",
        str(source),
        "-o",
        str(tmp_path / "out.ll"),
    )
    assert run.status == 0
    assert run.stderr.splitlines() == [
        f"{source}:11:3: warning: function 'f' uses aspect 'fp16' not listed in its "
        "[[sycl::requires()]] attribute",
        "[[sycl::requires(has(aspect::fp64))]] float f(float x) {",
        "  ^~~~~~~~~~~~~~",
        f"{source}:12:10: note: 'f' calls 'g', which uses it",
        "  return g(x);",
        "         ^",
        f"{source}:7:3: note: 'g' uses aspect 'fp16' through the type 'sycl::half'",
        "  sycl::half h = x;",
        "  ^",
    ]


def test_werror_aspects_writes_nothing(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "out.ll"
    run = cli(
        "cc",
        "-Werror=aspects",
        "--",
        require_tool("clang-19"),
        *DEVICE,
        "-S",
        "-emit-llvm",
        str(EXAMPLES / "aspects_chain.cpp"),
        "-o",
        str(out),
    )
    assert run.status == 1
    assert "error: function 'f' uses aspect 'fp16'" in run.stderr
    assert not out.exists()


def test_cc_then_propagation_agrees(cli: Cli, tmp_path: Path) -> None:
    compiled = tmp_path / "cc.ll"
    cc(cli, "clang-19", "aspects", compiled)
    run = cli("aspects", str(compiled), "-o", str(tmp_path / "propagated.ll"))
    assert run.status == 0
    assert "function 'MixedKernel::operator()() const' uses aspect 'atomic64'" in run.stderr
    module = Module.parse((tmp_path / "propagated.ll").read_text(), "propagated.ll")
    entries = {e.name: e for e in entry_points(FactsReader(module), DESIGN)}
    matrix = entries["_ZTS6Matrix"]
    assert matrix.reqd_work_group_size == (8, 4, 2)
    assert matrix.reqd_sub_group_size == 16
    assert matrix.aspect_values == (58,)
    mixed = entries["_ZTS5Mixed"]
    assert mixed.aspect_values == (5, 6, 28)


def test_clang_15_feature_metadata_goes_through_the_translator(cli: Cli, tmp_path: Path) -> None:
    llvm_as = require_tool("llvm-as-15")
    translator = require_tool("llvm-spirv-15")
    source = tmp_path / "out.ll"
    text = cc(cli, "clang-15", "aspects", source)
    assert "!intel_allowed_aspects" in text
    subprocess.run([llvm_as, str(source), "-o", str(tmp_path / "out.bc")], check=True)
    result = subprocess.run(
        [translator, "--spirv-ext=+all", str(tmp_path / "out.bc"), "--spirv-text", "-o", "-"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    modes = [line.split()[2:] for line in result.stdout.splitlines() if "ExecutionMode" in line]
    assert [mode[1:] for mode in modes if mode[1] in ("17", "35")] == [
        ["17", "8", "4", "2"],  # LocalSize
        ["35", "16"],  # SubgroupSize
    ]
