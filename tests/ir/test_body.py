from __future__ import annotations

import pytest

from propslower.diagnostics import DiagnosticError
from propslower.ir.body import Instruction, renumber_after, replace_value
from propslower.ir.module import Module
from tests.ir.helpers import KERNEL, OPAQUE_INPUTS, assert_verifies, load, read_input


def test_instructions_know_their_lines() -> None:
    name = "clang19-sycl-annotated.ll"
    lines = read_input(name).splitlines()
    function = load(name).function(KERNEL)
    assert function is not None
    for instruction in function.instructions():
        assert lines[instruction.line - 1] == instruction.text.rstrip("\n")


def test_call_with_typed_constant_expression_arguments() -> None:
    function = load("clang15-annotated.ll").function(KERNEL)
    assert function is not None
    call = next(i.call() for i in function.instructions() if i.call() is not None)
    assert call is not None
    assert call.callee == "@llvm.ptr.annotation.p0i8"
    assert call.return_type == "i8*"
    assert [a.type_text for a in call.arguments] == ["i8*", "i8*", "i8*", "i32", "i8*"]
    assert call.arguments[1].value.startswith("getelementptr inbounds ([17 x i8]")
    assert call.arguments[4].value == "bitcast ({ [2 x i8]*, i32 }* @.args to i8*)"


@pytest.mark.parametrize("name", OPAQUE_INPUTS)
def test_struct_field_gep(name: str) -> None:
    function = load(name).function(KERNEL)
    assert function is not None
    geps = [g for g in (i.gep() for i in function.instructions()) if g is not None]
    field = next(g for g in geps if g.source_type == "%struct.Pair")
    assert field.inbounds
    assert [i.value for i in field.indices] == ["0", "0"]
    assert field.pointer.type_text.startswith("ptr")


def test_opcode_result_and_attachments() -> None:
    instruction = Instruction("  br label %12, !llvm.loop !3\n")
    assert instruction.result is None
    assert instruction.opcode == "br"
    assert instruction.attachments == {"!llvm.loop": "!3"}
    tail = Instruction("  %r = tail call i32 @f(i32 1) #2, !srcloc !7\n")
    assert tail.result == "%r"
    assert tail.opcode == "call"
    call = tail.call()
    assert call is not None
    assert call.callee == "@f"
    tail.set_attachment("!srcloc", "!9")
    tail.set_attachment("!other", "!10")
    assert tail.text == "  %r = tail call i32 @f(i32 1) #2, !srcloc !9, !other !10\n"


def test_replace_value_is_token_exact() -> None:
    text = '  %y = add i32 %x, %x1 ; %x\n  call void @"%x"(i32 %x.2, i32 %x)\n'
    assert replace_value(text, "%x", "%z") == (
        '  %y = add i32 %z, %x1 ; %z\n  call void @"%x"(i32 %x.2, i32 %z)\n'
    )


def test_insert_and_route_uses_verifies() -> None:
    module = load("clang19-sycl-annotated.ll")
    function = module.function(KERNEL)
    assert function is not None
    gep = next(i for i in function.instructions() if i.gep() is not None)
    old = gep.result
    assert old is not None
    fresh = function.fresh_local("field")
    inserted = function.insert_after(
        gep, f"{fresh} = getelementptr inbounds i8, ptr addrspace(4) {old}, i64 0"
    )
    changed = function.replace_uses_after(inserted, old, fresh)
    assert changed == 1
    assert fresh != function.fresh_local("field")
    assert_verifies(module)
    assert module.render().count(f"{fresh} = getelementptr") == 1


def test_fresh_local_avoids_existing_and_numbers() -> None:
    module = Module("define void @f(i32 %v) {\n  %v.1 = add i32 %v, 1\n  ret void\n}\n", "t.ll")
    function = module.function("f")
    assert function is not None
    assert function.fresh_local("v") == "%v.2"
    assert function.fresh_local("7") == "%v7"


def test_remove_call_instruction() -> None:
    module = load("clang16-annotated.ll")
    function = module.function("_Z11read_secondR4Pair")
    assert function is not None
    call = next(i for i in function.instructions() if i.opcode == "call")
    assert call.result is not None
    pointer = call.call()
    assert pointer is not None
    function.replace_uses_after(call, call.result, pointer.arguments[0].value)
    function.remove_instruction(call)
    assert "llvm.ptr.annotation" not in function.text
    assert_verifies(module)


def test_multiline_switch_is_one_instruction() -> None:
    text = (
        "define void @f(i32 %x) {\nentry:\n  switch i32 %x, label %d [\n    i32 0, label %d\n  ]\n"
        "d:\n  ret void\n}\n"
    )
    module = Module(text, "t.ll")
    function = module.function("f")
    assert function is not None
    assert [i.opcode for i in function.instructions()] == ["switch", "ret"]
    assert module.render() == text


def test_malformed_instruction_is_positioned() -> None:
    module = Module("define void @f() {\n  %x = call void @g(i32 1\n  ret void\n}\n", "bad.ll")
    function = module.function("f")
    assert function is not None
    broken = function.instructions()[0]
    with pytest.raises(DiagnosticError) as caught:
        broken.call()
    span = caught.value.diagnostics[0].span
    assert span is not None
    assert (span.file, span.line, span.column) == ("bad.ll", 2, 20)


def test_renumber_after_closes_the_gap() -> None:
    text = "  %4 = load i32, ptr %3, align 4\n  br label %5\n\n5:  ; preds = %4\n  %6 = phi i32 [ %4, %2 ]\n"
    assert renumber_after(text, 3) == (
        "  %3 = load i32, ptr %3, align 4\n  br label %4\n\n4:  ; preds = %3\n"
        "  %5 = phi i32 [ %3, %2 ]\n"
    )
    assert renumber_after('  %x.4 = call ptr @"%4"(ptr %40)\n', 3) == (
        '  %x.4 = call ptr @"%4"(ptr %39)\n'
    )


def test_renumbering_leaves_numbers_llvm_reads_wrapped_alone() -> None:
    huge = "  store ptr %5, ptr %18446744073709551616, align 8\n"
    assert renumber_after(huge, 3) == "  store ptr %4, ptr %18446744073709551616, align 8\n"
