import pytest

from propslower.diagnostics import DiagnosticError
from propslower.ir.module import Module
from propslower.lowering.lower import apply_placements
from propslower.lowering.placements import (
    FunctionTarget,
    GlobalTarget,
    ParameterTarget,
    Placement,
)
from propslower.properties.model import Property, PropertyList
from propslower.properties.profiles import DESIGN, DPCPP
from propslower.properties.values import IntegerValue, NoValue, StringValue
from tests.lowering.helpers import DESIGN_EXAMPLES, module_of, verified


def props(**values: str | int | None) -> PropertyList:
    def value(v: str | int | None) -> StringValue | IntegerValue | NoValue:
        if v is None:
            return NoValue()
        return IntegerValue(v) if isinstance(v, int) else StringValue(v)

    return PropertyList(tuple(Property(k.replace("_", "-"), value(v)) for k, v in values.items()))


def test_global_gets_one_string_attribute_per_property() -> None:
    module = module_of(DESIGN_EXAMPLES / "global-opaque.ll")
    placement = Placement(
        GlobalTarget("dm1"), props(sycl_device_image_scope=None, sycl_host_access="read")
    )
    assert apply_placements(module, [placement], DESIGN) == []
    text = verified(module)
    assert "@dm1 = addrspace(1) global" in text
    assert module.attributes.strings_of_global(module.global_variable("dm1")) == {  # type: ignore[arg-type]
        "sycl-device-image-scope": None,
        "sycl-host-access": "read",
    }
    assert 'attributes #2 = { "sycl-device-image-scope" "sycl-host-access"="read" }' in text


def test_existing_global_group_is_extended_not_edited() -> None:
    module = module_of(DESIGN_EXAMPLES / "global-opaque.ll")
    apply_placements(module, [Placement(GlobalTarget("plain"), props(sycl_x=1))], DESIGN)
    text = verified(module)
    assert 'attributes #0 = { "unrelated"="kept" }' in text
    assert '{ "sycl-x"="1" "unrelated"="kept" }' in text


def test_function_attributes_do_not_touch_a_shared_group() -> None:
    module = module_of(DESIGN_EXAMPLES / "kernel_function-opaque.ll")
    placement = Placement(FunctionTarget("_ZTS8MyKernel"), props(sycl_sub_group_size=32))
    assert apply_placements(module, [placement], DESIGN) == []
    text = verified(module)
    helper = module.function("_Z6helperv")
    kernel = module.function("_ZTS8MyKernel")
    assert helper is not None and kernel is not None
    assert "sycl-sub-group-size" not in module.attributes.strings_of_function(helper)
    assert module.attributes.strings_of_function(kernel)["sycl-sub-group-size"] == "32"
    assert "attributes #0 = { convergent mustprogress" in text


def test_parameter_attributes_are_written_inline() -> None:
    module = module_of(DESIGN_EXAMPLES / "kernel_parameter-opaque.ll")
    placement = Placement(
        ParameterTarget("_ZTS8MyKernel", 1), props(sycl_no_alias=None, sycl_foo=32)
    )
    assert apply_placements(module, [placement], DESIGN) == []
    text = verified(module)
    assert 'ptr addrspace(1) noundef align 4 "sycl-no-alias" "sycl-foo"="32" %acc' in text


@pytest.mark.parametrize(("profile", "noalias"), [(DESIGN, False), (DPCPP, True)])
def test_restrict_adds_noalias_only_in_dpcpp(profile: object, noalias: bool) -> None:
    module = module_of(DESIGN_EXAMPLES / "kernel_parameter-typed.ll")
    placement = Placement(ParameterTarget("_ZTS8MyKernel", 1), props(sycl_restrict=None))
    apply_placements(module, [placement], profile)  # type: ignore[arg-type]
    text = verified(module)
    assert ("noalias" in text) is noalias


def test_same_value_again_is_a_no_op() -> None:
    module = module_of(DESIGN_EXAMPLES / "global-opaque.ll")
    placement = Placement(GlobalTarget("dm1"), props(sycl_host_access="read"))
    apply_placements(module, [placement], DESIGN)
    once = module.render()
    assert apply_placements(module, [placement], DESIGN) == []
    assert module.render() == once


def test_conflicting_value_names_the_entity_and_both_values() -> None:
    module = module_of(DESIGN_EXAMPLES / "global-opaque.ll")
    apply_placements(
        module, [Placement(GlobalTarget("dm1"), props(sycl_host_access="read"))], DESIGN
    )
    [error] = apply_placements(
        module, [Placement(GlobalTarget("dm1"), props(sycl_host_access="write"))], DESIGN
    )
    assert error.message == (
        'global \'@dm1\' already has "sycl-host-access"="read"; the property list gives '
        '"sycl-host-access"="write"'
    )


@pytest.mark.parametrize(
    ("placement", "message"),
    [
        (Placement(GlobalTarget("nope"), props(a=1)), "no global variable '@nope' in the module"),
        (Placement(FunctionTarget("nope"), props(a=1)), "no function '@nope' in the module"),
        (
            Placement(ParameterTarget("_ZTS8MyKernel", 5), props(a=1)),
            "'@_ZTS8MyKernel' has 2 parameters; there is no parameter 5",
        ),
    ],
)
def test_unknown_sites(placement: Placement, message: str) -> None:
    module = module_of(DESIGN_EXAMPLES / "kernel_parameter-opaque.ll")
    [error] = apply_placements(module, [placement], DESIGN)
    assert error.message == message


def test_declarations_cannot_take_function_properties() -> None:
    module = Module.parse("declare void @f()\n", "d.ll")
    [error] = apply_placements(module, [Placement(FunctionTarget("f"), props(a=1))], DESIGN)
    assert "only declared" in error.message


def test_escapes_in_values() -> None:
    module = module_of(DESIGN_EXAMPLES / "global-opaque.ll")
    apply_placements(module, [Placement(GlobalTarget("dm1"), props(k='say "hi" \\ bye'))], DESIGN)
    text = verified(module)
    assert '"k"="say \\22hi\\22 \\\\ bye"' in text
    variable = module.global_variable("dm1")
    assert variable is not None
    assert module.attributes.strings_of_global(variable)["k"] == 'say "hi" \\ bye'


def test_diagnostic_error_type_is_used() -> None:
    assert issubclass(DiagnosticError, Exception)
