"""Which types bring which aspects (docs/design/aspects.md), through real libclang parses."""

from pathlib import Path

import pytest

from .helpers import KERNEL_HEADER, functions_by_name, read_features, used

TYPES = """
namespace sycl {
namespace detail {
struct half_impl { float v; half_impl() = default; half_impl(float f) : v(f) {} operator float() const { return v; } };
}
using half [[__sycl_detail__::__uses_aspects__(has(aspect::fp16))]] = detail::half_impl;
class [[sycl_detail::uses_aspects(has(aspect::ext_intel_matrix))]] tile { int cells[4]; };
}
"""


def uses_of(tmp_path: Path, body: str, extra: str = "") -> set[str]:
    source = f"{KERNEL_HEADER}{TYPES}{extra}\nvoid f() {{ {body} }}\n"
    source += "void submit() { kernel<class K>([]() { f(); }); }\n"
    return used(read_features(tmp_path, source), "f")


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("sycl::half h = 1.0f; (void)h;", {"fp16"}),
        ("const sycl::half h{}; (void)h;", {"fp16"}),
        ("volatile sycl::half h{}; (void)h;", {"fp16"}),
        ("sycl::half array[4]; (void)array;", {"fp16"}),
        ("sycl::half *pointer = nullptr; (void)pointer;", {"fp16"}),
        ("sycl::half **nested[2] = {}; (void)nested;", {"fp16"}),
        ("sycl::detail::half_impl h; sycl::half &r = h; (void)r;", {"fp16"}),
        ("sycl::tile t; (void)t;", {"ext_intel_matrix"}),
        ("sycl::tile *tiles[3] = {}; (void)tiles;", {"ext_intel_matrix"}),
        ("double d = 0; (void)d;", {"fp64"}),
        ("float x = 2.5; (void)x;", {"fp64"}),  # a literal of type double
        ("float x = 2.5f; int i = 3; (void)x; (void)i;", set()),
        # the alias carries the aspect, not the class
        ("sycl::detail::half_impl plain; (void)plain;", set()),
    ],
)
def test_objects_of_a_type_and_its_compounds(tmp_path: Path, body: str, expected: set[str]) -> None:
    assert uses_of(tmp_path, body) == expected


def test_casts_and_temporaries(tmp_path: Path) -> None:
    assert uses_of(tmp_path, "float x = sycl::half(2.0f); (void)x;") == {"fp16"}
    assert uses_of(tmp_path, "(void)static_cast<sycl::half>(2.0f);") == {"fp16"}
    assert uses_of(tmp_path, "int x = 1; float y = (double)x; (void)y;") == {"fp64"}
    assert uses_of(tmp_path, "void *p = nullptr; (void)(sycl::half *)p;") == {"fp16"}


def test_derived_classes_and_members(tmp_path: Path) -> None:
    extra = """
struct Derived : sycl::tile { int more; };
struct Deeper : Derived {};
struct Holder { sycl::half value; };
struct Outer { Holder inner[2]; };
struct PointsAt { sycl::tile *tile; };
struct Cycle { Cycle *next; Holder holder; };
"""
    assert uses_of(tmp_path, "Deeper d; (void)d;", extra) == {"ext_intel_matrix"}
    assert uses_of(tmp_path, "Outer o{}; (void)o;", extra) == {"fp16"}
    assert uses_of(tmp_path, "PointsAt p{}; (void)p;", extra) == {"ext_intel_matrix"}
    assert uses_of(tmp_path, "Cycle c{}; (void)c;", extra) == {"fp16"}


def test_classes_with_double_members_use_fp64(tmp_path: Path) -> None:
    extra = "template <typename T> struct Box { T value; };\n"
    assert uses_of(tmp_path, "Box<double> b{}; (void)b;", extra) == {"fp64"}
    assert uses_of(tmp_path, "Box<float> b{}; (void)b;", extra) == set()


def test_atomic_ref_partial_specialization(tmp_path: Path) -> None:
    source = f"""{KERNEL_HEADER}
#include "sycl_aspects.hpp"
long wide(long a) {{ sycl::atomic_ref<long> r(a); return r.load(); }}
int narrow(int a) {{ sycl::atomic_ref<int> r(a); return r.load(); }}
int *pointer(int *a) {{ sycl::atomic_ref<int *> r(a); return r.load(); }}
double real(double a) {{ sycl::atomic_ref<double> r(a); return r.load(); }}
void submit() {{ kernel<class K>([]() {{ wide(1); narrow(1); pointer(nullptr); real(1); }}); }}
"""
    features = read_features(tmp_path, source)
    assert used(features, "wide") == {"atomic64"}
    assert used(features, "narrow") == set()
    assert used(features, "pointer") == {"atomic64"}  # pointers are 8 bytes on spir64
    assert used(features, "real") == {"atomic64", "fp64"}
    # the constructor shows atomic_ref<long>'s base: the note names the specialization
    use = functions_by_name(features)["wide"].uses[0]
    assert "which uses 'sycl::detail::atomic_ref_impl<long, 8>'" in use.reason


def test_alias_through_auto(tmp_path: Path) -> None:
    """``auto`` keeps no alias sugar but the alias's spelling, checked against the class."""
    extra = "sycl::half make();\n"
    assert uses_of(tmp_path, "auto h = make(); (void)h;", extra) == {"fp16"}
    assert uses_of(tmp_path, "auto h = sycl::detail::half_impl(); (void)h;", extra) == set()


def test_alias_through_template_parameters_is_not_seen(tmp_path: Path) -> None:
    """libclang 18 keeps no sugar for substituted template parameters: only the class is
    seen, so an alias-only decoration does not reach ``T copy`` with ``T = sycl::half``."""
    extra = "template <typename T> T twice(T t) { T copy = t; return copy; }\n"
    source = f"{KERNEL_HEADER}{TYPES}{extra}"
    source += "float f(float x) { return twice<sycl::half>(x); }\n"
    source += "void submit() { kernel<class K>([]() { f(1.0f); }); }\n"
    features = read_features(tmp_path, source)
    assert used(features, "twice") == set()
    callees = [c.callee for c in functions_by_name(features)["f"].calls]
    assert "_Z5twiceIN4sycl6detail9half_implEET_S3_" in callees
