"""``module.variables``: edits spliced into an unread global's text render as the item's would."""

from __future__ import annotations

import pytest

from propslower.ir.module import Module

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
