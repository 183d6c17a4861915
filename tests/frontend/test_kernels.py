"""mark_kernels: the calling convention, the launches removed, local kernels made external."""

from __future__ import annotations

import pytest

from propslower.frontend.kernels import mark_kernels, rename_symbols
from propslower.ir.module import Module
from propslower.ir.verify import verify_text

MODULE = """\
define {linkage}spir_func void @k() #0 {{
entry:
  ret void
}}

define dso_local spir_func void @launch() {{
entry:
  call spir_func void @k()
  ret void
}}

attributes #0 = {{ convergent }}
"""


@pytest.mark.parametrize(
    ("linkage", "expected"),
    [
        ("", "define spir_kernel void @k() #0 {"),
        ("dso_local ", "define dso_local spir_kernel void @k() #0 {"),
        ("internal ", "define dso_local spir_kernel void @k() #0 {"),
        ("private ", "define dso_local spir_kernel void @k() #0 {"),
        ("linkonce_odr dso_local ", "define linkonce_odr dso_local spir_kernel void @k() #0 {"),
        ("weak_odr ", "define weak_odr spir_kernel void @k() #0 {"),
    ],
)
def test_kernels_get_spir_kernel_and_external_linkage(linkage: str, expected: str) -> None:
    module = Module(MODULE.format(linkage=linkage), "m.ll")
    assert mark_kernels(module, ["k"]) == ["k"]
    text = module.render()
    assert expected in text.splitlines()
    assert "call spir_func void @k()" not in text
    assert verify_text(text, "m.ll") == []


def test_local_words_elsewhere_in_the_header_leave_the_linkage() -> None:
    text = (
        '%"class.internal" = type { i32 }\n'
        'define weak_odr spir_func void @private(ptr byval(%"class.internal") %0) {\n'
        "entry:\n  ret void\n}\n"
    )
    module = Module(text, "m.ll")
    assert mark_kernels(module, ["private"]) == ["private"]
    rendered = module.render()
    assert 'define weak_odr spir_kernel void @private(ptr byval(%"class.internal") %0) {' in (
        rendered.splitlines()
    )
    assert verify_text(rendered, "m.ll") == []


def test_functions_not_named_stay_as_they_are() -> None:
    text = MODULE.format(linkage="internal ")
    module = Module(text, "m.ll")
    assert mark_kernels(module, ["launch", "missing"]) == ["launch"]
    assert "define internal spir_func void @k() #0 {" in module.render()


def test_renames_are_one_pass_over_whole_names() -> None:
    text = (
        "define void @_Z1fv() {\n  call void @_Z1fv.1()\n  call void @_Z1fv()\n"
        '  call void @"_Z1fv"()\n  ret void\n}\n!0 = !{ptr @_Z1fv, ptr @b}\n'
    )
    renames = {"_Z1fv": "_ZTS1K", "_ZTS1K": "chained", "b": "c"}
    assert rename_symbols(text, renames) == (
        "define void @_ZTS1K() {\n  call void @_Z1fv.1()\n  call void @_ZTS1K()\n"
        '  call void @"_Z1fv"()\n  ret void\n}\n!0 = !{ptr @_ZTS1K, ptr @c}\n'
    )
    assert rename_symbols(text, {}) is text
