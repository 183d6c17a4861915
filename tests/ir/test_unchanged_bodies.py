"""Stubbing the bodies an edit left alone: a stubbed output that verifies means the whole
output verifies (given a valid input), and an edit a body could observe is verified whole."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from propslower.ir.unchanged_bodies import ModuleLayout, stub_unchanged_bodies
from propslower.ir.verify import llvmlite_outcome

BASE = """\
target datalayout = "e-p:64:64"

%struct.S = type { i32, i32 }

@g = addrspace(1) global i32 0, align 4
@h = global %struct.S zeroinitializer, align 4

define void @callee(ptr %p) #0 {
entry:
  store i32 1, ptr %p, align 4
  ret void
}

define void @k(ptr addrspace(1) %q) #0 {
entry:
  %v = load i32, ptr addrspace(1) @g, align 4
  %f = getelementptr inbounds %struct.S, ptr @h, i32 0, i32 1
  call void @callee(ptr %f) #1
  store i32 %v, ptr addrspace(1) %q, align 4, !tbaa !0
  ret void
}

define i32 @plain(i32 %x) {
entry:
  %y = add i32 %x, 1
  ret i32 %y
}

attributes #0 = { nounwind }
attributes #1 = { nounwind }

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"tbaa root"}
"""

Edit = tuple[str, str, str]
"""Replace the first text with the second, and append the third to the module."""

BENIGN: dict[str, Edit] = {
    "string attribute and attachment on a kernel": (
        "define void @k(ptr addrspace(1) %q) #0 {",
        'define void @k(ptr addrspace(1) "sycl-x"="1" %q) #0 !sycl_used_aspects !10 {',
        "!10 = !{i32 5}\n",
    ),
    "a group with the same attributes and a string one": (
        "define void @callee(ptr %p) #0 {",
        "define void @callee(ptr %p) #2 {",
        'attributes #2 = { nounwind "sycl-y" }\n',
    ),
    "a global's decoration and string-only group": (
        "@g = addrspace(1) global i32 0, align 4",
        "@g = addrspace(1) global i32 0, align 4, !spirv.Decorations !11 #3",
        '!11 = !{!12}\n!12 = !{i32 6147, i32 1}\nattributes #3 = { "sycl-host-access"="read" }\n',
    ),
    "new named metadata": ("", "", "!sycl.things = !{!2}\n"),
    "an edited body": ("%y = add i32 %x, 1", "%y = add i32 %x, 2", ""),
}
OBSERVABLE: dict[str, Edit] = {
    "a used global removed": ("@h = global %struct.S zeroinitializer, align 4\n", "", ""),
    "a used type changed": ("%struct.S = type { i32, i32 }", "%struct.S = type { i32 }", ""),
    "a used metadata node changed": ("!0 = !{!1, !1, i64 0}", '!0 = !{!"broken"}', ""),
    "a group redefined": ("", "", "attributes #1 = { noreturn }\n"),
    "module flags added": ("", "", '!llvm.module.flags = !{!13}\n!13 = !{i32 1, !"x", i32 1}\n'),
    "nvvm annotations added": (
        "",
        "",
        '!nvvm.annotations = !{!14}\n!14 = !{ptr @k, !"kernel", i32 1}\n',
    ),
    "a parameter retyped": ("define void @k(ptr addrspace(1) %q)", "define void @k(ptr %q)", ""),
    "an enum attribute added": (
        "define i32 @plain(i32 %x) {",
        "define i32 @plain(i32 %x) noinline {",
        "",
    ),
    "a group's enum attributes changed": (
        "attributes #0 = { nounwind }",
        "attributes #0 = { nounwind noinline }",
        "",
    ),
    "a global moved to another address space": (
        "@g = addrspace(1) global",
        "@g = addrspace(3) global",
        "",
    ),
    "an intrinsic declared": ("", "", "declare void @llvm.trap() noreturn\n"),
    "a function removed": (
        "define i32 @plain(i32 %x) {\nentry:\n  %y = add i32 %x, 1\n  ret i32 %y\n}\n",
        "",
        "",
    ),
    "an invalid edited body": ("%y = add i32 %x, 1", "%y = add i64 %x, 1", ""),
    "a debug location's subprogram added": (
        "define void @callee(ptr %p) #0 {",
        "define void @callee(ptr %p) #0 !dbg !20 {",
        '!20 = distinct !DISubprogram(name: "callee", unit: !21)\n'
        "!21 = distinct !DICompileUnit(language: DW_LANG_C99, file: !22, emissionKind: FullDebug)\n"
        '!22 = !DIFile(filename: "a.c", directory: "/")\n',
    ),
}
EDITS = {**BENIGN, **OBSERVABLE}


def edited(names: list[str]) -> str:
    text = applied(names)
    assert text is not None
    return text


def applied(names: list[str]) -> str | None:
    """The base with the named edits, or ``None`` when one's text was rewritten by another."""
    text = BASE
    for name in names:
        old, new, appended = EDITS[name]
        if old not in text:
            return None
        text = text.replace(old, new, 1) + appended
    return text


