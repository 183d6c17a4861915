from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from propslower.ir.globals import GlobalItem, global_with_attachment, parse_global
from propslower.ir.module import Module
from tests.ir.helpers import ALL_INPUTS, load


def test_parts_of_a_global_with_everything() -> None:
    parts = parse_global(
        '@"a b" = internal addrspace(1) constant [2 x i8] c"\\22\\00", section "x;y", '
        "align 1, !spirv.Decorations !3 #2\n"
    )
    assert parts.name == '@"a b"'
    assert parts.linkage == "internal"
    assert parts.kind == "constant"
    assert parts.address_space == 1
    assert parts.type_text == "[2 x i8]"
    assert parts.initializer == 'c"\\22\\00"'
    assert parts.section == "x;y"
    assert parts.group_ref == 2
    assert parts.attachments == {"!spirv.Decorations": "!3"}


def test_external_declaration_has_no_initializer() -> None:
    parts = parse_global("@e = external addrspace(1) global ptr, align 8\n")
    assert parts.initializer is None
    assert parts.type_text == "ptr"


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_every_global_in_inputs_parses(name: str) -> None:
    for variable in load(name).globals():
        parts = variable.parts
        assert parts.name == variable.key
        assert parts.initializer
        assert parts.type_text


def test_quoted_and_numbered_names_are_indexed() -> None:
    module = load("clang19-sycl-annotated.ll")
    quoted = module.global_variable("quoted name; {x}")
    assert quoted is not None
    assert quoted.parts.address_space == 1


def test_inline_string_attributes_count_as_the_globals() -> None:
    module = Module.parse(
        '@g = addrspace(1) global i32 0, align 4 "sycl-host-access"="read" "k", section "s"\n'
        '@h = constant [2 x i8] c"a\\00", section "llvm.metadata"\n',
        "t.ll",
    )
    g, h = module.global_variable("g"), module.global_variable("h")
    assert g is not None and h is not None
    assert module.attributes.strings_of_global(g) == {"sycl-host-access": "read", "k": None}
    assert module.attributes.strings_of_global(h) == {}


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('@g = global i32 0, align 4 "abc"="xc"\n', {"abc": "xc"}),  # quotes after a 'c'
        ('@g = global %"a" zeroinitializer "k"\n', {"k": None}),
        ('@g = global i32 0 "k"\n', {"k": None}),  # one quoted token, and it is a key
        ('@"g" = global [1 x i8] c"\\22", align 1 "k"="@"\n', {"k": "@"}),
        ('@g = global %"a b" zeroinitializer, align 4\n', {}),
        ('@g = constant [2 x i8] c"a\\00", section "s", partition "p"\n', {}),
    ],
)
def test_inline_string_attributes_are_told_from_other_quoted_tokens(
    line: str, expected: dict[str, str | None]
) -> None:
    found = GlobalItem(line).inline_attributes
    assert {attribute.key: attribute.value for attribute in found} == expected


def test_an_attachment_goes_before_inline_attributes() -> None:
    text = '@g = global i32 0, align 4, !a !0"k"="v" #1\n'
    module = Module.parse(text + "!0 = !{}\n!1 = !{}\n", "t.ll")
    g = module.global_variable("g")
    assert g is not None
    assert g.parts.attachments == {"!a": "!0"}
    g.set_attachment("!b", "!1")
    assert g.text == '@g = global i32 0, align 4, !a !0, !b !1"k"="v" #1\n'


def test_set_initializer_keeps_everything_around_it() -> None:
    item = GlobalItem(
        "@llvm.global.annotations = appending global [2 x { ptr, i32 }] [{ ptr, i32 } "
        '{ ptr @a, i32 1 }, { ptr, i32 } { ptr @b, i32 2 }], section "llvm.metadata"',
        key="@llvm.global.annotations",
    )
    item.set_initializer("[{ ptr, i32 } { ptr @b, i32 2 }]", "[1 x { ptr, i32 }]")
    assert item.text == (
        "@llvm.global.annotations = appending global [1 x { ptr, i32 }] "
        '[{ ptr, i32 } { ptr @b, i32 2 }], section "llvm.metadata"'
    )
    item.set_initializer("zeroinitializer")
    assert item.parts.initializer == "zeroinitializer"
    assert item.parts.type_text == "[1 x { ptr, i32 }]"


_GROUP_AT_END = re.compile(r"\s#\d+\s*$")


def _with_attachment_by_regex(text: str, kind: str, ref: str) -> str | None:
    """``global_with_attachment`` as first written, with one regex for the closing group."""
    group = _GROUP_AT_END.search(text)
    if group is None or "\n" in text.rstrip() or "!" in text[group.start() :]:
        return None
    if _GROUP_AT_END.search(text, 0, group.start() + 1) is not None:
        return None
    at = group.start()
    return f"{text[:at]}, {kind} {ref}{text[at:]}"


@given(st.text(alphabet=st.sampled_from(list("@g = i32 0#17,!;\n\t\x1c\x85\xa0\u2028\u0663\xb2x"))))
@example("@g = global i32 0, align 4 #4\n")
@example("@g = global i32 0 #0 #1\n")
@example("@g = global i32 0 #\u0663\n")
@example("@g = global i32 0\x1c#2\x85\n")
@example("@g = global i32 0, !k !1 #2\n")
def test_splicing_an_attachment_finds_the_group_as_the_regex_does(text: str) -> None:
    kind, ref = "!spirv.Decorations", "!9"
    assert global_with_attachment(text, kind, ref) == _with_attachment_by_regex(text, kind, ref)
