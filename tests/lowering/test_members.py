import subprocess
from pathlib import Path

import pytest

from propslower.diagnostics import DiagnosticError
from propslower.ir.module import Module
from propslower.lowering.lower import apply_placements
from propslower.lowering.members import lower_member
from propslower.lowering.placements import MemberTarget, Placement
from propslower.properties.attribute import PropertyAttribute
from propslower.properties.front import parse_attribute
from propslower.properties.member_annotation import MemberAnnotation
from propslower.properties.profiles import DESIGN, DPCPP, Profile
from tests.conftest import require_tool
from tests.lowering.helpers import DESIGN_EXAMPLES, module_of, verified
from tests.profiles import every_profile

FOO_BAR = 'add_ir_member_annotation("foo", "bar", "", 32)'


def member(text: str = FOO_BAR, field: int = 0) -> Placement:
    attribute = parse_attribute(text).attribute
    assert isinstance(attribute, PropertyAttribute)
    return Placement(MemberTarget("class.annotated_ptr", field), attribute.properties)


def test_opaque_design_annotation_matches_the_design() -> None:
    module = module_of(DESIGN_EXAMPLES / "member-opaque.ll")
    assert apply_placements(module, [member()], DESIGN) == []
    text = verified(module)
    assert (
        '@.str = private unnamed_addr constant [27 x i8] c"sycl-properties:foo,bar=32\\00", section "llvm.metadata"'
        in text
    )
    assert (
        '@.str.1 = private unnamed_addr constant [9 x i8] c"file.cpp\\00", section "llvm.metadata"'
        in text
    )
    assert (
        "%field.annotated = call ptr addrspace(4) @llvm.ptr.annotation.p4.p0(ptr addrspace(4) "
        "%field, ptr @.str, ptr @.str.1, i32 3, ptr null)"
    ) in text
    assert "store ptr addrspace(4) %ptr, ptr addrspace(4) %field.annotated" in text
    assert "load ptr addrspace(4), ptr addrspace(4) %field.annotated" in text
    assert (
        "declare ptr addrspace(4) @llvm.ptr.annotation.p4.p0(ptr addrspace(4), ptr, ptr, i32, ptr)"
        in text
    )


def test_typed_annotation_casts_through_i8_pointers() -> None:
    module = module_of(DESIGN_EXAMPLES / "member-typed.ll")
    assert apply_placements(module, [member()], DESIGN) == []
    text = verified(module)
    assert "%field.i8 = bitcast i32** %field to i8*" in text
    assert (
        "%field.annotated = call i8* @llvm.ptr.annotation.p0i8(i8* %field.i8, i8* getelementptr "
        "inbounds ([27 x i8], [27 x i8]* @.str, i32 0, i32 0)"
    ) in text
    assert "%field.field = bitcast i8* %field.annotated to i32**" in text
    assert "store i32* %ptr, i32** %field.field" in text


def test_dpcpp_profile_uses_an_args_struct_with_null_for_no_value() -> None:
    module = module_of(DESIGN_EXAMPLES / "member-opaque.ll")
    assert apply_placements(module, [member()], DPCPP) == []
    text = verified(module)
    assert 'c"sycl-properties\\00"' in text
    assert "{ ptr @.str.2, ptr null, ptr @.str.3, ptr @.str.4 }" in text
    assert "i32 3, ptr @.args)" in text


@every_profile
@pytest.mark.parametrize("shape", ["typed", "opaque"])
def test_second_run_changes_nothing(shape: str, profile: Profile) -> None:
    module = module_of(DESIGN_EXAMPLES / f"member-{shape}.ll")
    apply_placements(module, [member()], profile)
    once = module.render()
    assert apply_placements(module, [member()], profile) == []
    assert module.render() == once


def test_a_different_annotation_on_the_same_field_is_an_error() -> None:
    module = module_of(DESIGN_EXAMPLES / "member-opaque.ll")
    apply_placements(module, [member()], DESIGN)
    [error] = apply_placements(
        module, [member('add_ir_member_annotation("foo", "bar", "", 64)')], DESIGN
    )
    assert "is already annotated with 'sycl-properties:foo,bar=32'" in error.message


def test_an_annotation_call_with_too_few_operands_is_not_taken_for_one() -> None:
    text = (DESIGN_EXAMPLES / "member-opaque.ll").read_text()
    gep = "  %field = getelementptr inbounds %class.annotated_ptr, ptr addrspace(4) %aptr.ascast"
    at = text.index("\n", text.index(gep)) + 1
    short = "  %short = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %field)\n"
    module = Module(text[:at] + short + text[at:], "m.ll")  # invalid IR: no crash on it
    assert apply_placements(module, [member()], DESIGN) == []
    assert module.render().count("call ptr addrspace(4) @llvm.ptr.annotation") == 2


@pytest.mark.parametrize(
    ("placement", "message"),
    [
        (
            Placement(MemberTarget("class.nope", 0), member().properties),
            "no struct type '%class.nope' in the module",
        ),
        (member(field=3), "'%class.annotated_ptr' has 1 fields; there is no field 3"),
        (member('add_ir_member_annotation("k", "a,b")'), "its value 'a,b' contains ','"),
    ],
)
def test_member_errors(placement: Placement, message: str) -> None:
    [error] = apply_placements(module_of(DESIGN_EXAMPLES / "member-opaque.ll"), [placement], DESIGN)
    assert message in error.message


