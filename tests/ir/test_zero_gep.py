"""Zero-index constant getelementptrs of opaque pointers fold to their base, as LLVM prints."""

from __future__ import annotations

import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.ir.zero_gep import fold_zero_index_geps
from tests.conftest import require_tool

NESTED = (
    "  %0 = load i32, ptr addrspace(4) getelementptr inbounds ([1 x i32], ptr addrspace(4) "
    "addrspacecast (ptr addrspace(1) @_ZL2GV to ptr addrspace(4)), i64 0, i64 0), align 4\n"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            NESTED,
            "  %0 = load i32, ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL2GV to "
            "ptr addrspace(4)), align 4\n",
        ),
        (
            "@p = global ptr getelementptr ([4 x i8], ptr @s, i32 0, i32 0)\n",
            "@p = global ptr @s\n",
        ),
        (
            "@q = global ptr getelementptr inbounds (%T, ptr getelementptr (%U, ptr @u, i64 0), "
            "i64 0, i32 0)\n",
            "@q = global ptr @u\n",
        ),
    ],
)
def test_zero_index_geps_fold_to_their_base(text: str, expected: str) -> None:
    assert fold_zero_index_geps(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "@p = global ptr getelementptr ([4 x i8], ptr @s, i64 0, i64 1)\n",
        "@p = global ptr getelementptr ([4 x i8], ptr @s, i64 0, i64 %i)\n",
        "@p = global i8* getelementptr ([4 x i8], [4 x i8]* @s, i64 0, i64 0)\n",
        '@s = constant [32 x i8] c"getelementptr (i8, ptr @s, i64 0)"\n',
        "  %1 = getelementptr inbounds [4 x i8], ptr %0, i64 0, i64 0\n",
        "@p = global ptr getelementptr (i8, ptr @s, i64 0\n",
    ],
    ids=["nonzero", "variable", "typed", "in a string", "instruction", "unclosed"],
)
def test_everything_else_is_left_as_it_was(text: str) -> None:
    assert fold_zero_index_geps(text) == text


@given(st.text(alphabet='getlmnpr() ,"0i4@x\n', max_size=80))
def test_any_text_is_folded_without_error_and_idempotently(text: str) -> None:
    once = fold_zero_index_geps(text)
    assert fold_zero_index_geps(once) == once


@pytest.mark.integration
def test_llvm_prints_the_same_fold() -> None:
    module = (
        "@_ZL2GV = internal addrspace(1) constant [1 x i32] [i32 42], align 4\n"
        "define i32 @f() {\n" + NESTED.replace("%0", "%v") + "  ret i32 %v\n}\n"
    )
    opt = require_tool("opt-22")  # LLVM 22 reads and prints the module, folding as it reads
    printed = subprocess.run(
        [opt, "-S"], input=module, capture_output=True, text=True, check=True
    ).stdout
    ours = fold_zero_index_geps(module)
    line = next(x for x in printed.splitlines() if "load i32" in x)
    assert line.strip() in ours
