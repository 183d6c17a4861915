from __future__ import annotations

import pytest

from propslower.ir.globals import GlobalItem, parse_global
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
