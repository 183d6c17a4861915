"""Each fast path of the IR reader gives what the general parse gives, on every real input."""

from __future__ import annotations

import pytest

from propslower.ir import body, headers
from propslower.ir import globals as ir_globals
from propslower.ir.body import Instruction
from tests.ir.helpers import ALL_INPUTS, load


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_simple_globals_parse_like_the_general_parser(name: str) -> None:
    fast = 0
    for variable in load(name).globals():
        text = variable.text
        end = len(text.rstrip())
        if ir_globals._SIMPLE.fullmatch(text, 0, end):
            fast += 1
        assert ir_globals.parse_global(text) == ir_globals._parse_global(text, end)
    assert fast > 0


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_headers_of_one_shape_share_a_parse(name: str) -> None:
    for function in load(name).functions():
        text = function.header_text
        general = headers._parse_header(text)
        assert headers.parse_header(text) == general
        renamed = text.replace(general.name, general.name + "_renamed_", 1)
        assert headers.parse_header(renamed) == headers._parse_header(renamed)


@pytest.mark.parametrize("name", ALL_INPUTS)
def test_simple_geps_parse_like_the_general_parser(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [
        i.text
        for f in load(name).functions()
        if f.is_definition
        for i in f.instructions()
        if "getelementptr" in i.text and i.opcode == "getelementptr"
    ]
    fast = [Instruction(t).gep() for t in texts]
    monkeypatch.setattr(body, "_simple_gep", lambda *_: None)
    general = [Instruction(t).gep() for t in texts]
    assert fast == general


def test_gep_with_constant_expression_takes_the_general_path() -> None:
    text = "  %p = getelementptr inbounds i8, ptr getelementptr (i8, ptr @g, i64 1), i64 2\n"
    gep = Instruction(text).gep()
    assert gep is not None
    assert gep.pointer.value.startswith("getelementptr (")
    assert [i.value for i in gep.indices] == ["2"]
