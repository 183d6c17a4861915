from __future__ import annotations

import pytest

from propslower.ir.constants import ConstantError, parse_constant, parse_value
from tests.ir.helpers import VALID_INPUTS, load


@pytest.mark.parametrize("name", [n for n in VALID_INPUTS if "annotated" in n])
def test_global_annotations_entries(name: str) -> None:
    module = load(name)
    annotations = module.global_variable("llvm.global.annotations")
    assert annotations is not None
    parts = annotations.parts
    assert parts.initializer is not None
    array = parse_value(parts.type_text, parts.initializer)
    assert array.kind == "array"
    (entry,) = array.elements
    assert entry.kind == "struct"
    function, annotation, file, line, args = entry.elements
    assert function.global_name == "_Z11kernel_likePiP4Pairi"
    assert line.value == 14
    strings = {}
    for ref in (annotation, file):
        assert ref.global_name is not None
        variable = module.global_variable(ref.global_name)
        assert variable is not None
        init = variable.parts.initializer
        assert init is not None
        strings[ref.global_name] = parse_value(variable.parts.type_text, init).data
    assert sorted(strings.values()) == [b"annotated.cpp\0", b"propslower:function\0"]
    assert args.global_name is not None
    args_global = module.global_variable(args.global_name)
    assert args_global is not None
    args_init = args_global.parts.initializer
    assert args_init is not None
    values = parse_value(args_global.parts.type_text, args_init)
    assert values.elements[0].global_name == ".str.4"
    assert values.elements[1].value == 1


def test_scalar_kinds() -> None:
    assert parse_constant("i32 -5").value == -5
    assert parse_constant("i1 true").value == 1
    assert parse_constant("float 2.000000e+00").kind == "float"
    assert parse_constant("double 0x3FF0000000000000").kind == "float"
    assert parse_constant("ptr null").kind == "special"
    assert parse_constant("{ i32, i32 } zeroinitializer").text == "zeroinitializer"
    assert parse_constant('ptr @"a b"').name == "a b"


def test_packed_struct_and_vector() -> None:
    packed = parse_constant("<{ i8, i32 }> <{ i8 1, i32 2 }>")
    assert packed.kind == "packed struct"
    assert [e.value for e in packed.elements] == [1, 2]
    vector = parse_constant("<2 x i32> <i32 1, i32 2>")
    assert vector.kind == "vector"


def test_nested_casts_and_geps() -> None:
    constant = parse_constant(
        "i8 addrspace(4)* addrspacecast (i8 addrspace(1)* getelementptr inbounds "
        "([3 x i8], [3 x i8] addrspace(1)* @.str, i64 0, i64 0) to i8 addrspace(4)*)"
    )
    assert constant.kind == "cast"
    assert constant.text == "addrspacecast"
    assert constant.to_type == "i8 addrspace(4)*"
    gep = constant.elements[0]
    assert gep.kind == "gep"
    assert gep.source_type == "[3 x i8]"
    assert gep.inbounds
    assert constant.global_name == ".str"
    offset = parse_constant("ptr getelementptr (i8, ptr @g, i64 4)")
    assert offset.global_name is None


@pytest.mark.parametrize("text", ["", "i32", "i32 (", "getelementptr"])
def test_bad_constants_raise_constant_error(text: str) -> None:
    with pytest.raises(ConstantError):
        parse_constant(text)
