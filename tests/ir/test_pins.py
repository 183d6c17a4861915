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


def _item(text: str, line: int = 7) -> FunctionItem:
    """A definition read from ``text`` (its body searched and edited by pins)."""
    item = FunctionItem(ItemKind.DEFINITION, "")
    item.offset, item.line = 0, line
    item._attach_source(text, len(text), "t.ll")
    return item


def _twins(text: str, line: int = 7) -> tuple[FunctionItem, FunctionItem]:
    """The same definition twice: one edited by pins, one split into lines first."""
    pinned, split = _item(text, line), _item(text, line)
    split.instructions()
    return pinned, split


def _run(item: FunctionItem, steps: list[Step], *, fused: bool = True) -> list[object]:
    """Apply ``steps``; what each returned, as comparable values (``fused``: ``redirect``
    and ``wrap`` by their own methods, else by the edits they stand for)."""
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
        elif operation in ("redirect", "wrap"):
            # the latest line found is what a lowering wraps: the fast path's case
            anchor = anchors[-1] if operation == "wrap" else anchors[len(other) % len(anchors)]
            name = "%r" if operation == "redirect" else None
            anchors.append(_wrap(item, anchor, needle, name, fused=fused))
            results.append(anchors[-1].text)
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


def _wrap(
    item: FunctionItem, anchor: Instruction, old: str, name: str | None, *, fused: bool
) -> Instruction:
    """``old`` wrapped after ``anchor`` in ``name`` (None: a fresh local); the new line."""
    definition = f"bitcast ptr {old} to ptr"
    if fused and name is None:
        name = item.wrap_value(anchor, old, "w", definition)
        return item.find_instructions(f"{name} = ")[0]
    if fused and name is not None:
        return item.insert_redirecting(anchor, f"{name} = {definition}", old, name)
    name = item.fresh_local("w") if name is None else name
    new = item.insert_after(anchor, f"{name} = {definition}")
    item.replace_uses_after(new, old, name)
    return new


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


def test_wrapping_a_field_pointer_is_the_edits_it_stands_for() -> None:
    module = Module(synthesize(0.01), "s.ll")
    function = module.function("_ZTS7Kernel3")
    assert function is not None
    steps: list[Step] = [("find", "%struct.Pair", ""), ("wrap", "%field", ""), ("wrap", "%p", "")]
    fused, plain = _item(function.text), _item(function.text)
    assert _run(fused, steps) == _run(plain, steps, fused=False)
    assert "%w.1" in fused.text


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
        st.sampled_from(
            ["find", "find", "insert", "replace", "redirect", "wrap", "contains", "fresh", "header"]
        ),
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


_SIMPLE_LINES = st.sampled_from(
    [
        "  %a = load i32, ptr %p, align 4",
        "  %b = add i32 %a, 1 ; %a in a comment",
        '  call void @f(ptr @"%a s", i32 %a) ; "q"',
        "  store i32 %b, ptr %p",
        "label:",
        "",
        "  %w = add i32 %a, %b",
        "  ret void",
    ]
)
_WRAP_STEPS = st.lists(
    st.tuples(
        st.sampled_from(["find", "wrap", "wrap", "redirect", "insert", "replace", "fresh"]),
        _NEEDLES,
        st.sampled_from(["%a", "%new", "%a.2", "call void @g(ptr %a)"]),
    ),
    max_size=8,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_SIMPLE_LINES, max_size=10), _WRAP_STEPS)
def test_fused_edits_are_the_edits_they_stand_for(lines: list[str], steps: list[Step]) -> None:
    body = "".join(f"{line}\n" for line in lines)
    text = f"define void @k(ptr %p) #0 {{\n{body}}}\n"
    fused, plain = _item(text), _item(text)
    assert _run(fused, steps) == _run(plain, steps, fused=False)
