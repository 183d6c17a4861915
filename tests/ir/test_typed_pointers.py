"""``typed_pointers``: the star-driven search agrees with one regex search over the whole text."""

from __future__ import annotations

import re

import pytest

from propslower.ir.verify import typed_pointers

_WHOLE = re.compile(r"(?:\bi\d+|\bfloat|\bdouble|\bhalf|[}>\]]|%[-\w.$]+)(?: addrspace\(\d+\))?\*")


@pytest.mark.parametrize(
    "text",
    [
        "define void @f(i8* %p) {\n  ret void\n}\n",
        "@g = global i32 addrspace(1)* null\n",
        "%struct.A = type { i32 }\ndeclare void @h(%struct.A*)\n",
        "declare void @h({ i32 }*)\n",
        "declare void @h([4 x i8]*)\n",
        "declare void @h(<2 x float>*)\n",
        "; a comment * with a star\ndefine void @f(ptr %p) {\n  ret void\n}\n",
        '@s = constant [3 x i8] c"a*b"\n',
        "%x = mul i32 %a, %b ; 2 * 3\n",
        "*\n*",
        "double*",
        "xi8*",
        "",
    ],
)
def test_agrees_with_a_whole_text_search(text: str) -> None:
    assert typed_pointers(text) == (_WHOLE.search(text) is not None)
