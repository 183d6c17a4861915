"""The annotate spec built from reader records."""

import yaml

from propslower.frontend.reader import read
from propslower.frontend.records import PropertyRecord
from propslower.frontend.spec import build_spec, spec_yaml
from propslower.properties.model import Property, PropertyList, Site
from propslower.properties.values import IntegerValue, NoValue, StringValue

from .helpers import EXAMPLES


def record(site: Site, name: str, index: int | None, *props: Property) -> PropertyRecord:
    return PropertyRecord(site, name, index, PropertyList(props))


def test_shape_and_yaml_text() -> None:
    records = [
        record(
            Site.GLOBAL_VARIABLE,
            "dm1",
            None,
            Property("sycl-device-image-scope", StringValue("")),
            Property("sycl-host-access", StringValue("read")),
        ),
        record(
            Site.FUNCTION, "_ZTS8MyKernel", None, Property("sycl-sub-group-size", IntegerValue(32))
        ),
        record(
            Site.KERNEL_PARAMETER,
            "_ZTS8MyKernel",
            1,
            Property("sycl-buffer-location", IntegerValue(3)),
        ),
        record(Site.MEMBER, "S::p", None, Property("sycl-alignment", NoValue())),
    ]
    assert build_spec(records) == {
        "globals": {"dm1": {"sycl-device-image-scope": None, "sycl-host-access": "read"}},
        "functions": {"_ZTS8MyKernel": {"sycl-sub-group-size": "32"}},
        "kernel_parameters": {"_ZTS8MyKernel": {1: {"sycl-buffer-location": "3"}}},
    }
    assert spec_yaml(records) == (
        "globals:\n"
        "  dm1: {sycl-device-image-scope: null, sycl-host-access: read}\n"
        "functions:\n"
        "  _ZTS8MyKernel: {sycl-sub-group-size: '32'}\n"
        "kernel_parameters:\n"
        "  _ZTS8MyKernel:\n"
        "    1: {sycl-buffer-location: '3'}\n"
    )


def test_long_and_odd_names_round_trip() -> None:
    records = [
        record(Site.FUNCTION, "_Z" + "x" * 3000, None, Property("a", IntegerValue(1))),
        record(Site.KERNEL_PARAMETER, "_Z" + "y" * 3000, 0, Property("b", NoValue())),
        record(Site.GLOBAL_VARIABLE, "odd name: #1", None, Property("c", StringValue("x: y"))),
    ]
    assert yaml.safe_load(spec_yaml(records)) == build_spec(records)


def test_combined_example_round_trips() -> None:
    records = read(EXAMPLES / "combined.cpp").records
    spec = build_spec(records)
    assert set(spec) == {"globals", "functions", "kernel_parameters"}
    assert spec["globals"] == {
        "counter": {"sycl-device-image-scope": None, "sycl-host-access": "read_write"}
    }
    assert yaml.safe_load(spec_yaml(records)) == spec


def test_empty() -> None:
    assert build_spec([]) == {}
    assert spec_yaml([]) == ""
