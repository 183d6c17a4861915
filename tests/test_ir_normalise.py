"""Snapshot normalisation: numbering by content, so a change shows only where it is."""

from __future__ import annotations

import difflib

import pytest

import propslower
from propslower import ir_normalise
from propslower.ir_normalise import normalise_ir

MODULE = """\
; ModuleID = 'four.cpp'
source_filename = "four.cpp"
target triple = "spir64-unknown-unknown"

@g = addrspace(1) global i32 0, align 4 #2

define spir_kernel void @k1() #0 !kernel_arg_addr_space !1 {
  ret void
}

define spir_kernel void @k2() #1 !kernel_arg_addr_space !1 {
  ret void
}

define spir_kernel void @k3() #0 !intel_reqd_sub_group_size !2 {
  call void @f() #3
  ret void
}

declare void @f() #3

attributes #0 = { convergent norecurse nounwind }
attributes #1 = { convergent nounwind }
attributes #2 = { "sycl-device-image-scope" }
attributes #3 = { nounwind }

!llvm.module.flags = !{!0}
!llvm.ident = !{!3}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{}
!2 = !{i32 16}
!3 = !{!"clang version 19.1.7"}
"""


def _changes(before: str, after: str) -> list[str]:
    diff = difflib.unified_diff(
        normalise_ir(before).splitlines(), normalise_ir(after).splitlines(), n=0, lineterm=""
    )
    return [line for line in diff if line[:1] in "+-" and line[:3] not in ("---", "+++")]


def test_one_added_attribute_changes_only_its_function_and_adds_its_group() -> None:
    module = propslower.parse_assembly(MODULE, "four.ll")
    propslower.annotate(module, {"functions": {"k1": {"sycl-sub-group-size": 16}}})
    changes = _changes(MODULE, str(module))
    assert len(changes) == 3, "\n".join(changes)
    removed, added, group = changes
    assert removed.startswith("-define spir_kernel void @k1() #")
    assert added.startswith("+define spir_kernel void @k1() #")
    assert group.startswith("+attributes #")
    assert group.endswith('{ convergent norecurse nounwind "sycl-sub-group-size"="16" }')
    assert added.split()[4] == group.split()[1]


def test_added_metadata_changes_only_the_lines_that_use_it() -> None:
    module = propslower.parse_assembly(MODULE, "four.ll")
    ref = module.metadata.unique_node(["i32 8", "i32 4", "i32 2"])
    kernel = propslower.get_function(module, "k2")
    module.metadata.attach(kernel, "!reqd_work_group_size", ref)
    changes = _changes(MODULE, str(module))
    assert len(changes) == 3, "\n".join(changes)
    removed, added, node = changes
    assert removed.startswith("-define spir_kernel void @k2() #")
    assert added == f"+{removed[1:-2]} !reqd_work_group_size {node.split()[0][1:]} {{"
    assert node.startswith("+!") and node.endswith(" = !{i32 8, i32 4, i32 2}")


def test_numbering_does_not_depend_on_the_input_numbers() -> None:
    swapped = (
        MODULE.replace("#0", "#X")
        .replace("#1", "#0")
        .replace("#X", "#1")
        .replace("!1", "!Y")
        .replace("!2", "!1")
        .replace("!Y", "!2")
    )
    assert swapped != MODULE
    assert normalise_ir(swapped) == normalise_ir(MODULE)


def test_definitions_are_sorted_and_module_details_dropped() -> None:
    text = normalise_ir(MODULE)
    assert "ModuleID" not in text and "source_filename" not in text
    assert '!{!"<producer>"}' in text
    groups = [int(line.split()[1][1:]) for line in text.splitlines() if line.startswith("attr")]
    nodes = [int(line.split()[0][1:]) for line in text.splitlines() if line[1:2].isdigit()]
    assert len(groups) == 4 and groups == sorted(groups)
    assert len(nodes) == 4 and nodes == sorted(nodes)
    assert normalise_ir(text) == text


def test_nested_nodes_are_named_by_their_whole_tree() -> None:
    one = "!named = !{!0}\n!0 = !{!1}\n!1 = !{i32 1}\n"
    two = "!named = !{!5}\n!5 = !{!9}\n!9 = !{i32 2}\n"
    first, second = normalise_ir(one).splitlines(), normalise_ir(two).splitlines()
    assert first[0] != second[0]
    assert normalise_ir("!named = !{!7}\n!7 = !{!3}\n!3 = !{i32 1}\n") == normalise_ir(one)


def test_cycles_strings_and_comments_are_handled() -> None:
    text = (
        "define void @f() {\n  br label %l, !llvm.loop !0 ; see !1 and #2\n}\n"
        '!0 = distinct !{!0, !1}\n!1 = !{!"llvm.loop.mustprogress !1"}\n'
    )
    normal = normalise_ir(text)
    assert "; see !1 and #2" in normal
    assert '!"llvm.loop.mustprogress !1"' in normal
    loop = next(line for line in normal.splitlines() if "distinct" in line)
    number = loop.split()[0]
    assert loop.startswith(f"{number} = distinct !{{{number}, !")


def test_colliding_numbers_take_the_next_free_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ir_normalise, "GROUP_NUMBERS", 2)
    text = "attributes #5 = { nounwind }\nattributes #9 = { convergent }\n"
    lines = normalise_ir(text).splitlines()
    assert sorted(line.split()[1] for line in lines) == ["#0", "#1"]
