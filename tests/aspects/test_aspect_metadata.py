"""Readers and writers of aspect metadata, the module's aspect table and fast attachments."""

from __future__ import annotations

from propslower.aspects.aspect_metadata import (
    ListWriter,
    aspect_names,
    aspect_values,
    list_operands,
    module_table,
    types_that_use_aspects,
)
from propslower.aspects.def_file import default_table
from propslower.ir.function_attachments import header_attachments, set_function_attachment
from propslower.ir.module import Module
from propslower.ir.verify import verify_text

PAIRS = """\
define void @f() !sycl_used_aspects !3 {
entry:
  ret void
}

!sycl_aspects = !{!0, !1, !2}
!sycl_types_that_use_aspects = !{!4}
!0 = !{!"fp16", i32 5}
!1 = !{!"fp64", i32 6}
!2 = !{!"my_new_aspect", i32 200}
!3 = !{!0, i32 -3, !2}
!4 = !{!"class.sycl::_V1::half", i32 5, i32 200}
"""


def test_values_in_both_forms() -> None:
    module = Module.parse(PAIRS)
    assert aspect_values(module, "!3") == [5, -3, 200]
    assert aspect_values(module, "!1") == [6]
    assert aspect_values(module, "!99") is None


def test_module_names_override_the_table() -> None:
    module = Module.parse(PAIRS)
    assert [(a.name, a.value) for a in aspect_names(module)] == [
        ("fp16", 5),
        ("fp64", 6),
        ("my_new_aspect", 200),
    ]
    table = module_table(module, default_table())
    assert table.value_of("my_new_aspect") == 200
    assert table.name_of(2) == "gpu"
    assert module_table(Module.parse("define void @f() {\n  ret void\n}\n"), default_table()) is (
        default_table()
    )


def test_module_value_wins_over_a_table_name() -> None:
    module = Module.parse('!sycl_aspects = !{!0}\n!0 = !{!"fp64", i32 99}\n')
    table = module_table(module, default_table())
    assert table.value_of("fp64") == 99
    assert table.name_of(6) is None


def test_types_that_use_aspects() -> None:
    found = types_that_use_aspects(Module.parse(PAIRS))
    assert [(t.type_name, t.aspects) for t in found] == [("class.sycl::_V1::half", (5, 200))]


def test_written_lists_are_ascending_and_shared() -> None:
    assert list_operands([6, 5, 6, -1]) == ["i32 -1", "i32 5", "i32 6"]
    module = Module.parse("declare void @g()\n")
    writer = ListWriter(module)
    assert writer.node_for([6, 5]) is writer.node_for([5, 6, 5])


def test_attachments_on_definitions_and_declarations() -> None:
    text = "declare spir_func void @d(ptr)\n\ndefine void @f() #0 {\nentry:\n  ret void\n}\n"
    text += "\nattributes #0 = { nounwind }\n!0 = !{i32 5}\n"
    module = Module.parse(text)
    declaration, definition = module.function("d"), module.function("f")
    assert declaration is not None and definition is not None
    set_function_attachment(declaration, "intel_used_aspects", "!0")
    set_function_attachment(definition, "intel_used_aspects", "!0")
    set_function_attachment(definition, "intel_allowed_aspects", "!0")
    out = module.render()
    assert "declare !intel_used_aspects !0 spir_func void @d(ptr)\n" in out
    assert "define void @f() #0 !intel_used_aspects !0 !intel_allowed_aspects !0 {\n" in out
    assert verify_text(out, "t.ll") == []
    again = Module.parse(out)
    fn = again.function("d")
    assert fn is not None and header_attachments(fn) == {"!intel_used_aspects": "!0"}
    set_function_attachment(fn, "intel_used_aspects", "!0")
    assert again.render() == out
