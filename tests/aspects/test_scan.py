"""The aspects scan reads the same facts from unread functions, made ones and edited ones."""

from __future__ import annotations

import pytest

from propslower.aspects.scan import FunctionFacts, scan_functions
from propslower.ir.module import Module

TEXT = """\
define spir_kernel void @k() #0 !intel_allowed_aspects !0 {
entry:
  call spir_func void @f()
  %x = call i32 @"odd name"(i32 1), !intel_used_aspects !1
  ret void
}

define spir_func void @f() #1 {
entry:
  invoke void @g() to label %a unwind label %b
a:
  ret void
b:
  ret void
}

declare !intel_used_aspects !1 void @g() "sycl-external"

declare i32 @"odd name"(i32)

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "calls-indirectly"="set" }

!0 = !{i32 1}
!1 = !{i32 2}
"""


def _facts(module: Module) -> list[tuple[object, ...]]:
    return [_fields(fact) for fact in scan_functions(module).facts]


def _fields(fact: FunctionFacts) -> tuple[object, ...]:
    return (
        fact.name,
        fact.is_definition,
        fact.is_kernel,
        fact.attributes,
        fact.attachments,
        fact.callees,
        fact.instruction_lists,
        fact.text,
    )


def test_the_facts_of_each_function() -> None:
    scanned = scan_functions(Module(TEXT))
    kernel, function, declared, odd = scanned.facts
    assert scanned.index == {"k": 0, "f": 1, "g": 2, "odd name": 3}
    assert (kernel.name, kernel.is_kernel, kernel.is_entry_point) == ("k", True, True)
    assert list(kernel.callees) == [1, 3]
    assert kernel.attachments == {"!intel_allowed_aspects": "!0"}
    assert kernel.instruction_lists == [("!intel_used_aspects", "!1")]
    assert list(function.callees) == [2] and function.attributes == {"calls-indirectly": "set"}
    assert declared.attachments == {"!intel_used_aspects": "!1"} and not declared.is_definition
    assert odd.name == "odd name" and not odd.is_exported


@pytest.mark.parametrize("made", [(), (0,), (1, 3), (0, 1, 2, 3)])
def test_unread_and_made_functions_read_the_same(made: tuple[int, ...]) -> None:
    expected = _facts(Module(TEXT))
    module = Module(TEXT)
    functions = module.functions()
    for index in made:
        functions[index].text = functions[index].text  # made, and no longer pristine
    assert _facts(module) == expected


def test_a_function_edited_as_text_is_read_as_edited() -> None:
    module = Module(TEXT)
    facts = scan_functions(module).facts
    facts[1].function.set_attachment("intel_used_aspects", "!1")
    again = scan_functions(module).facts
    assert again[1].attachments == {"!intel_used_aspects": "!1"}
    assert again[1].item.text == again[1].text
