"""``__builtin_intel_sycl_ptr_annotation`` becomes one ``@llvm.ptr.annotation`` on the pointer
value, as DPC++'s clang emits it (clang/test/CodeGenSYCL/intel-sycl-ptr-annotation tests: the
call's result is what the load or store uses, the args struct holds the name/value strings)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from clang.cindex import TypeKind

from propslower.frontend.pointer_annotations import TYPE_KINDS, UNSIGNED
from tests.conftest import CliRun, require_tool

Cli = Callable[..., CliRun]
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]
DPCPP = Path(__file__).resolve().parents[2] / "examples" / "dpcpp"

SOURCE = """\
enum class level : unsigned { big = 4294967295u };
struct Flag { static constexpr const char *name = "testU"; static constexpr unsigned value = 4294967295u; };
__attribute__((sycl_device)) int annotation_with_load(int *g) {
  return *__builtin_intel_sycl_ptr_annotation(g, "testG", 0);
}
__attribute__((sycl_device)) void annotation_with_store(int *h) {
  *__builtin_intel_sycl_ptr_annotation(h, "testH", 0) = 1;
}
__attribute__((sycl_device)) float *many(float *a) {
  constexpr int TestVal1 = 7;
  constexpr int TestVal2 = 8;
  return __builtin_intel_sycl_ptr_annotation(a, "testF", "testF", "testF", "testF", 0, 0,
                                             TestVal1, TestVal2);
}
__attribute__((sycl_device)) int *typed(int *p) {
  return __builtin_intel_sycl_ptr_annotation(p, Flag::name, "testB", "testE", "testC", "testN",
                                             Flag::value, true, level::big, (char)65, nullptr);
}
"""


def test_unsigned_and_enum_kinds_are_known() -> None:
    assert TYPE_KINDS[TypeKind.UINT] == UNSIGNED
    assert TYPE_KINDS[TypeKind.ULONGLONG] == UNSIGNED


def _globals(text: str) -> dict[str, str]:
    return dict(re.findall(r"^(@[\w.]+) = (.*)$", text, re.M))


def _strings(text: str) -> dict[str, str]:
    return dict(re.findall(r'^(@[\w.]+) = .*c"((?:[^"\\]|\\.)*)\\00"', text, re.M))


def _args(text: str, call: str) -> list[str]:
    """The strings an annotation call's args struct points at, in order (null as None)."""
    strings = _strings(text)
    struct = re.search(r"(@\.args[\w.]*)\)$", call)
    assert struct is not None, call
    body = _globals(text)[struct.group(1)]
    elements = re.findall(r"ptr addrspace\(1\) (@[\w.]+|null)", body.split("} {", 1)[1])
    return [strings[e] if e != "null" else "null" for e in elements]


@pytest.mark.integration
def test_each_builtin_call_becomes_one_annotation_on_the_pointer(cli: Cli, tmp_path: Path) -> None:
    source = tmp_path / "annotation.cpp"
    source.write_text(SOURCE)
    output = tmp_path / "out.ll"
    run = cli(
        "cc", "--sycl-compat", "--profile", "dpcpp", "--", require_tool("clang-19"), *DEVICE,
        "-S", "-emit-llvm", str(source), "-o", str(output),
    )  # fmt: skip
    assert run.status == 0, run.stderr
    text = output.read_text()
    assert "__propslower_sycl_ptr_annotation" not in text
    calls = re.findall(r"^  (%\w+) = call ptr addrspace\(4\) @llvm\.ptr\.annotation\.p4\.p1\(.*$",
                       text, re.M)  # fmt: skip
    lines = re.findall(r"^  %\w+ = call ptr addrspace\(4\) @llvm\.ptr\.annotation\.p4\.p1\(.*$",
                       text, re.M)  # fmt: skip
    assert len(lines) == 4
    by_first_name = {_args(text, line)[0] + str(len(_args(text, line))): line for line in lines}
    load = by_first_name["testG2"]
    assert re.search(rf"load i32, ptr addrspace\(4\) {re.escape(calls[lines.index(load)])}\b", text)
    store = by_first_name["testH2"]
    assert f"store i32 1, ptr addrspace(4) {calls[lines.index(store)]}" in text
    assert _args(text, by_first_name["testF8"]) == [
        "testF", "0", "testF", "0", "testF", "7", "testF", "8"
    ]  # fmt: skip
    assert _args(text, by_first_name["testU10"]) == [
        "testU", "4294967295", "testB", "true", "testE", "4294967295", "testC", "65",
        "testN", "null",
    ]  # fmt: skip
    assert 'c"sycl-properties\\00", section "llvm.metadata"' in text


@pytest.mark.integration
@pytest.mark.parametrize("version", ["19", "22"])
def test_the_real_annotated_ptr_gets_the_alignment_on_its_loads_and_stores(
    cli: Cli, dpcpp_include: Path, tmp_path: Path, version: str
) -> None:
    output = tmp_path / "ap.ll"
    command = [require_tool(f"clang-{version}"), *DEVICE, "-isystem", str(dpcpp_include)]
    command += ["-S", "-emit-llvm", str(DPCPP / "annotated_ptr.cpp"), "-o", str(output)]
    run = cli("cc", "--profile", "dpcpp", "--", *command)
    assert run.status == 0, run.stderr
    text = output.read_text()
    lines = re.findall(r"^  %\w+ = call ptr addrspace\(4\) @llvm\.ptr\.annotation\.p4\.p1\(.*$",
                       text, re.M)  # fmt: skip
    assert len(lines) == 2
    assert all(_args(text, line) == ["sycl-alignment", "16"] for line in lines)
    run = cli("cc", "--spirv", "--profile", "dpcpp", "--", *command)
    assert run.status == 0, run.stderr
    text = output.read_text()
    assert re.search(r"^  %\w+ = load i32, ptr addrspace\(4\) %\w+, align 16$", text, re.M)
    assert re.search(r"^  store i32 %\w+, ptr addrspace\(4\) %\w+, align 16$", text, re.M)
