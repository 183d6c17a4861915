"""``module.function_texts``: attachments set on an unread function's text render as the item's
would, and the walk makes no item."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.ir.function_attachments import KindOrder
from propslower.ir.module import Module
from propslower.ir.strings import name_of
from propslower.ir.verify import verify_text

TEXT = """\
; a comment with !x !0
define void @f() #0 !a !0 !b !1 {
entry:
  call void @g(), !c !0
  ret void
}

define void @"q r"(i32 %x)
    #0 {
entry:
  ret void
}

declare !a !0 void @g()

declare void @h()

attributes #0 = { nounwind }

!0 = !{i32 1}
!1 = !{i32 2}
"""

KINDS = ("a", "b", "c", "d", "dbg", "intel_used_aspects")


def _edited(text: str, edits: list[tuple[int, str, str]], made: frozenset[int]) -> str:
    module = Module(text, "m.ll")
    order = KindOrder(module.source)
    functions = [function for function, _ in module.function_texts()]
    for index in made:
        functions[index % len(functions)].item()
    for index, kind, ref in edits:
        functions[index % len(functions)].set_attachment(kind, ref, order)
    return module.render()


def test_function_texts_are_the_functions_in_order() -> None:
    module = Module(TEXT, "m.ll")
    found = [(f.key, f.is_definition, text) for f, text in module.function_texts()]
    items = module.functions()
    assert found == [(i.key, i.is_definition, i.text) for i in items]
    assert [f.key for f, _ in Module(TEXT).function_texts()] == ["@f", '@"q r"', "@g", "@h"]


def test_walking_makes_no_item() -> None:
    module = Module(TEXT, "m.ll")
    functions = [function for function, _ in module.function_texts()]
    functions[0].set_attachment("intel_used_aspects", "!1")
    assert all(module.store.is_unmade(n) for n in range(module.store.count))
    assert functions[0].text.startswith("define void @f() #0 !a !0 !b !1 !intel_used_aspects !1 {")
    assert functions[0].item().text == functions[0].text


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.sampled_from(KINDS), st.sampled_from(("!0", "!1"))),
        max_size=6,
    ),
    st.frozensets(st.integers(0, 3)),
)
def test_text_and_item_edits_agree(edits: list[tuple[int, str, str]], made: frozenset[int]) -> None:
    expected = _edited(TEXT, edits, frozenset(range(4)))
    assert _edited(TEXT, edits, made) == expected
    assert verify_text(expected, "m.ll") == []


def test_functions_containing_are_the_definitions_holding_the_text_in_order() -> None:
    module = Module(TEXT, "m.ll")
    found = list(module.functions_containing("entry:"))
    assert [f.key for f in found] == ["@f", '@"q r"']  # declarations are not definitions
    assert all(f.unread and f.is_definition for f in found)
    assert [f.key for f in module.functions_containing("call void @g")] == ["@f"]
    assert module.function("q r") is not None  # its item, made
    assert [f.unread for f in module.functions_containing("entry:")] == [True, False]


def test_a_body_set_as_text_leaves_the_function_unread_and_renders_as_the_item_would() -> None:
    module = Module(TEXT, "m.ll")
    first = next(iter(module.functions_containing("entry:")))
    first.set_body("entry:\n  ret void\n}\n")
    assert first.unread
    assert first.text == "define void @f() #0 !a !0 !b !1 {\nentry:\n  ret void\n}\n"
    rendered = module.render()
    assert "  call void @g(), !c !0\n" not in rendered
    assert first.item().text == first.text  # the item made later reads the new text
    assert verify_text(rendered, "m.ll") == []


def test_a_made_function_takes_a_body_as_text_under_its_edited_header() -> None:
    module = Module(TEXT, "m.ll")
    first = next(iter(module.functions_containing("entry:")))
    item = first.item()
    item.set_header_text("define void @f() #0 !a !0 {\n")
    assert (first.body_as_text, first.header_text) == (True, "define void @f() #0 !a !0 {\n")
    first.set_body("entry:\n  ret void\n}\n")
    assert first.text == "define void @f() #0 !a !0 {\nentry:\n  ret void\n}\n"
    assert item.find_instructions("ret")[0].text == "  ret void\n"
    assert not first.body_as_text  # a pinned line: the body is no longer text only
    assert verify_text(module.render(), "m.ll") == []


def test_the_body_span_names_the_source_text_a_body_still_is() -> None:
    module = Module(TEXT, "m.ll")
    first, second = (f for f, _ in module.function_texts() if f.is_definition)
    start = TEXT.index("define void @f")
    span = (start, TEXT.index("}\n", start) + 2)
    assert first.body_span() == span
    first.item().set_header_text("define void @f() {\n")  # the header does not count
    assert first.body_span() == span
    first.item().instructions()  # the body split into objects: maybe edited since
    assert first.body_span() is None
    second.set_body("entry:\n  ret void\n}\n")  # rewritten while unread
    assert second.unread and second.body_span() is None
    assert [f.number for f, _ in module.function_texts()] == sorted(
        f.number for f, _ in module.function_texts()
    )


def test_function_positions_follow_function_texts_through_edits() -> None:
    module = Module(TEXT, "m.ll")
    module.remove(module.functions()[2])  # @g
    module.symbols.declare("declare void @new()")
    order = [name_of(function.key or "") for function, _ in module.function_texts()]
    assert module.function_positions() == {name: i for i, name in enumerate(order)}
    assert set(order) == {"f", "q r", "h", "new"}


def test_a_body_set_on_an_item_numbers_its_lines_as_one_set_before_the_item_was_made() -> None:
    body = "entry:\n  %x = add i32 1, 2\n  ret void\n}\n"
    lines = []
    for made_first in (False, True):
        module = Module(TEXT, "m.ll")
        first = next(iter(module.functions_containing("entry:")))
        if made_first:
            first.item().set_header_text("define void @f() #0 {\n")
        first.set_body(body)
        [add] = first.item().find_instructions("add i32")
        lines.append(add.line)
    assert lines[0] == lines[1] == TEXT.count("\n", 0, TEXT.index("define void @f")) + 3
