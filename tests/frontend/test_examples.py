"""The reader on each example program: exact property lists, kernels and externals."""

from propslower.frontend.reader import read
from propslower.properties.model import Property, PropertyList, Site
from propslower.properties.values import (
    BoolValue,
    EnumeratorValue,
    IntegerValue,
    NullptrValue,
    PropertyValue,
    StringValue,
)

from .helpers import EXAMPLES

NS = "sycl::ext::oneapi::experimental::"
KERNEL_ENTRY = "_ZN4sycl3ext6oneapi12experimental12kernel_entryI"
KERNEL_ENTRY_ARGS = "_ZN4sycl3ext6oneapi12experimental17kernel_entry_argsI"


def plist(*items: tuple[str, PropertyValue]) -> PropertyList:
    return PropertyList(tuple(Property(name, value) for name, value in items))


def test_global_variable() -> None:
    result = read(EXAMPLES / "global_variable.cpp")
    records = {r.ir_name: r for r in result.records}
    assert set(records) == {"dm1", "dm2"}
    assert all(r.site is Site.GLOBAL_VARIABLE and r.param_index is None for r in records.values())
    assert records["dm1"].properties == plist(
        ("sycl-device-image-scope", StringValue("")), ("sycl-host-access", StringValue("read"))
    )
    assert records["dm2"].properties == plist(
        ("sycl-init-mode", EnumeratorValue(f"{NS}init_mode_kind::reset", 1)),
        ("sycl-implement-in-csr", BoolValue(True)),
    )
    assert records["dm1"].attribute == "add_ir_global_variable_attributes"
    assert records["dm1"].span is not None and records["dm1"].span.file.endswith("sycl_props.hpp")
    assert [e.ir_name for e in result.externals] == ["_Z12read_globalsi"]
    assert result.kernels == ()


def test_kernel_parameter() -> None:
    result = read(EXAMPLES / "kernel_parameter.cpp")
    (record,) = result.records
    assert record.site is Site.KERNEL_PARAMETER
    assert record.ir_name.startswith(KERNEL_ENTRY_ARGS + "10CopyKernel4Copy")
    assert record.param_index == 1
    assert record.properties == plist(
        ("sycl-no-alias", StringValue("")), ("sycl-buffer-location", IntegerValue(3))
    )
    assert [k.ir_name for k in result.kernels] == [record.ir_name]


def test_function() -> None:
    result = read(EXAMPLES / "function.cpp")
    records = {r.ir_name: r for r in result.records}
    kernel = (
        "_ZN4sycl3ext6oneapi12experimental28kernel_entry_with_propertiesI8MyKernel4WorkJNS2_"
        "14sub_group_sizeILj32EEEEEEvNS2_14kernel_wrapperIT0_NS2_13property_listIJDpT1_EEEEE"
    )
    assert set(records) == {kernel, "_Z6helperPi"}
    assert records[kernel].properties == plist(
        ("sycl-sub-group-size", IntegerValue(32, signed=False))
    )
    assert records["_Z6helperPi"].properties == plist(
        ("sycl-sub-group-size", IntegerValue(16)), ("sycl-extra", NullptrValue())
    )
    assert str(records["_Z6helperPi"].span).endswith("function.cpp:19:3")
    assert [k.ir_name for k in result.kernels] == [kernel]
    assert [(e.ir_name, e.kernel) for e in result.entry_points] == [(kernel, "_ZTS8MyKernel")]
    assert [e.ir_name for e in result.externals] == ["_Z6helperPi"]


def test_member() -> None:
    result = read(EXAMPLES / "member.cpp")
    (record,) = result.records
    assert record.site is Site.MEMBER
    assert record.ir_name == (
        f"{NS}annotated_ptr<int, {NS}property_list<{NS}alignment<8>, {NS}buffer_location<1>>>::ptr_"
    )
    assert record.properties == plist(
        ("sycl-alignment", IntegerValue(8)), ("sycl-buffer-location", IntegerValue(1))
    )
    assert [e.ir_name for e in result.externals] == ["_Z4loadPi"]


def test_combined() -> None:
    result = read(EXAMPLES / "combined.cpp")
    by_site = {r.site: r for r in result.records}
    assert len(result.records) == 4
    assert by_site[Site.GLOBAL_VARIABLE].ir_name == "counter"
    assert by_site[Site.GLOBAL_VARIABLE].properties == plist(
        ("sycl-device-image-scope", StringValue("")),
        ("sycl-host-access", StringValue("read_write")),
    )
    assert by_site[Site.KERNEL_PARAMETER].param_index == 1
    assert by_site[Site.KERNEL_PARAMETER].properties == plist(
        ("sycl-buffer-location", IntegerValue(2))
    )
    assert by_site[Site.MEMBER].properties == plist(("sycl-alignment", IntegerValue(16)))
    assert by_site[Site.FUNCTION].properties == plist(
        ("sycl-sub-group-size", IntegerValue(16, signed=False))
    )
    assert len(result.kernels) == 2
    assert by_site[Site.KERNEL_PARAMETER].ir_name in {k.ir_name for k in result.kernels}
