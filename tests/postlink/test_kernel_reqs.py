from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.postlink.kernel_reqs import (
    KERNEL_REQS,
    EntryType,
    KernelRequirement,
    aspect_entry,
    decode_entries,
    kernel_reqs,
    sub_group_entry,
    work_group_entry,
)
from propslower.postlink.propset import read_prop, write_prop


def test_words_layout() -> None:
    prop_set = kernel_reqs(
        {"_ZTS1K": [aspect_entry(6, 1), work_group_entry((8, 4), 2), sub_group_entry(16, 3)]}
    )
    assert prop_set.name == KERNEL_REQS
    assert prop_set["_ZTS1K"].as_uint32_array() == (3, 0, 6, 1, 1, 2, 8, 4, 2, 2, 16, 3)


def test_empty_kernel() -> None:
    prop_set = kernel_reqs({"k": []})
    assert write_prop([prop_set]) == "[SYCL/kernel reqs]\nk=2|gAAAAAAAAAAAAAAA\n"


@pytest.mark.parametrize("words", [(), (1,), (1, 9, 0, 0), (1, 0, 6), (1, 1, 3, 8, 8), (0, 5)])
def test_malformed(words: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        decode_entries(words)


u32 = st.integers(0, 2**32 - 1)
entries = st.one_of(
    st.builds(aspect_entry, u32, u32),
    st.builds(work_group_entry, st.lists(u32, min_size=1, max_size=3), u32),
    st.builds(sub_group_entry, u32, u32),
)


@given(
    st.dictionaries(
        st.from_regex(r"_Z[A-Za-z0-9_]{1,12}", fullmatch=True), st.lists(entries, max_size=5)
    )
)
def test_round_trip(kernels: dict[str, list[KernelRequirement]]) -> None:
    prop_set = read_prop(write_prop([kernel_reqs(kernels)]), "f.prop").sets[0]
    decoded = {name: decode_entries(value.as_uint32_array()) for name, value in prop_set}
    assert decoded == kernels
    assert all(e.type in EntryType for es in decoded.values() for e in es)