def stubbed(text: str) -> str | None:
    base = ModuleLayout.of(BASE)
    assert base is not None
    return stub_unchanged_bodies(base, text, worth=0)


def test_the_base_is_valid() -> None:
    assert llvmlite_outcome(BASE) == ("ok", "")


def test_bodies_the_edit_kept_are_stubs_on_their_own_lines() -> None:
    text = edited(list(BENIGN))
    result = stubbed(text)
    assert result is not None
    assert result.count("\n") == text.count("\n")
    assert "store i32 %v" not in result and "store i32 1, ptr %p" not in result
    assert "%y = add i32 %x, 2" in result  # the edited body is read
    assert result.count("  unreachable\n") == 2
    for old, new in zip(text.split("\n"), result.split("\n"), strict=True):
        assert new in (old, "", "  unreachable")
    assert llvmlite_outcome(result) == ("ok", "")


@pytest.mark.parametrize("name", sorted(BENIGN))
def test_an_edit_no_body_observes_keeps_the_stubs(name: str) -> None:
    assert stubbed(edited([name])) is not None


@pytest.mark.parametrize("name", sorted(set(OBSERVABLE) - {"an invalid edited body"}))
def test_an_edit_a_body_may_observe_is_verified_whole(name: str) -> None:
    assert stubbed(edited([name])) is None


def test_an_invalid_edited_body_fails_with_the_stubs() -> None:
    result = stubbed(edited(["an invalid edited body"]))
    assert result is not None
    assert llvmlite_outcome(result)[0] == "parse"


@pytest.mark.parametrize(
    "marker",
    [
        "@p = global ptr blockaddress(@k, %entry)\n",
        "declare ptr @llvm.localrecover(ptr, ptr, i32)\n",
        'declare ptr @m(i64) "alloc-variant-zeroed"="calloc"\n',
    ],
)
def test_what_ties_bodies_together_is_verified_whole(marker: str) -> None:
    assert stubbed(edited(list(BENIGN)) + marker) is None


def test_a_group_the_input_defines_with_a_comment_is_not_defined_again() -> None:
    commented = BASE.replace("attributes #1 = { nounwind }", "attributes #1 = { nounwind } ; call")
    base = ModuleLayout.of(commented)
    assert base is not None
    text = edited(list(BENIGN)).replace(
        "attributes #1 = { nounwind }", "attributes #1 = { nounwind } ; call"
    )
    assert stub_unchanged_bodies(base, text, worth=0.0) is not None
    merged = text + "attributes #1 = { noreturn }\n"
    assert stub_unchanged_bodies(base, merged, worth=0.0) is None


def test_too_few_unchanged_bodies_are_not_worth_it() -> None:
    base = ModuleLayout.of(BASE)
    assert base is not None
    text = edited(list(BENIGN))
    assert stub_unchanged_bodies(base, text) is not None  # the two kept bodies: over 1/4
    padded = text + "".join(f"!{100 + n} = !{{i32 {n}}}\n" for n in range(100))
    assert stub_unchanged_bodies(base, padded) is None
    assert stub_unchanged_bodies(base, padded, worth=0.0) is not None


@pytest.mark.parametrize(
    "text",
    [
        "define void @f() {\r\n  ret void\r\n}\r\n",
        "define void @f(\n  i32 %x) {\n  ret void\n}\n",
        "define void @f() {\n  ret void\n",
    ],
)
def test_a_text_it_cannot_cut_has_no_layout(text: str) -> None:
    assert ModuleLayout.of(text) is None


def test_the_layout_reads_quoted_names_and_a_last_brace_without_line_break() -> None:
    text = 'define void @"f (x)"() {\n  ret void\n}\ndefine void @g() {\n  ret void\n}'
    layout = ModuleLayout.of(text)
    assert layout is not None
    assert sorted(layout.functions) == ['@"f (x)"', "@g"]
    header, start, end = layout.functions["@g"]
    assert header == "define void @g() {" and text[start:end] == "  ret void"


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(sorted(EDITS)), unique=True, max_size=5))
def test_a_stubbed_verdict_is_the_whole_verdict(names: list[str]) -> None:
    """From a valid input: the stubs verify exactly when the whole output does (they may
    not be written at all), and edits no body observes always keep them."""
    text = applied(names)
    assume(text is not None)
    assert text is not None
    result = stubbed(text)
    if set(names) <= set(BENIGN):
        assert result is not None
    if result is not None:
        assert (llvmlite_outcome(result)[0] == "ok") == (llvmlite_outcome(text)[0] == "ok")


def test_every_pair_of_edits_gives_the_whole_verdict() -> None:
    names = sorted(EDITS)
    checked = 0
    for first, second in itertools.combinations(names, 2):
        text = applied([first, second])
        result = None if text is None else stubbed(text)
        if text is None or result is None:
            continue
        whole, stubs = llvmlite_outcome(text)[0], llvmlite_outcome(result)[0]
        assert (stubs == "ok") == (whole == "ok"), (first, second)
        checked += 1
    assert checked >= 10
