"""Editing a body line by line (pins) gives what editing the split body gives."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from propslower.ir.body import Instruction
from propslower.ir.functions import FunctionItem
from propslower.ir.items import ItemKind
from propslower.ir.module import Module
from tests.ir.helpers import ALL_INPUTS, load

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from synth import synthesize

Step = tuple[str, str, str]
"""(operation, needle or value, replacement)."""


def _twins(text: str, line: int = 7) -> tuple[FunctionItem, FunctionItem]:
    """The same definition twice: one edited by pins, one split into lines first."""
    items = []
    for _ in range(2):
        item = FunctionItem(ItemKind.DEFINITION, "")
        item.offset, item.line = 0, line
        item._attach_source(text, len(text), "t.ll")
        items.append(item)
    items[1].instructions()
    return items[0], items[1]


def _run(item: FunctionItem, steps: list[Step]) -> list[object]:
    """Apply ``steps``; what each returned, as comparable values."""
    results: list[object] = []
    anchors: list[Instruction] = []
    for operation, needle, other in steps:
        if operation == "find":
            found = item.find_instructions(needle)
            anchors.extend(found)
            results.append([(i.text, i.line) for i in found])
        elif operation == "contains":
            results.append(item.contains(needle))
        elif operation == "fresh":
            results.append(item.fresh_local(needle))
        elif not anchors:
            results.append(None)
        elif operation == "insert":
            new = item.insert_after(anchors[len(needle) % len(anchors)], other)
            anchors.append(new)
            results.append(new.text)
        elif operation == "replace":
            anchor = anchors[len(other) % len(anchors)]
            results.append(item.replace_uses_after(anchor, needle, other))
        elif operation == "header":
            item.set_header_text(item.header_text.replace("{", f"#{len(needle)} {{", 1))
            results.append(item.header_text)
        elif operation == "remove":
            victim = anchors.pop(len(needle) % len(anchors))
            if victim in item.instructions():
                item.remove_instruction(victim)
            results.append(victim.text)
    results.append(item.text)
    results.append([(i.text, i.line) for i in item.instructions()])
    return results


def assert_same_edits(text: str, steps: list[Step]) -> bool:
    """Whether the body could be edited by pins (the comparison holds either way)."""
    pinned, split = _twins(text)
    simple = pinned._simple_body()
    assert _run(pinned, steps) == _run(split, steps)
    return simple


_KERNEL_STEPS: list[Step] = [
    ("contains", "llvm.ptr.annotation", ""),
    ("find", "%struct.Pair", ""),
    ("fresh", "field.annotated", ""),
    ("contains", "%field.annotated", ""),
    ("insert", "", "%field.annotated = call ptr @llvm.ptr.annotation.p1.p1(ptr %field)"),
    ("replace", "%field", "%field.annotated"),
    ("fresh", "field.annotated", ""),
    ("find", "%field", ""),
    ("header", "x", ""),
    ("contains", "llvm.ptr.annotation", ""),
]


def test_synthetic_kernel() -> None:
    module = Module(synthesize(0.01), "s.ll")
    function = module.function("_ZTS7Kernel3")
    assert function is not None
    assert assert_same_edits(function.text, _KERNEL_STEPS)


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_real_definitions(name: str) -> None:
    for function in load(name).functions():
        if not function.is_definition:
            continue
        for needle in ("getelementptr", "%", "call", "store", "ret"):
            steps: list[Step] = [
                ("find", needle, ""),
                ("insert", "", "%n.new = add i32 0, 0"),
                ("replace", "%0", "%n.new"),
                ("find", "%n.new", ""),
                ("insert", "x", "call void @g(ptr %n.new)"),
                ("remove", "", ""),
                ("replace", "%1", "%n.new"),
                ("contains", "%n.new", ""),
            ]
            assert_same_edits(function.text, steps)


_BODY_LINES = st.sampled_from(
    [
        "  %a = load i32, ptr %p, align 4",
        "  %b = add i32 %a, 1 ; %a in a comment",
        '  call void @f(ptr @"%a s", i32 %a) ; "q"',
        "  store i32 %b, ptr %p",
        "label:",
        "%named.1:",
        "; a comment with %a",
        "",
        "  ",
        "  %c = getelementptr inbounds [4 x i32], ptr %p, i64 0, i64 %a",
        "  switch i32 %a, label %x [",
        "    i32 0, label %y",
        "  ]",
        "  %lp = landingpad { ptr, i32 }",
        "          cleanup",
        "  catch ptr null",
        "  %d = phi i32 [ %a, %e ], [ 0, %f ]",
        "  br label %a",
        "  %a.1 = bitcast ptr %a to ptr\r",
        "  ret void",
    ]
)
_NEEDLES = st.sampled_from(["%a", "%b", "load", "label", "%c", "@f", "cleanup", "[", "%a.1"])
_STEPS = st.lists(
    st.tuples(
        st.sampled_from(["find", "find", "insert", "replace", "contains", "fresh", "header"]),
        _NEEDLES,
        st.sampled_from(["%a", "%new", "%a.2", "call void @g(ptr %a)"]),
    ),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_BODY_LINES, max_size=12), _STEPS, st.booleans())
def test_random_bodies(lines: list[str], steps: list[Step], closed: bool) -> None:
    body = "".join(f"{line}\n" for line in lines)
    text = f"define void @k(ptr %p) #0 {{\n{body}{'}' if closed else ''}\n"
    event("pinned" if assert_same_edits(text, steps) else "split")
