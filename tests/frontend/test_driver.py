"""``propslower cc`` end to end with real compilers, and ``extract`` + ``annotate`` against it."""

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from propslower.frontend.prelude import macro_definitions
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from tests.conftest import CliRun, require_tool
from tests.frontend.helpers import EXAMPLES

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
    llvm_as = require_tool("llvm-as-15")
    translator = require_tool("llvm-spirv-15")
    source = tmp_path / "out.ll"
    cc(cli, "clang-15", program, source)
    subprocess.run([llvm_as, str(source), "-o", str(tmp_path / "out.bc")], check=True)
    result = subprocess.run(
        [translator, "--spirv-ext=+all", str(tmp_path / "out.bc"), "--spirv-text", "-o", "-"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert TRANSLATED[program] in result.stdout


TRANSLATED = {
    "global_variable": 'LinkageAttributes "dm1" Export',
    "kernel_parameter": "EntryPoint 6",
    "function": "EntryPoint 6",
    "member": 'UserSemantic "sycl-properties:sycl-alignment=',
    "combined": 'UserSemantic "sycl-properties:sycl-alignment=',
}


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
