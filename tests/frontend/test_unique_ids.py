"""``"sycl-unique-id"`` on device globals, as DPC++'s clang writes it (clang/test/CodeGenSYCL
device_global tests: ``_Z1A``, ``THE_PREFIX____ZL1B``, ``_ZN3Foo1CE``, ...)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.frontend.records import PropertyRecord, UniqueGlobal
from propslower.frontend.unique_ids import translation_unit_prefix, unique_id, with_unique_ids
from propslower.properties.model import Property, PropertyList, Site
from propslower.properties.values import IntegerValue
from tests.conftest import CliRun, require_tool
from tests.frontend.helpers import cc_real_headers
from tests.profiles import every_profile_name

Cli = Callable[..., CliRun]
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]
DPCPP = Path(__file__).resolve().parents[2] / "examples" / "dpcpp"

MOCK = """\
#if __has_cpp_attribute(clang::sycl_external)
#define EXTERNAL [[clang::sycl_external]]
#else
#define EXTERNAL __attribute__((sycl_device))
#endif
template <typename T>
class [[__sycl_detail__::global_variable_allowed, __sycl_detail__::device_global]]
device_global { public: T value; };
template <typename T> class not_a_device_global { public: T value; };

device_global<int> A;
static device_global<int> B;
struct Foo { static device_global<int> C; };
device_global<int> Foo::C;
device_global<int> same_name;
namespace NS { device_global<int> same_name; }
template <typename T> device_global<T> templ_dev_global;
not_a_device_global<int> plain;

EXTERNAL int use() {
  return A.value + B.value + Foo::C.value + same_name.value + NS::same_name.value +
         templ_dev_global<int>.value + plain.value;
}

namespace { device_global<int> same_name; int anonymous() { return same_name.value; } }
EXTERNAL int use_anonymous() { return anonymous(); }
"""

EXPECTED = {
    "A": "_Z1A",
    "_ZL1B": "THE_PREFIX____ZL1B",
    "_ZN3Foo1CE": "_ZN3Foo1CE",
    "_ZN2NS9same_nameE": "_ZN2NS9same_nameE",
    "same_name": "_Z9same_name",
    "_Z16templ_dev_globalIiE": "_Z16templ_dev_globalIiE",
    "_ZN12_GLOBAL__N_19same_nameE": "THE_PREFIX____ZN12_GLOBAL__N_19same_nameE",
}
"""IR name → DPC++'s unique id (intel/llvm clang/test/CodeGenSYCL/device_global.cpp)."""


def test_external_names_are_always_mangled_internal_ones_prefixed() -> None:
    assert unique_id("A", internal=False, prefix="P") == "_Z1A"
    assert unique_id("_ZN3Foo1CE", internal=False, prefix="P") == "_ZN3Foo1CE"
    assert unique_id("_ZL1B", internal=True, prefix="THE_PREFIX") == "THE_PREFIX____ZL1B"


def test_the_prefix_is_deterministic_per_source_file(tmp_path: Path) -> None:
    first = translation_unit_prefix(tmp_path / "a.cpp")
    assert first == translation_unit_prefix(tmp_path / "a.cpp")
    assert re.fullmatch(r"uid[0-9a-f]{16}", first)
    assert first != translation_unit_prefix(tmp_path / "b.cpp")


def test_the_id_joins_an_existing_list_or_makes_its_own() -> None:
    size = Property("sycl-device-global-size", IntegerValue(4))
    records = [PropertyRecord(Site.GLOBAL_VARIABLE, "A", None, PropertyList((size,)))]
    globals_ = [UniqueGlobal("A", False), UniqueGlobal("_ZL1B", True)]
    merged = with_unique_ids(records, globals_, "P")
    assert [r.properties.ir_pairs() for r in merged] == [
        (("sycl-device-global-size", "4"), ("sycl-unique-id", "_Z1A")),
        (("sycl-unique-id", "P____ZL1B"),),
    ]
    assert with_unique_ids(merged, globals_, "P") == merged  # already there: unchanged


def _attributes(text: str) -> dict[str, str]:
    """Global IR name → the text of its attribute group."""
    groups = dict(re.findall(r"^attributes (#\d+) = \{ (.*) \}$", text, re.M))
    found = re.findall(r"^@([\w.$]+) = .* (#\d+)$", text, re.M)
    return {name: groups[group] for name, group in found}


@pytest.mark.integration
@every_profile_name
@pytest.mark.parametrize("version", ["19", "22"])
def test_every_device_global_gets_dpcpp_s_id(
    cli: Cli, tmp_path: Path, profile: str, version: str
) -> None:
    source = tmp_path / "device_global.cpp"
    source.write_text(MOCK)
    output = tmp_path / "out.ll"
    run = cli(
        "cc", "--profile", profile, "--sycl-unique-prefix", "THE_PREFIX", "--",
        require_tool(f"clang-{version}"), *DEVICE, "-S", "-emit-llvm", str(source),
        "-o", str(output),
    )  # fmt: skip
    assert run.status == 0, run.stderr
    attributes = _attributes(output.read_text())
    for name, expected in EXPECTED.items():
        assert attributes[name] == f'"sycl-unique-id"="{expected}"', name
    assert "plain" not in attributes


@pytest.mark.integration
def test_the_real_headers_device_global_is_decorated_for_the_translator(
    cli: Cli, dpcpp_include: Path, tmp_path: Path
) -> None:
    output = tmp_path / "dg.ll"
    run = cc_real_headers(
        cli, dpcpp_include, "clang-19", "device_global", output, "--spirv", "--profile", "dpcpp"
    )
    assert run.status == 0, run.stderr
    text = output.read_text()
    assert _attributes(text)["counter"] == (
        '"sycl-device-global-size"="4" "sycl-device-image-scope" "sycl-host-access"="0" '
        '"sycl-unique-id"="_Z7counter"'
    )
    assert '= !{i32 6147, i32 0, !"_Z7counter"}' in text
