from __future__ import annotations

import pytest

from propslower.ir.lex import LexError, chunks, split_commas, type_end


def texts(source: str) -> list[str]:
    return [c.text for c in chunks(source)]


def test_chunks_group_brackets_and_keep_strings() -> None:
    assert texts('ptr addrspace(4) "k"="v;{" %x ; comment') == [
        "ptr",
        "addrspace",
        "(4)",
        '"k"',
        "=",
        '"v;{"',
        "%x",
    ]
    assert texts('{ i32, [2 x i8] } <{ i8 }> c"a\\22"') == [
        "{ i32, [2 x i8] }",
        "<{ i8 }>",
        'c"a\\22"',
    ]


def test_split_commas_is_top_level_only() -> None:
    source = 'i32 1, { i8, i8 } { i8 1, i8 2 }, ptr @"a,b"'
    pieces = [source[a:b] for a, b in split_commas(source)]
    assert pieces == ["i32 1", "{ i8, i8 } { i8 1, i8 2 }", 'ptr @"a,b"']
    assert split_commas("") == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("ptr addrspace(4) %x", "ptr addrspace(4)"),
        ("i32 addrspace(1)* %0", "i32 addrspace(1)*"),
        ("i8** %p", "i8**"),
        ("%struct.S* %p", "%struct.S*"),
        ('[2 x i8] c"a\\00"', "[2 x i8]"),
        ("void (i32)* @f", "void (i32)*"),
        ("{ ptr, i32 } zeroinitializer", "{ ptr, i32 }"),
        ('target("spirv.Image") %t', 'target("spirv.Image")'),
    ],
)
def test_type_end(source: str, expected: str) -> None:
    items = chunks(source)
    end = type_end(items, 0)
    assert source[: items[end - 1].end] == expected


@pytest.mark.parametrize("source", ["(a", "a)", '"abc', "[a}"])
def test_lex_errors_carry_offsets(source: str) -> None:
    with pytest.raises(LexError) as caught:
        chunks(source)
    assert 0 <= caught.value.offset < len(source)
