from __future__ import annotations

import pytest

from tests.ir.helpers import KERNEL, VALID_INPUTS, assert_verifies, load, reparse

OTHER = "_Z11read_secondR4Pair"


@pytest.mark.parametrize("name", VALID_INPUTS)
def test_add_to_global_creates_group_and_reference(name: str) -> None:
    module = load(name)
    counter = module.global_variable("counter")
    assert counter is not None
    assert module.attributes.strings_of_global(counter) == {}
    module.attributes.add_to_global(counter, {"sycl-host-access": "read", 'we"ird\\': "a\nb"})
    module.attributes.add_to_global(counter, {"sycl-init-mode": None})
    assert module.attributes.strings_of_global(counter) == {
        "sycl-host-access": "read",
        'we"ird\\': "a\nb",
        "sycl-init-mode": None,
    }
    parsed = assert_verifies(module)
    seen = [a.decode() for a in parsed.get_global_variable("counter").attributes]
    assert seen == ['"sycl-host-access"="read"', '"sycl-init-mode"', '"we"ird\\"="a\\0Ab"']
    again = reparse(module).global_variable("counter")
    assert again is not None
    assert reparse(module).attributes.strings_of_global(again)["sycl-host-access"] == "read"


@pytest.mark.parametrize("name", VALID_INPUTS)
def test_shared_function_group_is_never_edited_in_place(name: str) -> None:
    module = load(name)
    kernel = module.function(KERNEL)
    assert kernel is not None
    (shared,) = kernel.parsed_header.group_refs
    group = module.attribute_group(shared)
    assert group is not None
    before = group.text
    new_id = module.attributes.add_to_function(kernel, {"sycl-work-group-size": "8,4,2"})
    assert new_id != shared
    assert group.text == before
    assert kernel.parsed_header.group_refs == [new_id]
    strings = module.attributes.strings_of_function(kernel)
    assert strings["sycl-work-group-size"] == "8,4,2"
    assert strings["frame-pointer"] == "all"
    other = module.function(OTHER)
    if other is not None:
        assert other.parsed_header.group_refs == [shared]
        assert "sycl-work-group-size" not in module.attributes.strings_of_function(other)
    parsed = assert_verifies(module)
    attributes = " ".join(a.decode() for a in parsed.get_function(KERNEL).attributes)
    assert '"sycl-work-group-size"="8,4,2"' in attributes


def test_identical_groups_are_reused() -> None:
    module = load("clang19-sycl-annotated.ll")
    kernel = module.function(KERNEL)
    other = module.function(OTHER)
    assert kernel is not None
    assert other is not None
    first = module.attributes.add_to_function(kernel, {"k": "v"})
    second = module.attributes.add_to_function(other, {"k": "v"})
    assert first == second
    again = module.attributes.add_to_function(kernel, {"k": "v"})
    assert again == first
    assert module.render().count(f"attributes #{first} =") == 1


def test_function_without_group_gets_one() -> None:
    module = load("clang19-sycl-annotated.ll")
    declaration = module.symbols.declare("declare spir_func void @ext(ptr) local_unnamed_addr")
    module.attributes.add_to_function(declaration, {"sycl-x": "1"})
    assert declaration.text.startswith("declare spir_func void @ext(ptr) local_unnamed_addr #")
    assert_verifies(module)


@pytest.mark.parametrize("name", VALID_INPUTS)
def test_parameter_attributes(name: str) -> None:
    module = load(name)
    kernel = module.function(KERNEL)
    assert kernel is not None
    module.attributes.add_to_parameter(kernel, 0, {"sycl-alignment": "32"}, ["noalias"])
    module.attributes.add_to_parameter(kernel, 0, {"sycl-no-alias": None, "sycl-alignment": "64"})
    module.attributes.add_to_parameter(kernel, 2, {"sycl-x": 'q"'})
    header = kernel.parsed_header
    assert header.parameters[0].name == "%0"
    assert module.attributes.strings_of_parameter(kernel, 0) == {
        "sycl-alignment": "64",
        "sycl-no-alias": None,
    }
    assert [a.key for a in module.attributes.of_parameter(kernel, 0) if not a.is_string] == [
        "noundef",
        "noalias",
    ]
    parsed = assert_verifies(module)
    arguments = list(parsed.get_function(KERNEL).arguments)
    seen = [a.decode() for a in arguments[0].attributes]
    assert '"sycl-alignment"="64"' in seen
    assert "noalias" in seen
    assert '"sycl-x"="q\\22"' in [a.decode() for a in arguments[2].attributes]
