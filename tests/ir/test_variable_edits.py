"""``module.variables``: edits spliced into an unread global's text render as the item's would."""

from __future__ import annotations

import pytest

from propslower.ir.module import Module
from propslower.ir.strings import name_of

TEXT = (
    "@a = addrspace(1) global i32 0, align 4 #0\n"
    "@b = addrspace(1) global i32 0, !x !0 #0 ; note\n"
    "@c = alias i32, ptr addrspace(1) @a\n"
    "attributes #0 = { nounwind }\n"
    "attributes #1 = { nounwind }\n"
    "!0 = !{}\n"
)


def _edited(made: bool) -> str:
    module = Module(TEXT)
    for name in ("a", "b"):
        variable = module.variables.get(name)
        assert variable is not None
        if made:
            variable.item()
        assert variable.is_variable and variable.group_ref == 0
        variable.set_group_ref(1)
        module.metadata.append_attachment(variable, "!spirv.Decorations", "!0")
    return module.render()


@pytest.mark.parametrize("made", [False, True])
def test_text_and_item_edits_agree(made: bool) -> None:
    assert _edited(made) == _edited(not made)


def test_unread_globals_stay_unmade() -> None:
    module = Module(TEXT)
    names = [v.name for v in module.variables]
    assert names == ["@a", "@b", "@c"]
    alias = module.variables.get("c")
    assert alias is not None and not alias.is_variable
    _ = module.variables.get("a")
    variable = module.variables.get("a")
    assert variable is not None
    variable.set_group_ref(1)
    assert module.store.is_unmade(0)
    assert module.render().startswith("@a = addrspace(1) global i32 0, align 4 #1\n")


SHAPES = (
    "@a{n} = addrspace(1) global i32 0, align 4 #0\n",
    "@b{n} = addrspace(1) global i32 0, !x !0 #0 ; note\n",
    "@c{n} = alias i32, ptr addrspace(1) @a0\n",
    "@d{n} = addrspace(1) global i32 0, !spirv.Decorations !0 #0\n",
    "@e{n} = addrspace(1) global i32 0 #0 #0\n",
)


@pytest.mark.parametrize("made", [False, True])
def test_splices_in_one_call_render_as_one_at_a_time(made: bool) -> None:
    text = (
        "".join(shape.format(n=n) for n in range(2) for shape in SHAPES)
        + "attributes #0 = { nounwind }\n!0 = !{}\n"
    )
    one, batch = Module(text), Module(text)
    if made:
        one.variables.get("a1").item()  # type: ignore[union-attr]
        batch.variables.get("a1").item()  # type: ignore[union-attr]
    kind = "!spirv.Decorations"
    for variable in one.variables:
        if not variable.splice_attachment(kind, "!0"):
            one.metadata.append_attachment(variable, kind, "!0")
    edits = [(variable, "!0") for variable in batch.variables]
    left = batch.variables.splice_attachments(kind, edits)
    for variable, ref in left:
        batch.metadata.append_attachment(variable, kind, ref)
    assert 0 < len(left) < len(edits)
    assert batch.render() == one.render()


def test_named_globals_have_the_names_their_keys_give() -> None:
    text = "".join(shape.format(n=n) for n in range(2) for shape in SHAPES)
    text += '@"q 1" = global i32 0\n@b0 = global i32 1\n'
    module = Module(text + "attributes #0 = { nounwind }\n!0 = !{}\n")
    module.variables.get("a1").item()  # type: ignore[union-attr]
    module.variables.get("c0").set_group_ref(3)  # type: ignore[union-attr]
    named = [(variable.name, symbol) for variable, symbol in module.variables.named()]
    assert named == [(variable.name, name_of(variable.name)) for variable in module.variables]
    assert ('@"q 1"', "q 1") in named
