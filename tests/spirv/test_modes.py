"""``spirv.modes``: execution-mode keys, and modes added unindexed as if indexed."""

from __future__ import annotations

from functools import partial

from hypothesis import example, given
from hypothesis import strategies as st

from propslower.ir.module import Module
from propslower.spirv.lists import MetadataLists
from propslower.spirv.modes import ExecutionModes, NewMode, _prefix_key, _substitute
from tests.spirv.helpers import header


@given(st.text(alphabet=st.sampled_from(list("@k, i32"))), st.integers(0, 6))
@example("@K, i32 35, i32 16", 2)
@example("@K, , i32 1", 2)
def test_prefix_key_cuts_where_splitting_on_commas_does(key: str, length: int) -> None:
    assert _prefix_key(key, length) == ", ".join(key.split(", ")[:length])


_MODES = st.lists(
    st.tuples(
        st.sampled_from(["@K", "@L"]),
        st.sampled_from([("i32 35", "i32 16"), ("i32 35", "i32 8"), ("i32 17", "i32 1")]),
        st.sampled_from([None, 0]),
        st.booleans(),
    ),
    max_size=8,
)


def _add(
    modes: ExecutionModes, function: str, operands: tuple[str, ...], count: int | None
) -> None:
    prefix = None if count is None else f"{function}, {operands[0]}"
    modes.add((f"ptr {function}", *operands), f"{function}, {', '.join(operands)}", count, prefix)


@given(_MODES, st.booleans())
def test_modes_added_unindexed_end_as_modes_added_one_by_one(
    steps: list[tuple[str, tuple[str, ...], int | None, bool]], existing: bool
) -> None:
    text = header()
    if existing:
        text += "!spirv.ExecutionMode = !{!0}\n!0 = !{ptr @K, i32 35, i32 4}\n"
    one, other = Module.parse(text, "a.ll"), Module.parse(text, "b.ll")
    plain, fast = MetadataLists(one), MetadataLists(other)
    for function, operands, count, unindexed in steps:
        _add(plain.modes, function, operands, count)
        new: NewMode = (
            (f"ptr {function}", *operands),
            f"{function}, {', '.join(operands)}",
            count,
            None,
        )
        if not (
            unindexed
            and fast.modes.add_unindexed((function, function), [new[0]], partial(list, [new]))
        ):
            _add(fast.modes, function, operands, count)
    plain.finish()
    fast.finish()
    assert other.render() == one.render()


def _substitute_by_loop(refs: list[str], old: set[str], new: str) -> list[str]:
    """``_substitute`` as first written."""
    out: list[str] = []
    for ref in refs:
        if ref not in old:
            out.append(ref)
        elif new not in out:
            out.append(new)
    return out


_REFS = st.sampled_from(["!1", "!2", "!3", "!4", "!5"])


@given(st.lists(_REFS, max_size=8), st.sets(_REFS, max_size=3), _REFS)
@example(["!1", "!5", "!2"], {"!2"}, "!5")
@example(["!2", "!5", "!2"], {"!2"}, "!5")
def test_substitute_is_the_loop_it_replaces(refs: list[str], old: set[str], new: str) -> None:
    assert _substitute(refs, old, new) == _substitute_by_loop(refs, old, new)
