"""``spirv.irtext``: comparison keys of metadata operands."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from propslower.spirv.irtext import operand_key, tail_key

_OPERANDS = st.lists(
    st.text(alphabet=st.sampled_from(list('@"ptr i32 ,\t\n!{}7K')), max_size=12), max_size=5
)


@given(st.text(alphabet=st.sampled_from(list('@"ptr i32 ,\t!7K'))), _OPERANDS)
@example("ptr @K", ["i32 35", "i32 16"])
@example('void ()* @"K 1"', ["  i32\t35 "])
def test_a_key_is_its_first_operands_key_and_the_tail_key(first: str, rest: list[str]) -> None:
    whole = operand_key([first, *rest])
    assert whole == (f"{operand_key([first])}, {tail_key(rest)}" if rest else operand_key([first]))
