"""``spirv.lists``: merging into SPIR-V lists, where a new value replaces an old entry."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.module import Module
from propslower.spirv.lists import MetadataLists, _merge
from tests.spirv.helpers import header

BL7 = ("i32 5921", "i32 7")
BL2 = ("i32 5921", "i32 2")
BANKS = ("i32 5827", "i32 8")


def _existing(*entries: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
    return [(entry, f"!{i}") for i, entry in enumerate(entries)]


def test_merge_replaces_in_place_what_the_new_entry_matches_on_its_key() -> None:
    merged = _merge(_existing(BL7, BANKS), [BL2], [0])
    assert merged == ([(BL2, None), (BANKS, "!1")], 1)


def test_merge_of_what_is_there_changes_nothing() -> None:
    assert _merge(_existing(BL2, BANKS), [BL2, BANKS], [0, 0]) is None


def test_merge_drops_an_old_value_beside_the_new_one() -> None:
    merged = _merge(_existing(BL7, BL2), [BL2], [0])
    assert merged == ([(BL2, "!1")], 1)


def test_repeatable_entries_merge() -> None:
    first, second = ("i32 6", '!"a"'), ("i32 6", '!"b"')
    assert _merge(_existing(first), [second], [None]) == ([(first, "!0"), (second, None)], 1)
    assert _merge(_existing(first), [second], None) == ([(first, "!0"), (second, None)], 1)


def test_key_operands_one_replaces_per_first_operand() -> None:
    level0, level1 = ("i32 6442", "i32 0", "i32 1"), ("i32 6442", "i32 1", "i32 1")
    new0 = ("i32 6442", "i32 0", "i32 3")
    merged = _merge(_existing(level0, level1), [new0], [1])
    assert merged == ([(new0, None), (level1, "!1")], 1)


def _kernel_module(metadata: str) -> Module:
    text = (
        header()
        + "define spir_kernel void @K(i32 %n, ptr addrspace(1) %a) !spirv.ParameterDecorations !3 {\n"
        + "  ret void\n}\n"
        + "@g = addrspace(1) global i32 0, !spirv.Decorations !2\n"
        + metadata
    )
    return Module.parse(text, "in.ll")


METADATA = (
    "!spirv.ExecutionMode = !{!4, !5}\n"
    "!0 = !{i32 5921, i32 7}\n!1 = !{}\n!2 = !{!0}\n!3 = !{!1, !2}\n"
    "!4 = !{ptr @K, i32 35, i32 8}\n!5 = !{ptr @K, i32 4462, i32 32}\n"
)


def test_parameter_decoration_with_a_new_value_replaces_the_old() -> None:
    module = _kernel_module(METADATA)
    lists = MetadataLists(module)
    kernel = module.function("K")
    assert isinstance(kernel, FunctionItem)
    assert lists.extend_parameters(kernel, 2, {1: [BL2]}, {1: [0]}) == 1
    again = lists.extend_parameters(kernel, 2, {1: [BL2]}, {1: [0]})
    assert again == 0
    lists.finish()
    ref = lists.attachment(kernel, "!spirv.ParameterDecorations")
    params = [lists.operands(child) for child in lists.operands(ref) or ()]
    assert [[lists.operands(e) for e in p or ()] for p in params] == [[], [BL2]]


def test_global_decoration_with_a_new_value_replaces_the_old() -> None:
    module = _kernel_module(METADATA)
    lists = MetadataLists(module)
    variable = module.global_variable("g")
    assert isinstance(variable, GlobalItem)
    assert lists.extend_decorations(variable, [BL2, BANKS], [0, 0]) == 2
    ref = lists.attachment(variable, "!spirv.Decorations")
    assert [lists.operands(e) for e in lists.operands(ref) or ()] == [BL2, BANKS]


def test_execution_mode_with_a_new_value_replaces_the_old_in_place() -> None:
    module = _kernel_module(METADATA)
    lists = MetadataLists(module)
    assert lists.add_execution_mode(["ptr @K", "i32 35", "i32 16"], key_operands=0)
    assert not lists.add_execution_mode(["ptr @K", "i32 35", "i32 16"], key_operands=0)
    assert lists.add_execution_mode(["ptr @K", "i32 4462", "i32 16"], key_operands=1)
    lists.finish()
    refs = module.metadata.named("spirv.ExecutionMode")
    assert [lists.operands(r) for r in refs] == [
        ("ptr @K", "i32 35", "i32 16"),
        ("ptr @K", "i32 4462", "i32 32"),
        ("ptr @K", "i32 4462", "i32 16"),
    ]


def test_execution_mode_added_this_run_is_replaced_too() -> None:
    module = _kernel_module("")
    lists = MetadataLists(module)
    lists.add_execution_mode(["ptr @K", "i32 35", "i32 8"], key_operands=0)
    lists.add_execution_mode(["ptr @K", "i32 17", "i32 1", "i32 1", "i32 1"], key_operands=0)
    lists.add_execution_mode(["ptr @K", "i32 35", "i32 16"], key_operands=0)
    lists.finish()
    refs = module.metadata.named("spirv.ExecutionMode")
    assert [lists.operands(r) for r in refs] == [
        ("ptr @K", "i32 35", "i32 16"),
        ("ptr @K", "i32 17", "i32 1", "i32 1", "i32 1"),
    ]


def test_repeatable_execution_modes_are_kept_beside_each_other() -> None:
    module = _kernel_module(METADATA)
    lists = MetadataLists(module)
    assert lists.add_execution_mode(["ptr @K", "i32 35", "i32 16"])
    lists.finish()
    assert module.metadata.named("spirv.ExecutionMode") == ["!4", "!5", "!6"]


_ENTRY = st.sampled_from([BL7, BL2, BANKS, ("i32 44", "i32 8"), ("i32 6147", '!"g"')])


@given(st.lists(st.lists(_ENTRY, max_size=3), max_size=6))
def test_lists_made_in_one_batch_are_the_lists_made_one_by_one(
    batch: list[list[tuple[str, ...]]],
) -> None:
    text = header() + "!0 = !{i32 44, i32 8}\n!1 = !{!0}\n"
    one, many = Module.parse(text, "a.ll"), Module.parse(text, "b.ll")
    lists = MetadataLists(one)
    expected = []
    for entries in batch:
        new = list(dict.fromkeys(entries))
        expected.append(lists.node([lists.node(e) for e in new]) if new else None)
    lists.finish()
    batched = MetadataLists(many)
    assert batched.decorations_lists(batch) == expected
    batched.finish()
    assert many.render() == one.render()
