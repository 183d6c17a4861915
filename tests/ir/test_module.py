from __future__ import annotations

import pytest

from propslower.ir.items import ItemKind
from propslower.ir.module import Module
from tests.ir.helpers import ALL_INPUTS, load


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_pointer_mode(name: str) -> None:
    assert load(name).opaque_pointers == (not name.startswith("clang15"))


def test_pointer_mode_ignores_strings() -> None:
    module = Module('@s = constant [4 x i8] c"ptr\\00"\n@p = global i32* null\n', "t.ll")
    assert not module.opaque_pointers


def test_new_items_go_next_to_their_kind() -> None:
    text = (
        "@g = global i32 0\n\ndefine void @f() #0 {\n  ret void\n}\n\n"
        "attributes #0 = { nounwind }\n\n!0 = !{}\n"
    )
    module = Module(text, "t.ll")
    module.symbols.string_constant("s")
    module.symbols.declare("declare void @d()")
    function = module.function("f")
    assert function is not None
    module.attributes.add_to_function(function, {"k": "v"})
    module.metadata.add_node(["i32 1"])
    kinds = [i.kind for i in module.items() if i.kind is not ItemKind.TRIVIA]
    assert kinds == [
        ItemKind.GLOBAL,
        ItemKind.GLOBAL,
        ItemKind.DEFINITION,
        ItemKind.DECLARATION,
        ItemKind.ATTRIBUTES,
        ItemKind.ATTRIBUTES,
        ItemKind.METADATA,
        ItemKind.METADATA,
    ]


def test_lookups() -> None:
    module = load("clang19-sycl-annotated.ll")
    assert module.function("missing") is None
    assert module.metadata_node("!999") is None
    assert module.metadata_node("x") is None
    assert module.has_global_name("_Z11kernel_likePiP4Pairi")
    assert module.functions()[0].key == "@_Z11kernel_likePiP4Pairi"
    assert str(module) == module.render()
