"""Which functions are device code, their names, calls, and the classes DPC++ lists."""

from pathlib import Path

from propslower.frontend.feature_model import TypeEntry

from .helpers import KERNEL_HEADER, functions_by_name, read_features

SOURCE = (
    KERNEL_HEADER
    + """
namespace lib {
class [[__sycl_detail__::__uses_aspects__(has(aspect::ext_intel_matrix))]] Tile { int c[4]; };
template <typename T> struct [[sycl_detail::uses_aspects(has(aspect::fp16))]] Templated {};
struct Plain {};
struct Ops { static double twice(double x) { return 2 * x; } };
}
double leaf(double x) { return lib::Ops::twice(x); }
double middle(double x) { return leaf(x) + leaf(x); }
double host_only(double x) { return x; }  // never called from device code
[[sycl::requires(has(aspect::fp64))]] double checked(double x) { return x; }  // not called
[[sycl::device_has(sycl::aspect::fp64)]] double external(double);
[[clang::sycl_external]] double exported(double x) { return middle(x) + external(x); }
void submit(double *out) {
  kernel<class K>([=]() { out[0] = middle(out[1]); lib::Tile t; (void)t; });
  out[2] = host_only(out[3]);
}
"""
)


def test_device_code_is_what_entry_points_and_allowed_lists_reach(tmp_path: Path) -> None:
    features = read_features(tmp_path, SOURCE)
    names = {f.name for f in features.functions}
    assert {"middle", "leaf", "lib::Ops::twice", "checked", "kernel", "exported"} <= names
    assert "host_only" not in names
    assert "submit" not in names


def test_calls_and_declarations(tmp_path: Path) -> None:
    functions = functions_by_name(read_features(tmp_path, SOURCE))
    assert [c.callee for c in functions["middle"].calls] == ["_Z4leafd"]
    assert [c.callee for c in functions["leaf"].calls] == ["_ZN3lib3Ops5twiceEd"]
    assert functions["leaf"].is_definition
    assert functions["lib::Ops::twice"].used_values == {6}
    declared = functions["external"]  # SYCL_EXTERNAL in another translation unit
    assert not declared.is_definition
    assert declared.allowed is not None
    assert declared.allowed.values == (6,)


def test_classes_dpcpp_lists_by_their_ir_names(tmp_path: Path) -> None:
    features = read_features(tmp_path, SOURCE)
    # templates are left out: clang names their instantiations with numeric suffixes
    assert features.types == (TypeEntry("class.lib::Tile", (58,)),)


def test_by_name_indexes_by_ir_name(tmp_path: Path) -> None:
    features = read_features(tmp_path, SOURCE)
    assert features.by_name()["_Z4leafd"].name == "leaf"
