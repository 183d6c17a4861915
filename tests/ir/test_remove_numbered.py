"""Removing an instruction that defines an unnamed value keeps the numbering consecutive."""

from __future__ import annotations

from propslower.ir.module import Module
from propslower.ir.verify import verify_text

TEXT = """\
define i32 @f(ptr %0) {
  %2 = getelementptr i8, ptr %0, i64 4
  %3 = load i32, ptr %2, align 4
  br label %4

4:
  %5 = add i32 %3, 1
  ret i32 %5
}
"""


def test_removing_a_numbered_instruction_renumbers_the_rest() -> None:
    module = Module.parse(TEXT, "t.ll")
    function = module.function("f")
    assert function is not None
    gep = next(i for i in function.find_instructions("getelementptr"))
    function.replace_uses_after(gep, "%2", "%0")
    function.remove_instruction(gep)
    text = module.render()
    assert "%2 = load i32, ptr %0" in text
    assert "br label %3" in text and "\n3:\n" in text and "%4 = add i32 %2, 1" in text
    assert verify_text(text, "t.ll") == []


def test_replacing_an_instruction_keeps_its_number() -> None:
    module = Module.parse(TEXT, "t.ll")
    function = module.function("f")
    assert function is not None
    gep = next(i for i in function.find_instructions("getelementptr"))
    function.insert_after(gep, "  %2 = getelementptr i8, ptr %0, i64 8")
    function.remove_instruction(gep)
    text = module.render()
    assert "%2 = getelementptr i8, ptr %0, i64 8" in text and "%3 = load" in text
    assert verify_text(text, "t.ll") == []
