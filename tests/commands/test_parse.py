"""``propslower parse``: every compile-time-properties design example in both profiles and formats, and error paths."""

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from propslower import __version__
from tests.conftest import CliRun
from tests.profiles import every_profile_name

Cli = Callable[..., CliRun]

DESIGN_EXAMPLES = {
    "global_variable_pack": """
  [[__sycl_detail__::add_ir_global_variable_attributes(
    Props::meta_name..., Props::meta_value...
    )]]""",
    "global_variable": """
  [[__sycl_detail__::add_ir_global_variable_attributes(
    "sycl-device-image-scope",  // Name of first property
    "sycl-host-access",         // Name of second property
    "",                         // First property has no parameter
    "read"                      // Value of second property
    )]]""",
    "kernel_parameter_pack": """
  [[__sycl_detail__::add_ir_kernel_parameter_attributes(
    Props::meta_name..., Props::meta_value...
    )]]""",
    "kernel_parameter": """
  [[__sycl_detail__::add_ir_kernel_parameter_attributes(
    "sycl-no-alias",  // Name of first property
    "sycl-foo",       // Name of second property
    "",               // First property has no parameter
    32                // Value of second property
    )]]""",
    "kernel_function_pack": """
  [[__sycl_detail__::add_ir_function_attributes(
    Props::meta_name..., Props::meta_value...
    )]]""",
    "kernel_function": """
  [[__sycl_detail__::add_ir_function_attributes(
    "sycl-sub-group-size", "sycl-device-has", 32, "5"
    )]]""",
    "member_pack": """
  [[__sycl_detail__::add_ir_member_annotation(
    Props::meta_name..., Props::meta_value...
    )]]""",
    "member": """
  [[__sycl_detail__::add_ir_member_annotation(
    "foo",    // Name of first property
    "bar",    // Name of second property
    "",       // First property has no parameter
    32        // Value of second property
    )]]""",
    "value_kinds": """
  [[__sycl_detail__::add_ir_function_attributes(
    "a", "b", "c", "d", "e", "f",
    3.14, true, (char)65, -7, 4294967295u, nullptr)]]""",
}


@every_profile_name
@pytest.mark.parametrize("style", ["text", "json"])
@pytest.mark.parametrize("example", sorted(DESIGN_EXAMPLES))
def test_design_examples(
    cli: Cli, snapshot: SnapshotAssertion, example: str, style: str, profile: str
) -> None:
    run = cli("parse", "--format", style, "--profile", profile, DESIGN_EXAMPLES[example])
    assert {"status": run.status, "stdout": run.stdout, "stderr": run.stderr} == snapshot


ACCEPTANCE = [
    (
        '[[__sycl_detail__::add_ir_global_variable_attributes("sycl-device-image-scope", '
        '"sycl-host-access", "", "read")]]',
        {
            "attribute": "add_ir_global_variable_attributes",
            "site": "global_variable",
            "properties": [
                {"name": "sycl-device-image-scope", "value": None},
                {"name": "sycl-host-access", "value": "read"},
            ],
            "ir": '"sycl-device-image-scope" "sycl-host-access"="read"',
        },
    ),
    (
        'add_ir_member_annotation("foo", "bar", "", 32)',
        {
            "attribute": "add_ir_member_annotation",
            "site": "member",
            "properties": [{"name": "foo", "value": None}, {"name": "bar", "value": "32"}],
            "ir": "sycl-properties:foo,bar=32",
        },
    ),
    (
        'add_ir_function_attributes("a", "b", "c", "d", 3.14, true, (char)65, -7)',
        {
            "attribute": "add_ir_function_attributes",
            "site": "function",
            "properties": [
                {"name": "a", "value": "3.140000"},
                {"name": "b", "value": "true"},
                {"name": "c", "value": "65"},
                {"name": "d", "value": "-7"},
            ],
            "ir": '"a"="3.140000" "b"="true" "c"="65" "d"="-7"',
        },
    ),
    (
        "[[sycl::requires(has(aspect::fp16, aspect::fp64))]]",
        {
            "attribute": "requires",
            "site": "aspects",
            "properties": [{"name": "fp16", "value": 5}, {"name": "fp64", "value": 6}],
            "ir": "!intel_allowed_aspects !{i32 5, i32 6}",
        },
    ),
]


@pytest.mark.parametrize(("text", "expected"), ACCEPTANCE)
def test_acceptance_json(cli: Cli, text: str, expected: dict[str, object]) -> None:
    run = cli("parse", "--format", "json", text)
    assert run.status == 0
    assert run.stderr == ""
    assert json.loads(run.stdout) == expected
    assert list(json.loads(run.stdout)) == ["attribute", "site", "properties", "ir"]


def test_odd_count_exits_1_with_a_caret(cli: Cli) -> None:
    run = cli("parse", 'add_ir_function_attributes("a", "b", 1)')
    assert run.status == 1
    assert run.stdout == ""
    assert run.stderr.splitlines() == [
        "<command line>:1:1: error: attribute 'add_ir_function_attributes' must specify a value "
        "for each specified name in the argument list",
        'add_ir_function_attributes("a", "b", 1)',
        "^~~~~~~~~~~~~~~~~~~~~~~~~~",
    ]


