from __future__ import annotations

import shutil

import pytest

from propslower.ir.verify import LLVM_AS_15, choose_verifier, typed_pointers, verify_text
from tests.conftest import require_tool
from tests.ir.helpers import VALID_INPUTS, read_input


@pytest.mark.parametrize("name", VALID_INPUTS)
def test_valid_inputs_verify(name: str) -> None:
    assert verify_text(read_input(name), name) == []


def test_parse_error_position() -> None:
    (diagnostic,) = verify_text("define void @f() {\n  %x = add i32 1\n  ret void\n}\n", "t.ll")
    assert diagnostic.span is not None
    assert (diagnostic.span.line, diagnostic.span.column) == (3, 3)
    assert "expected ','" in diagnostic.message


def test_verifier_error_points_at_quoted_instruction() -> None:
    text = (
        "define i32 @f() {\nentry:\n  %a = add i32 %b, 1\n  %b = add i32 %a, 1\n  ret i32 %a\n}\n"
    )
    (diagnostic,) = verify_text(text, "t.ll")
    assert "does not dominate" in diagnostic.message
    assert diagnostic.span is not None
    assert diagnostic.span.line in (3, 4)
    assert diagnostic.span.column == 3


def test_real_invalid_clang_output_is_located() -> None:
    name = "clang19-annotated.ll"
    text = read_input(name)
    (diagnostic,) = verify_text(text, name)
    assert "Intrinsic called with incompatible signature" in diagnostic.message
    assert diagnostic.span is not None
    assert "@llvm.ptr.annotation" in text.splitlines()[diagnostic.span.line - 1]


TYPED_MISMATCH = "define void @f(i64* %p) {\n  store i32 0, i64* %p, align 4\n  ret void\n}\n"
"""Wrong for LLVM 15, which reads the pointee type; llvmlite's LLVM 22 reads `ptr` and accepts."""


def test_llvmlite_alone_misses_a_typed_pointer_error() -> None:
    assert verify_text(TYPED_MISMATCH, "t.ll", "llvmlite") == []


@pytest.mark.integration
def test_auto_verifies_typed_pointers_with_llvm_as_15() -> None:
    require_tool(LLVM_AS_15)
    assert choose_verifier(TYPED_MISMATCH) == LLVM_AS_15
    (diagnostic,) = verify_text(TYPED_MISMATCH, "t.ll")
    assert diagnostic.message == "invalid IR: stored value and pointer type do not match"
    assert diagnostic.span is not None
    assert (diagnostic.span.file, diagnostic.span.line, diagnostic.span.column) == ("t.ll", 2, 9)


def test_auto_verifies_opaque_pointers_with_llvmlite() -> None:
    text = "define void @f(ptr %p) {\n  store i32 0, ptr %p, align 4\n  ret void\n}\n"
    assert choose_verifier(text) == "llvmlite"


@pytest.mark.integration
def test_llvm_as_15_verifier_errors_point_at_the_instruction() -> None:
    require_tool(LLVM_AS_15)
    text = (
        "define i32 @f() {\nentry:\n  %a = add i32 %b, 1\n  %b = add i32 %a, 1\n  ret i32 %a\n}\n"
    )
    (diagnostic,) = verify_text(text, "t.ll", LLVM_AS_15)
    assert diagnostic.message == "IR verification failed: Instruction does not dominate all uses!"
    assert diagnostic.span is not None
    assert diagnostic.span.line in (3, 4)


@pytest.mark.parametrize("name", VALID_INPUTS)
def test_valid_inputs_verify_with_the_verifier_auto_picks(name: str) -> None:
    if shutil.which(LLVM_AS_15) is None:
        require_tool(LLVM_AS_15)
    text = read_input(name)
    chosen = choose_verifier(text)
    # clang-15's typed-pointer output goes to llvm-as-15; newer clangs' to llvmlite (LLVM 15
    # cannot read their attribute syntax, e.g. memory(none))
    assert chosen == (LLVM_AS_15 if name.startswith("clang15") else "llvmlite")
    assert verify_text(text, name, chosen) == []


def test_a_star_in_a_string_or_comment_is_no_typed_pointer() -> None:
    assert typed_pointers("define void @f(i8* %p) {\n  ret void\n}\n")
    assert not typed_pointers('attributes #0 = { "]*"="x" "a" }\n')
    assert not typed_pointers("define void @f() { ; was i8*\n  ret void\n}\n")
    assert typed_pointers('@s = constant [2 x i8] c"*\\00"\n@p = global i8* null\n')
