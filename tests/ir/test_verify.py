from __future__ import annotations

import pytest

from propslower.ir.verify import verify_text
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