def test_typed_output_assembles_with_llvm_15(tmp_path: Path) -> None:
    llvm_as = require_tool("llvm-as-15")
    module = module_of(DESIGN_EXAMPLES / "member-typed.ll")
    apply_placements(module, [member()], DPCPP)
    source = tmp_path / "out.ll"
    source.write_text(verified(module))
    result = subprocess.run(
        [llvm_as, str(source), "-o", str(tmp_path / "out.bc")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


SPLIT_GEP = """target triple = "spir64-unknown-unknown"

%class.annotated_ptr = type { ptr addrspace(4) }

define spir_func void @foo(ptr addrspace(4) %ptr) {
entry:
  %aptr = alloca %class.annotated_ptr, align 8
  %field = getelementptr inbounds %class.annotated_ptr,
      ptr %aptr, i32 0, i32 0
  store ptr addrspace(4) %ptr,
    ptr %field, align 8
  ret void
}
"""


@pytest.mark.integration
def test_an_instruction_over_two_lines_is_annotated(tmp_path: Path) -> None:
    """The GEP and the store each span two lines (valid for llvm-as-15): the GEP is one
    instruction, annotated once, and the store's pointer on its second line is replaced."""
    module = Module(SPLIT_GEP, "split.ll")
    assert apply_placements(module, [member()], DESIGN) == []
    text = verified(module)
    assert text.count("@llvm.ptr.annotation.p0.p0(ptr %field,") == 1
    assert "    ptr %field.annotated, align 8\n" in text
    assert "      ptr %aptr, i32 0, i32 0\n" in text
    source = tmp_path / "out.ll"
    source.write_text(text)
    llvm_as = require_tool("llvm-as-15")
    subprocess.run([llvm_as, str(source), "-o", str(tmp_path / "out.bc")], check=True)


class _Forms:
    """An ``EquivalentForms`` that knows one rewritten string."""

    def __init__(self, rewritten: str) -> None:
        self.rewritten = rewritten
        self.asked: list[str] = []

    def forms(self, module: Module, annotation: MemberAnnotation) -> frozenset[str]:
        self.asked.append(annotation.string)
        return frozenset({self.rewritten})

    def claims(self, text: str) -> bool:
        return text.startswith("{")

    def dropped(self, module: Module, annotation: MemberAnnotation) -> bool:
        return not self.rewritten


def _rewritten(text: str, string: str) -> str:
    """``text`` with its member annotation string replaced, as the spirv pass would."""
    module = module_of(DESIGN_EXAMPLES / "member-opaque.ll")
    assert apply_placements(module, [member(text)], DESIGN) == []
    out = module.render()
    old = out[out.index('c"sycl-properties') : out.index('\\00"', out.index('c"sycl-properties'))]
    size = len("sycl-properties:") + len(old) - len('c"sycl-properties:') + 1
    out = out.replace(f"[{size} x i8] {old}", f'[{len(string) + 1} x i8] c"{string}')
    assert string in out
    return out


BUFFER_3 = 'add_ir_member_annotation("sycl-buffer-location", 3)'


def test_an_equivalent_form_counts_as_annotated() -> None:
    text = _rewritten(BUFFER_3, "{5921:3}")
    module = Module.parse(text, "in.ll")
    forms = _Forms("{5921:3}")
    assert lower_member(module, member(BUFFER_3), DESIGN, forms) == 0
    assert module.render() == text
    assert forms.asked == ["sycl-properties:sycl-buffer-location=3"]


def test_forms_reach_the_member_lowering_through_apply_placements() -> None:
    text = _rewritten(BUFFER_3, "{5921:3}")
    module = Module.parse(text, "in.ll")
    assert apply_placements(module, [member(BUFFER_3)], DESIGN, _Forms("{5921:3}")) == []
    assert module.render() == text


def test_without_forms_the_rewritten_string_is_not_recognised() -> None:
    module = Module.parse(_rewritten(BUFFER_3, "{5921:3}"), "in.ll")
    assert lower_member(module, member(BUFFER_3), DESIGN) == 1
    assert module.render().count("= call ptr addrspace(4) @llvm.ptr.annotation") == 2


def test_a_claimed_form_of_another_list_is_a_conflict() -> None:
    module = Module.parse(_rewritten(BUFFER_3, "{5921:4}"), "in.ll")
    with pytest.raises(DiagnosticError) as error:
        lower_member(module, member(BUFFER_3), DESIGN, _Forms("{5921:3}"))
    assert "already annotated with '{5921:4}'" in error.value.diagnostics[0].message


def test_an_unclaimed_string_is_someone_elses() -> None:
    module = Module.parse(_rewritten(BUFFER_3, "user text"), "in.ll")
    assert lower_member(module, member(BUFFER_3), DESIGN, _Forms("{5921:3}")) == 1


def test_a_list_the_later_pass_drops_is_not_inserted() -> None:
    module = module_of(DESIGN_EXAMPLES / "member-opaque.ll")
    before = module.render()
    assert lower_member(module, member(), DESIGN, _Forms("")) == 0
    assert module.render() == before
