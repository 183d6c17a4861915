"""Annotation-call helpers: reading a struct type's fields, with errors at the type's line."""

from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.diagnostics import DiagnosticError
from propslower.ir.module import Module
from propslower.lowering.annotation_calls import shape_of, struct_fields
from tests.conftest import CliRun
from tests.lowering.helpers import DESIGN_EXAMPLES

MEMBER = DESIGN_EXAMPLES / "member-opaque.ll"
STRUCT = "%class.annotated_ptr = type { ptr addrspace(4) }"


def test_fields_of_a_struct() -> None:
    module = Module.parse(MEMBER.read_text(), "m.ll")
    assert struct_fields(module, "class.annotated_ptr") == ["ptr addrspace(4)"]


def test_a_stray_character_in_the_body_is_a_diagnostic_at_the_type_line() -> None:
    text = MEMBER.read_text().replace(STRUCT, "%class.annotated_ptr = type { ptr addrspace(4), ^ }")
    module = Module.parse(text, "m.ll")
    with pytest.raises(DiagnosticError) as raised:
        struct_fields(module, "class.annotated_ptr")
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.span is not None
    assert (diagnostic.span.file, diagnostic.span.line, diagnostic.span.column) == ("m.ll", 6, 49)
    assert "unexpected character '^'" in diagnostic.message


def test_annotate_reports_the_stray_character(cli: Callable[..., CliRun], tmp_path: Path) -> None:
    source = tmp_path / "in.ll"
    source.write_text(
        MEMBER.read_text().replace(STRUCT, "%class.annotated_ptr = type { ptr addrspace(4), ^ }")
    )
    spec = tmp_path / "spec.yaml"
    spec.write_text("members:\n  class.annotated_ptr:\n    0: {foo: bar}\n")
    run = cli("annotate", str(source), "--props", str(spec), "--no-verify")
    assert run.status == 1
    assert f"{source}:6:49: error: cannot read the fields of '%class.annotated_ptr'" in run.stderr
    assert run.stderr.rstrip().endswith("^")


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        # A mapping value is text, lowered as its UTF-8 bytes (YAML's "\xE9" is U+00E9).
        ('{foo: "\\xE9"}', 'c"sycl-properties:foo=\\C3\\A9\\00"'),
        ("{foo: é}", 'c"sycl-properties:foo=\\C3\\A9\\00"'),
        # Attribute text is C++: "\xff" is the byte FF.
        ("""'"foo", "\\xff"'""", 'c"sycl-properties:foo=\\FF\\00"'),
        ("""'"foo", "\\377\\303\\251"'""", 'c"sycl-properties:foo=\\FF\\C3\\A9\\00"'),
    ],
)
def test_member_annotation_strings_keep_their_bytes(
    cli: Callable[..., CliRun], tmp_path: Path, written: str, expected: str
) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(f"members:\n  class.annotated_ptr:\n    0: {written}\n", encoding="utf-8")
    run = cli("annotate", str(MEMBER), "--props", str(spec))
    assert run.status == 0, run.stderr
    assert expected in run.stdout


DECLARED = "declare ptr addrspace(4) @llvm.ptr.annotation.p4.p1({0}, {1}, {1}, i32, {1})\n"


@pytest.mark.parametrize(
    ("declaration", "strings", "space"),
    [
        # the declared intrinsic decides: its calls' string operands must match it
        (DECLARED.format("ptr addrspace(4)", "ptr addrspace(1)"), "", 1),
        (DECLARED.format("ptr addrspace(4)", "ptr addrspace(1)"), "addrspace(2) ", 1),
        # typed pointers spell it in the parameter types only
        (
            "declare i8 addrspace(4)* @llvm.ptr.annotation.p4i8(i8 addrspace(4)*, "
            "i8 addrspace(1)*, i8 addrspace(1)*, i32, i8 addrspace(1)*)\n",
            "",
            1,
        ),
        # no intrinsic yet: the annotation strings, else the default address space
        ("", "addrspace(2) ", 2),
        ("", None, 0),
    ],
)
def test_the_strings_address_space(declaration: str, strings: str | None, space: int) -> None:
    text = declaration
    if strings is not None:
        text += (
            f'@.str = private unnamed_addr {strings}constant [2 x i8] c"a\\00", '
            'section "llvm.metadata"\n'
        )
    assert shape_of(Module.parse(text, "m.ll")).string_space == space


def test_strings_outside_llvm_metadata_follow_the_intrinsic(
    cli: Callable[..., CliRun], tmp_path: Path
) -> None:
    # fuzz finding: with the section renamed, --from-annotations made its new strings in
    # address space 0 for a '.p4.p1' intrinsic, and its own verifier refused the result
    source = tmp_path / "in.ll"
    packs = (DESIGN_EXAMPLES.parent / "annotate" / "clang19-sycl-packs.ll").read_text()
    source.write_text(packs.replace('section "llvm.metadata"', 'section "llvm.metadatax"'))
    run = cli("annotate", "--from-annotations", str(source), "-o", str(tmp_path / "out.ll"))
    assert run.status == 0, run.stderr
    written = (tmp_path / "out.ll").read_text()
    assert "ptr addrspace(1) @.str.8, ptr addrspace(1) @.str.1, i32 12" in written
