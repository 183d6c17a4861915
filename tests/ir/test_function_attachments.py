"""Function metadata attachments on the header line: read, set, removed."""

from __future__ import annotations

import pytest

from propslower.ir.function_attachments import (
    header_attachments,
    remove_function_attachment,
    set_function_attachment,
)
from propslower.ir.functions import FunctionItem
from propslower.ir.module import Module
from propslower.ir.verify import verify_text

TEXT = """\
define void @f() #0 !a !0 !b !1 {
entry:
  ret void
}

declare !a !0 void @g()

attributes #0 = { nounwind }

!0 = !{i32 1}
!1 = !{i32 2}
"""


def function(module: Module, name: str) -> FunctionItem:
    found = module.function(name)
    assert found is not None
    return found


@pytest.mark.parametrize(
    ("name", "kind", "left"),
    [
        ("f", "a", {"!b": "!1"}),
        ("f", "b", {"!a": "!0"}),
        ("g", "a", {}),
    ],
)
def test_removing_one_attachment_keeps_the_others(
    name: str, kind: str, left: dict[str, str]
) -> None:
    module = Module(TEXT, "m.ll")
    item = function(module, name)
    assert remove_function_attachment(item, kind)
    assert header_attachments(item) == left
    assert verify_text(module.render(), "m.ll") == []


def test_removing_a_missing_attachment_changes_nothing() -> None:
    module = Module(TEXT, "m.ll")
    assert not remove_function_attachment(function(module, "f"), "c")
    assert module.render() == TEXT


def test_set_then_remove_round_trips() -> None:
    module = Module(TEXT, "m.ll")
    item = function(module, "f")
    set_function_attachment(item, "c", "!1")
    assert header_attachments(item)["!c"] == "!1"
    assert remove_function_attachment(item, "c")
    assert module.render() == TEXT
