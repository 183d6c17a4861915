"""Values reach the IR as their C++ type prints them, on the libclang path (class-level sites)
and on clang's args-struct path (functions), including names and values that travel through
``const char *`` and integer template arguments and strings built at compile time."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.frontend.reader import read
from tests.conftest import CliRun, require_tool
from tests.frontend.helpers import cc_real_headers

Cli = Callable[..., CliRun]
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]
DPCPP = Path(__file__).resolve().parents[2] / "examples" / "dpcpp"

PROPERTIES = """\
#if __has_cpp_attribute(clang::sycl_external)
#define EXTERNAL [[clang::sycl_external]]
#else
#define EXTERNAL
#endif
template <const char *N, int V> struct P {
  static constexpr const char *name = N;
  static constexpr int value = V;
};
const char PN[] = "Prop1";
template <char... C> struct Chars { static constexpr const char value[] = {C..., '\\0'}; };
struct WG {
  static constexpr const char *name = "sycl-work-group-size";
  static constexpr const char *value = Chars<'8', ',', '4', ',', '2'>::value;
};
enum class level : unsigned { big = 4294967295u };
struct U { static constexpr const char *name = "u"; static constexpr unsigned value = 4294967295u; };
struct L { static constexpr const char *name = "l"; static constexpr unsigned long long value = 18446744073709551615ull; };
struct C { static constexpr const char *name = "c"; static constexpr char value = 'A'; };
struct S { static constexpr const char *name = "s"; static constexpr signed char value = -5; };
struct B { static constexpr const char *name = "b"; static constexpr bool value = true; };
struct E { static constexpr const char *name = "e"; static constexpr level value = level::big; };
"""

GLOBALS = (
    PROPERTIES
    + """\
template <typename... Ps>
struct [[__sycl_detail__::add_ir_attributes_global_variable(Ps::name..., Ps::value...)]] g { int x; };
g<P<PN, 1>> gv;
g<WG, U, L, C, S, B, E> all;
EXTERNAL int use() { return gv.x + all.x; }
"""
)

FUNCTIONS = (
    PROPERTIES
    + """\
template <typename... Ps>
[[__sycl_detail__::add_ir_attributes_function(Ps::name..., Ps::value...)]] void f() {}
EXTERNAL void use() { f<P<PN, 1>>(); f<WG, U, L, C, S, B, E>(); }
"""
)

EXPECTED = (
    '"b"="true" "c"="65" "e"="4294967295" "l"="18446744073709551615" "s"="-5" '
    '"sycl-work-group-size"="8,4,2" "u"="4294967295"'
)
"""What DPC++'s clang writes for ``g<WG, U, L, C, S, B, E>`` (attributes sorted, as LLVM
prints them): each value as its C++ type prints it."""


def test_libclang_evaluates_through_template_arguments(tmp_path: Path) -> None:
    source = tmp_path / "globals.cpp"
    source.write_text(GLOBALS)
    records = {r.ir_name: r.properties.ir_pairs() for r in read(source).records}
    assert records["gv"] == (("Prop1", "1"),)
    assert records["all"] == (
        ("sycl-work-group-size", "8,4,2"), ("u", "4294967295"), ("l", "18446744073709551615"),
        ("c", "65"), ("s", "-5"), ("b", "true"), ("e", "4294967295"),
    )  # fmt: skip


def _ours(group: str) -> str:
    """The test's properties among a function's attributes, in LLVM's order."""
    return " ".join(re.findall(r'"(?:[bceslu]|sycl-work-group-size)"="[^"]*"', group))


def _group(text: str, pattern: str) -> str:
    match = re.search(pattern, text, re.M)
    assert match is not None, pattern
    groups = dict(re.findall(r"^attributes (#\d+) = \{ (.*) \}$", text, re.M))
    return str(groups[match.group(1)])


@pytest.mark.integration
@pytest.mark.parametrize("version", ["19", "22"])
def test_both_paths_print_values_as_their_cpp_types(cli: Cli, tmp_path: Path, version: str) -> None:
    clang = require_tool(f"clang-{version}")
    for name, source_text in (("globals", GLOBALS), ("functions", FUNCTIONS)):
        source = tmp_path / f"{name}.cpp"
        source.write_text(source_text)
        output = tmp_path / f"{name}.ll"
        run = cli(
            "cc", "--profile", "dpcpp", "--", clang, *DEVICE, "-S", "-emit-llvm", str(source),
            "-o", str(output),
        )  # fmt: skip
        assert run.status == 0, run.stderr
        text = output.read_text()
        if name == "globals":
            assert _group(text, r"^@gv = .* (#\d+)$") == '"Prop1"="1"'
            assert _group(text, r"^@all = .* (#\d+)$") == EXPECTED
        else:
            assert '"Prop1"="1"' in _group(text, r"^define .*@_Z1fIJ1P.* (#\d+) .*\{$")
            assert _ours(_group(text, r"^define .*@_Z1fIJ2WG.* (#\d+) .*\{$")) == EXPECTED


@pytest.mark.integration
@pytest.mark.parametrize("version", ["19", "22"])
def test_the_real_headers_work_group_size(
    cli: Cli, dpcpp_include: Path, tmp_path: Path, version: str
) -> None:
    output = tmp_path / "kp.ll"
    run = cc_real_headers(
        cli, dpcpp_include, f"clang-{version}", "kernel_properties", output,
        "--spirv", "--profile", "dpcpp",
    )  # fmt: skip
    assert run.status == 0, run.stderr
    text = output.read_text()
    kernel = re.search(r"^define dso_local spir_kernel void @_ZTS11SizedKernel\(.*$", text, re.M)
    assert kernel is not None
    group = _group(text, r"^define dso_local spir_kernel void @_ZTS11SizedKernel\(.* (#\d+) ")
    assert group.endswith('"sycl-single-task" "sycl-sub-group-size"="16" '
                          '"sycl-work-group-size"="8,4,2"')  # fmt: skip
    reqd = re.search(r"!reqd_work_group_size (![0-9]+)", kernel.group(0))
    assert reqd is not None
    assert f"{reqd.group(1)} = !{{i64 2, i64 4, i64 8}}" in text
    sub = re.search(r"!intel_reqd_sub_group_size (![0-9]+)", kernel.group(0))
    assert sub is not None
    assert f"{sub.group(1)} = !{{i32 16}}" in text
