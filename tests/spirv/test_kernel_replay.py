"""``spirv.kernel_replay``: what the replay takes for granted about names and keys."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from propslower.spirv.irtext import operand_key, printed_name
from propslower.spirv.kernel_replay import KernelReplays, reference_key_of

_NAMES = st.text(alphabet=st.sampled_from(list('Kk0_.$- "\\@é')), max_size=8)
_HEADS = st.sampled_from(["ptr ", "ptr addrspace(1) ", "void (i32)* ", "ptr  ", "@x ", ""])


@given(_HEADS, _NAMES)
@example("ptr ", "K")
@example("ptr ", "0x")
@example("void (i32)* ", "a b")
def test_a_reference_key_is_its_operand_key(head: str, name: str) -> None:
    printed = printed_name(f"@{name}")
    assert reference_key_of(head, printed) == operand_key((head + printed,))


def test_a_quoted_name_is_not_replayed() -> None:
    line = 'define spir_kernel void @"k 1"(i32 %a) #0 {\n'
    assert KernelReplays.split(line) is None
    assert KernelReplays.split(line.replace('@"k 1"', "@k1")) == (
        "define spir_kernel void ",
        "@k1",
        "(i32 %a) #0 {\n",
    )
