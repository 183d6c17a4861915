"""Which body lines are instructions when an instruction goes on over line breaks."""

from __future__ import annotations

import pytest

from propslower.ir.body import Instruction
from propslower.ir.body_lines import is_simple_body, split_body
from propslower.ir.module import Module

SPLIT = (
    "entry:\n"
    "  %f = getelementptr inbounds %S,\n"
    "      ptr %s, i32 0, i32 1\n"
    "  store i32 %n\n"
    "    , ptr %f, align 4\n"
    "  %c = call i32 @g(i32 1,\n"
    "    ; a comment inside\n"
    "    i32 2)\n"
    "  %v = load i32, ptr %f, align 4\n"
    "3:\n"
    "  ret void\n"
    "}\n"
)


def test_split_instructions_are_one_instruction_each() -> None:
    lines = split_body(SPLIT, 10, "t.ll")
    instructions = [x for x in lines if isinstance(x, Instruction)]
    assert [i.text.split()[0] for i in instructions] == ["%f", "store", "%c", "%v", "ret"]
    assert instructions[0].text.endswith("i32 0, i32 1\n")
    assert [i.line for i in instructions] == [12, 14, 16, 19, 21]
    assert "".join(x if isinstance(x, str) else x.text for x in lines) == SPLIT
    gep = instructions[0].gep()
    assert gep is not None
    assert [index.value for index in gep.indices] == ["0", "1"]


@pytest.mark.parametrize(
    "body",
    [
        "  %x = add i32 %a,\n    %b\n",
        "  %x = add i32 %a\n    , %b\n",
        "  call void @f(\n    i32 1)\n",
        "  call void @f(i32\n    1)\n",
        "  %x =\n    add i32 1, 2\n",
    ],
)
def test_a_body_with_a_split_instruction_is_not_simple(body: str) -> None:
    text = "define void @f() {\n" + body + "}\n"
    assert not is_simple_body(text, len("define void @f() {\n"), len(text))


def test_clang_bodies_stay_simple() -> None:
    body = "entry:\n  %0 = load i32, ptr %x, align 4, !tbaa !5\n  br label %3\n\n3:  ; preds = %0, %1\n  ret void\n}\n"
    assert is_simple_body(body, 0, len(body))
    assert len([x for x in split_body(body, 0, "t") if isinstance(x, Instruction)]) == 3


def test_find_instructions_in_a_split_body_gives_whole_instructions() -> None:
    module = Module("define void @f(ptr %s, i32 %n) {\n" + SPLIT, "t.ll")
    function = module.function("f")
    assert function is not None
    [gep] = function.find_instructions("getelementptr")
    assert gep.text.count("\n") == 2
    assert gep.line == 3
