"""The annotate spec built from reader records."""

from collections.abc import Callable
from pathlib import Path

import yaml

from propslower.frontend.reader import read
from propslower.frontend.records import PropertyRecord
from propslower.frontend.spec import build_spec, spec_yaml
from propslower.lowering.spec import read_spec
from propslower.properties.model import Property, PropertyList, Site
from propslower.properties.profiles import DESIGN
from propslower.properties.values import IntegerValue, NoValue, StringValue
from tests.conftest import CliRun

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


BYTES_SOURCE = """
[[__sycl_detail__::add_ir_function_attributes("k", "e", "q", "\\xff", "\\u00e9", "it's")]]
void helper(int *p) { *p = 1; }
[[__sycl_detail__::add_ir_function_attributes("k", "\\u00e9")]]
void other(int *p) { *p = 2; }
"""

BYTES_IR = """
define void @_Z6helperPi(ptr %p) {
  ret void
}

define void @_Z5otherPi(ptr %p) {
  ret void
}
"""


def test_values_that_are_not_text_are_written_as_attribute_text() -> None:
    """A spec mapping's values are text (UTF-8); bytes outside UTF-8 go as C++ literals."""
    records = [
        record(
            Site.FUNCTION,
            "f",
            None,
            Property("k", StringValue('\udcff\\"?')),
            Property("e", StringValue("\u00e9")),
            Property("n", NoValue()),
        ),
        record(Site.FUNCTION, "g", None, Property("e", StringValue("\u00e9"))),
        record(Site.KERNEL_PARAMETER, "h", 0, Property("b", StringValue("x\udc80'1"))),
    ]
    text = spec_yaml(records)
    assert text == (
        "functions:\n"
        '  f: \'"k", "e", "n", "\\377\\134\\042\\077", "\\303\\251", ""\'\n'
        '  g: {e: "\\xE9"}\n'
        "kernel_parameters:\n"
        "  h:\n"
        "    0: '\"b\", \"x\\200''1\"'\n"
    )
    placements = read_spec(text, "spec.yaml", DESIGN)
    assert [p.properties.ir_pairs() for p in placements] == [
        (("k", '\udcff\\"?'), ("e", "\u00e9"), ("n", None)),
        (("e", "\u00e9"),),
        (("b", "x\udc80'1"),),
    ]


def test_extract_then_annotate_keeps_every_byte(cli: Callable[..., CliRun], tmp_path: Path) -> None:
    source = tmp_path / "bytes.cpp"
    source.write_text(BYTES_SOURCE, encoding="utf-8")
    extracted = cli("extract", str(source))
    assert extracted.status == 0, extracted.stderr
    assert "\ufffd" not in extracted.stdout
    spec = tmp_path / "spec.yaml"
    spec.write_text(extracted.stdout, encoding="utf-8")
    module = tmp_path / "in.ll"
    module.write_text(BYTES_IR, encoding="utf-8")
    annotated = cli("annotate", str(module), "--props", str(spec))
    assert annotated.status == 0, annotated.stderr
    assert '"e"="\\C3\\A9" "k"="\\FF" "q"="it\'s"' in annotated.stdout
    assert '{ "k"="\\C3\\A9" }' in annotated.stdout
