from __future__ import annotations

from propslower.ir.module import Module
from propslower.postlink.function_facts import (
    AspectRef,
    FactsReader,
    direct_callees,
    int_operand,
    scan_function,
    uses_double,
)

TEXT = """\
define linkonce_odr spir_kernel void @"f(x"(ptr %a) #0 comdat($f) align 4 !dbg !5 \
!sycl_used_aspects !6 {
entry:
  call spir_func void @g(ptr @h)
  %r = call float @"q r"()
  call void %fp(ptr @h)
  call spir_func void @g(ptr null)
  ret void
}

define spir_func void @g(ptr %p) "sycl-module-id"="a.cpp" {
entry:
  %s = alloca [2 x i8], align 1
  ret void
}

declare float @"q r"() #0

attributes #0 = { nounwind "sycl-external" }

!5 = !{}
!6 = !{!7, i32 6, i32 -3}
!7 = !{!"fp16", i32 5}
"""


def test_header_scan_finds_groups_after_the_parameter_list() -> None:
    module = Module.parse(TEXT, "f.ll")
    facts = scan_function(module.functions()[0])
    assert facts.name == "f(x"
    assert facts.is_kernel
    assert facts.groups == (0,)
    assert facts.attachments == {"dbg": 5, "sycl_used_aspects": 6}
    assert not facts.inline_strings
    assert not scan_function(module.functions()[1]).is_kernel


def test_callees_in_call_order_without_indirect_calls() -> None:
    module = Module.parse(TEXT, "f.ll")
    assert direct_callees(module.functions()[0]) == ["g", "q r"]
    assert direct_callees(module.functions()[2]) == []


def test_double_and_strings() -> None:
    module = Module.parse(TEXT.replace("float", "double"), "f.ll")
    assert uses_double(module.functions()[0])
    assert not uses_double(module.functions()[1])
    quoted = Module.parse('define void @z() "x"="double" {\nentry:\n  ret void\n}\n')
    assert not uses_double(quoted.functions()[0])


def test_reader_strings_and_aspect_pairs() -> None:
    module = Module.parse(TEXT, "f.ll")
    reader = FactsReader(module)
    kernel, helper, declaration = module.functions()
    assert reader.strings(kernel) == {"sycl-external": None}
    assert reader.strings(helper) == {"sycl-module-id": "a.cpp"}
    assert reader.strings(declaration) == {"sycl-external": None}
    assert reader.aspects(kernel, "sycl_used_aspects") == (
        AspectRef(5, "fp16"),
        AspectRef(6),
        AspectRef(-3),
    )
    assert reader.aspects(helper, "sycl_used_aspects") is None
    assert reader.ints(kernel, "dbg") == ()


def test_integer_operands_are_read_as_llvm_reads_them() -> None:
    assert int_operand("i32 99999999999999999999999999") == -469762049
    assert int_operand("i32 4294967297") == 1
    assert int_operand("i64 -8") == -8
    assert int_operand("i32 4294967295") == 4294967295  # fits: kept as written
    assert int_operand("ptr null") is None
