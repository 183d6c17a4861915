"""Repairs of clang's invalid IR: a constant bitcast between address spaces."""

from __future__ import annotations

from propslower.frontend.clang_repairs import repair_clang_ir, repair_note

BROKEN = (
    "define ptr addrspace(4) @f() {\n"
    "  ret ptr addrspace(4) bitcast (ptr @g to ptr addrspace(4))\n"
    "}\n"
    '@p = global ptr bitcast (ptr addrspace(1) @"q r" to ptr)\n'
    "@same = global ptr addrspace(4) bitcast (ptr addrspace(4) @h to ptr addrspace(4))\n"
)


def test_only_casts_that_change_the_address_space_are_rewritten() -> None:
    repaired = repair_clang_ir(BROKEN)
    assert repaired.casts == 2
    assert "ret ptr addrspace(4) addrspacecast (ptr @g to ptr addrspace(4))" in repaired.text
    assert '@p = global ptr addrspacecast (ptr addrspace(1) @"q r" to ptr)' in repaired.text
    assert "bitcast (ptr addrspace(4) @h to ptr addrspace(4))" in repaired.text


def test_valid_ir_is_returned_as_it_was_and_nothing_is_said() -> None:
    text = "@p = global ptr addrspace(4) addrspacecast (ptr @g to ptr addrspace(4))\n"
    repaired = repair_clang_ir(text)
    assert repaired.text is text
    assert repaired.casts == 0
    assert repair_note(repaired, "clang-19") is None


def test_the_note_names_the_compiler_and_the_count() -> None:
    note = repair_note(repair_clang_ir(BROKEN), "clang-19")
    assert note == (
        "clang-19 wrote 2 constant 'bitcast's between address spaces, which LLVM rejects; "
        "cc wrote each as the 'addrspacecast' clang 22 writes"
    )
