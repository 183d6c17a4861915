"""``spirv.members``: the rewritten member-annotation strings ``annotate`` takes for its own."""

from __future__ import annotations

import pytest

from propslower.ir.module import Module
from propslower.properties.member_annotation import MemberAnnotation
from propslower.properties.profiles import DESIGN, DPCPP
from propslower.spirv.members import AnnotationForms
from tests.spirv.helpers import INPUTS, lower


def _module() -> Module:
    return Module.parse((INPUTS / "opaque.ll").read_text(), "in.ll")


def test_design_forms_are_what_the_pass_writes() -> None:
    forms = AnnotationForms(DESIGN)
    found = forms.forms(_module(), MemberAnnotation("sycl-properties:sycl-buffer-location=3"))
    assert found == {"{5921:3}"}
    out, _, _ = lower((INPUTS / "opaque.ll").read_text())
    assert 'c"{5921:3}\\00"' in out


def test_dpcpp_forms_read_the_args_pairs() -> None:
    forms = AnnotationForms(DPCPP)
    pairs = (("sycl-buffer-location", "3"), ("sycl-frob", "1"))
    assert forms.forms(_module(), MemberAnnotation("sycl-properties", pairs)) == {'{5921:"3"}'}


def test_alignment_gives_both_forms_accessed_or_not() -> None:
    forms = AnnotationForms(DPCPP)
    pairs = (("sycl-alignment", "16"), ("sycl-buffer-location", "3"))
    found = forms.forms(_module(), MemberAnnotation("sycl-properties", pairs))
    assert found == {'{5921:"3"}', '{44:"16"}{5921:"3"}'}


def test_only_access_decorations_leave_an_empty_string() -> None:
    forms = AnnotationForms(DPCPP)
    found = forms.forms(
        _module(), MemberAnnotation("sycl-properties", (("sycl-cache-read-hint", "3"),))
    )
    assert found == {""}


def test_nothing_to_write_and_unencodable_values_have_no_form() -> None:
    forms = AnnotationForms(DESIGN)
    module = _module()
    assert forms.forms(module, MemberAnnotation("sycl-properties:sycl-frob=1")) == frozenset()
    assert forms.forms(module, MemberAnnotation("sycl-properties:sycl-alignment=12")) == frozenset()
    assert forms.forms(module, MemberAnnotation("not ours")) == frozenset()


def test_metadata_mode_rewrites_nothing() -> None:
    forms = AnnotationForms(DESIGN, member_decorations="metadata")
    annotation = MemberAnnotation("sycl-properties:sycl-buffer-location=3")
    assert forms.forms(_module(), annotation) == frozenset()
    assert not forms.claims("{5921:3}")


@pytest.mark.parametrize(
    ("text", "claimed"),
    [
        ("{5921:3}", True),
        ('{44:"16"}{5921:"3"}', True),
        ("{5825}", True),
        ("", True),
        ("sycl-properties:sycl-buffer-location=3", False),
        ("{5921:3", False),
        ("user text", False),
    ],
)
def test_claims_decoration_strings_only(text: str, claimed: bool) -> None:
    assert AnnotationForms(DESIGN).claims(text) is claimed
