import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.diagnostics import Span
from propslower.frontend.filter_lists import filter_rewrites
from propslower.frontend.prelude import macro_definitions
from propslower.ir.module import Module
from propslower.lowering.from_annotations import lower_annotations
from propslower.properties.profiles import DESIGN, DPCPP, Profile
from tests.conftest import CliRun, require_tool
from tests.lowering.helpers import INPUTS, verified
from tests.profiles import every_profile

PACKS = INPUTS / "annotate"
INPUTS_FROM = ["clang15-packs.ll", "clang16-packs.ll", "clang19-sycl-packs.ll"]


def lowered(name: str, profile: Profile) -> tuple[Module, str]:
    module = Module.parse((PACKS / name).read_text(), name)
    assert lower_annotations(module, profile) == []
    return module, verified(module)


@every_profile
@pytest.mark.parametrize("name", INPUTS_FROM)
def test_function_records_become_string_attributes(name: str, profile: Profile) -> None:
    module, text = lowered(name, profile)
    kernel = module.function("_Z6kernelIJ14sub_group_size11single_taskEEvPi")
    assert kernel is not None
    strings = module.attributes.strings_of_function(kernel)
    assert strings["sycl-sub-group-size"] == "32"
    assert strings["sycl-single-task"] is None
    assert "llvm.global.annotations" not in text
    assert "propslower:" not in text


@pytest.mark.parametrize(
    ("name", "profile", "expected"),
    [
        ("clang16-packs.ll", DESIGN, 'c"sycl-properties:foo,bar=32\\00"'),
        ("clang15-packs.ll", DESIGN, 'c"sycl-properties:foo,bar=32\\00"'),
        ("clang19-sycl-packs.ll", DPCPP, 'addrspace(1) constant [16 x i8] c"sycl-properties\\00"'),
    ],
)
def test_member_records_are_rewritten_in_the_profile_encoding(
    name: str, profile: Profile, expected: str
) -> None:
    _, text = lowered(name, profile)
    assert expected in text
    assert text.count("@llvm.ptr.annotation.p") >= 3


@every_profile
@pytest.mark.parametrize("name", INPUTS_FROM)
def test_second_run_is_a_no_op(name: str, profile: Profile) -> None:
    _, once = lowered(name, profile)
    again = Module.parse(once, name)
    assert lower_annotations(again, profile) == []
    assert again.render() == once


def test_other_annotations_are_left_alone() -> None:
    source = (INPUTS / "clang19-sycl-annotated.ll").read_text()
    module = Module.parse(source, "x.ll")
    assert lower_annotations(module, DESIGN) == []
    text = verified(module)
    assert 'c"propslower:field\\00"' in text


def test_a_bad_record_is_reported() -> None:
    source = (
        (PACKS / "clang16-packs.ll")
        .read_text()
        .replace(
            "{ ptr, ptr, i32, ptr } { ptr @.str.2, ptr @.str.3, i32 32, ptr @.str.4 }",
            "{ ptr, i32, ptr } { ptr @.str.2, i32 32, ptr @.str.4 }",
        )
    )
    module = Module.parse(source, "bad.ll")
    messages = [d.message for d in lower_annotations(module, DESIGN)]
    assert messages == [
        "attribute 'propslower:function' must specify a value for each specified name in the "
        "argument list"
    ]
    assert module.render() == source


def test_inputs_are_what_clang_16_emits(tmp_path: Path) -> None:
    clang = require_tool("clang-16")
    out = tmp_path / "packs.ll"
    command = [
        clang,
        "-target",
        "spir64-unknown-unknown",
        "-S",
        "-emit-llvm",
        "-O0",
        "-x",
        "c++",
        "-std=c++17",
        "packs.cpp",
        "-o",
        str(out),
    ]
    subprocess.run(command, check=True, cwd=PACKS)
    committed = (PACKS / "clang16-packs.ll").read_text()
    assert out.read_text().splitlines()[1:] == committed.splitlines()[1:]


@pytest.mark.parametrize(
    ("line", "broken", "message"),
    [
        (
            19,
            "{ ptr, ptr, i32, ptr } { ptr @.str.2, ptr @.str.3, i32 32, ptr }",
            "cannot read args struct '@.args': expected '<type> <value>', got 'ptr'",
        ),
        (
            19,
            "{ ptr, ptr, i32, ptr } { ptr @.str.2, ptr @.str.3, i32 ^, ptr @.str.4 }",
            "cannot read args struct '@.args': unexpected character '^'",
        ),
        (
            23,
            "{ ptr, ptr, ptr, i32 } { ptr @.str.6, ptr @.str.7, ptr @.str.4, i32 ? }",
            "cannot read args struct '@.args.8': unexpected character '?'",
        ),
    ],
)
def test_a_malformed_args_struct_is_an_error_at_the_struct_constant(
    line: int, broken: str, message: str
) -> None:
    lines = (PACKS / "clang16-packs.ll").read_text().splitlines(keepends=True)
    prefix = lines[line - 1][: lines[line - 1].index("{")]
    lines[line - 1] = f'{prefix}{broken}, section "llvm.metadata"\n'
    source = "".join(lines)
    module = Module.parse(source, "bad.ll")
    diagnostics = lower_annotations(module, DESIGN)
    assert [(d.message, d.span) for d in diagnostics] == [
        (message, Span("bad.ll", line, len(prefix) + 1 + len("{ ptr, ptr, i32, ptr } ")))
    ]


def test_annotate_from_annotations_reports_a_malformed_args_struct(
    cli: Callable[..., CliRun], tmp_path: Path
) -> None:
    source = tmp_path / "bad.ll"
    source.write_text(
        (PACKS / "clang16-packs.ll")
        .read_text()
        .replace("ptr @.str.3, i32 32, ptr @.str.4 }", "ptr @.str.3, i32 32, ptr }")
    )
    run = cli("annotate", "--from-annotations", "--no-verify", str(source))
    assert run.status == 1
    assert f"{source}:19:63: error: cannot read args struct '@.args'" in run.stderr


def test_a_filter_list_rewritten_for_clang_filters_the_member_record(tmp_path: Path) -> None:
    clang = require_tool("clang-19")
    source = tmp_path / "filtered.cpp"
    source.write_text(
        "struct box {\n"
        '  int *p [[__sycl_detail__::add_ir_annotations_member({"b", "c"}, "a", "b", "c", 1, 2, 3)]];\n'
        "};\n"
        "int use(int *q) { box b{q}; return *b.p; }\n"
    )
    overlay = filter_rewrites(str(source), []).clang_arguments(tmp_path)
    out = tmp_path / "filtered.ll"
    command = [clang, "-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device"]
    command += [*macro_definitions(), *overlay, "-S", "-emit-llvm", str(source), "-o", str(out)]
    subprocess.run(command, check=True)
    module = Module.parse(out.read_text(), str(out))
    assert lower_annotations(module, DESIGN) == []
    text = verified(module)
    assert 'c"sycl-properties:b=2,c=3\\00"' in text
    assert "\\1F" not in text