def test_file_and_stdin_inputs(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "attr.txt"
    source.write_text('\n  add_ir_function_attributes("a", 1, 2)\n')
    run = cli("parse", "--file", str(source))
    assert run.status == 1
    assert run.stderr.startswith(f"{source}:2:3: error:")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'"a", 1')))
    run = cli("parse", "--kind", "member", "--format", "json", "-")
    assert run.status == 0
    assert json.loads(run.stdout)["ir"] == "sycl-properties:a=1"


def test_enum_values_from_the_command_line(cli: Cli) -> None:
    run = cli(
        "parse",
        "--enum",
        "ns::access::read=1",
        "--format",
        "json",
        'add_ir_global_variable_attributes("sycl-host-access", ns::access::read)',
    )
    assert json.loads(run.stdout)["ir"] == '"sycl-host-access"="1"'


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["parse"], 2),
        (["parse", "--file", "f", "text"], 2),
        (["parse", "--kind", "nonsense", "x"], 2),
        (["parse", "--enum", "broken", '"a", 1'], 1),
        (["parse", "--file", "/nonexistent/file"], 1),
        (["--version"], 0),
        ([], 2),
    ],
)
def test_exit_statuses(cli: Cli, argv: list[str], status: int) -> None:
    assert cli(*argv).status == status


def test_version(cli: Cli) -> None:
    lines = cli("--version").stdout.splitlines()
    assert lines[0] == f"propslower {__version__}"
    assert lines[1].startswith("  llvmlite verifier: LLVM 22.")
    assert lines[2].startswith("  llvm-as-15 verifier: ")
    assert lines[3].startswith("  libclang (cc, extract): clang version 18.")


def test_unknown_aspect(cli: Cli) -> None:
    run = cli("parse", "[[sycl::device_has(aspect::warp_drive)]]")
    assert run.status == 1
    assert "unknown aspect 'aspect::warp_drive'" in run.stderr


@pytest.mark.parametrize(
    ("profile", "ir"),
    [
        ("design", "!reqd_work_group_size !{i32 8, i32 4}"),
        ("dpcpp", "!work_group_num_dim !{i32 2} !reqd_work_group_size !{i32 4, i32 8, i32 1}"),
    ],
)
def test_work_group_size_in_each_profile(cli: Cli, profile: str, ir: str) -> None:
    # The design profile keeps the attribute's values; DPC++'s clang reverses and pads them.
    text = "[[sycl::reqd_work_group_size(8, 4)]]"
    run = cli("parse", "--format", "json", "--profile", profile, text)
    assert run.status == 0, run.stderr
    assert json.loads(run.stdout)["ir"] == ir


@pytest.mark.parametrize(
    ("value", "ir"),
    [
        ('"\\xff"', '"k"="\\FF"'),
        ('"\\377"', '"k"="\\FF"'),
        ('"\\x80"', '"k"="\\80"'),
        ('"\u00e9"', '"k"="\\C3\\A9"'),
        ('"\\xc3" "\\xa9"', '"k"="\\C3\\A9"'),
    ],
)
def test_narrow_string_bytes_reach_the_ir(cli: Cli, value: str, ir: str) -> None:
    run = cli(
        "parse",
        "--format",
        "json",
        f'[[__sycl_detail__::add_ir_function_attributes("k", {value})]]',
    )
    assert run.status == 0, run.stderr
    assert json.loads(run.stdout)["ir"] == ir


DEEP = 400


@pytest.mark.parametrize(
    ("value", "column", "message"),
    [
        ('"\\uD800"', 7, "invalid universal character"),
        ('"a\\U0000DFFF"', 8, "invalid universal character"),
        ("0x1p99999", 6, "magnitude of floating-point constant too large for type 'double'"),
        ("1e99999", 6, "magnitude of floating-point constant too large for type 'double'"),
        ("1e39f", 6, "magnitude of floating-point constant too large for type 'float'"),
        ("(" * DEEP + "1" + ")" * DEEP, 262, "bracket nesting level exceeded maximum of 256"),
        ("{" * DEEP + "1" + "}" * DEEP, 262, "bracket nesting level exceeded maximum of 256"),
    ],
)
def test_former_crashes_are_positioned_errors(
    cli: Cli, value: str, column: int, message: str
) -> None:
    run = cli("parse", "--kind", "function", f'"k", {value}')
    assert run.status == 1
    first = run.stderr.splitlines()[0]
    assert first.startswith(f"<command line>:1:{column}: error: {message}")
    assert "Traceback" not in run.stderr


def test_a_thousand_unary_minuses_evaluate(cli: Cli) -> None:
    run = cli("parse", "--kind", "function", "--format", "json", '"k", ' + "-" * 1001 + "7")
    assert run.status == 0, run.stderr
    assert json.loads(run.stdout)["ir"] == '"k"="-7"'
