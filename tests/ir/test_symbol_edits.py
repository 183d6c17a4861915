from __future__ import annotations

import pytest

from propslower.ir.module import Module
from tests.ir.helpers import OPAQUE_INPUTS, assert_verifies, load


@pytest.mark.parametrize("name", OPAQUE_INPUTS)
def test_string_constants_are_reused_and_fresh(name: str) -> None:
    module = load(name)
    before = {g.key for g in module.globals()}
    field = module.symbols.string_constant("propslower:field")
    existing = module.global_variable(".str")
    assert existing is not None
    if existing.parts.address_space == 0:
        assert field is existing
    created = module.symbols.string_constant('sycl-properties:a="b\\c"', address_space=1)
    assert created.key not in before
    assert created.key is not None
    assert created.key.startswith("@.str")
    assert created.parts.address_space == 1
    assert created.parts.initializer == 'c"sycl-properties:a=\\22b\\\\c\\22\\00"'
    assert created.parts.type_text == "[24 x i8]"
    assert module.symbols.string_constant('sycl-properties:a="b\\c"', address_space=1) is created
    other = module.symbols.string_constant("x", section=None)
    assert other.key not in before | {created.key, field.key}
    assert other.parts.section is None
    assert_verifies(module)


def test_declare_is_idempotent_and_verifies() -> None:
    module = load("clang16-annotated.ll")
    text = "declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)"
    declared = module.symbols.declare(text)
    assert module.symbols.declare(text) is declared
    assert declared.parsed_header.name == "@llvm.ptr.annotation.p0.p0"
    assert module.render().count("@llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)") == 1
    fresh = module.symbols.declare("declare void @new_thing(i32)")
    assert module.function("new_thing") is fresh
    assert_verifies(module)


def test_remove_a_global() -> None:
    module = load("clang19-sycl-annotated.ll")
    message = module.global_variable("message")
    assert message is not None
    module.remove(message)
    assert module.global_variable("message") is None
    assert "@message" not in module.render()
    assert_verifies(module)


def test_fresh_global_names_skip_functions_too() -> None:
    module = Module("@a = global i32 0\ndeclare void @a.1()\n", "t.ll")
    assert module.symbols.fresh_global_name("a") == "a.2"
    assert module.symbols.fresh_global_name("b") == "b"
