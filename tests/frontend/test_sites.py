"""Which uses of a decorated class count (docs/design/lowering.md), and how kernels are recognised."""

from pathlib import Path

import pytest

from propslower.frontend.rules import property_list
from propslower.properties.model import PropertyList, Site

from .helpers import pairs, read_source

HEADER = """
struct P { static constexpr const char *meta_name = "sycl-p";
           static constexpr int meta_value = 1; };
template <typename... Ps> struct L {};
template <typename PL> struct G {};
template <typename... Ps>
struct [[__sycl_detail__::add_ir_global_variable_attributes(Ps::meta_name..., Ps::meta_value...)]]
G<L<Ps...>> { int v; };
template <typename PL> struct A {};
template <typename... Ps>
struct [[__sycl_detail__::add_ir_kernel_parameter_attributes(Ps::meta_name..., Ps::meta_value...)]]
A<L<Ps...>> { int *p; };
using g_t = G<L<P>>;
using a_t = A<L<P>>;
"""


def test_ignored_uses_give_no_record(tmp_path: Path) -> None:
    source = (
        HEADER
        + """
struct Holder { g_t member; a_t acc; };
Holder holder;                       // a member of another class
g_t *pointer;                        // a pointer, not the class
void plain(g_t by_value, a_t acc) {  // parameters of a non-kernel
  g_t local;                         // a local
  (void)local; (void)by_value; (void)acc;
}
a_t not_a_kernel_parameter_global;   // kernel-parameter class used as a global
"""
    )
    assert read_source(tmp_path, source).records == ()


def test_global_storage_variables_count(tmp_path: Path) -> None:
    source = (
        HEADER
        + """
g_t plain_global;
g_t array[2][3];
namespace ns { g_t in_namespace; }
struct S { static g_t member; };
g_t S::member;
int use() { static g_t local_static; return local_static.v; }
"""
    )
    found = pairs(read_source(tmp_path, source))
    names = {name for (_, name, _) in found}
    assert names == {
        "plain_global",
        "array",
        "_ZN2ns12in_namespaceE",
        "_ZN1S6memberE",
        "_ZZ3usevE12local_static",
    }
    assert all(value == (("sycl-p", "1"),) for value in found.values())


def test_a_class_shared_by_globals_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read_lists: list[str] = []

    def counted(*arguments: object) -> PropertyList:
        read_lists.append(str(arguments[0]))
        return property_list(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr("propslower.frontend.marker_readings.property_list", counted)
    source = HEADER + "g_t first;\ng_t second;\nnamespace ns { g_t third; }\n"
    found = pairs(read_source(tmp_path, source))
    assert found == {
        ("global_variable", name, None): (("sycl-p", "1"),)
        for name in ("first", "second", "_ZN2ns5thirdE")
    }
    assert read_lists == ["add_ir_global_variable_attributes"]


def test_kernel_spellings_and_parameter_indices(tmp_path: Path) -> None:
    source = (
        HEADER
        + """
template <typename N, typename F> __attribute__((sycl_kernel)) void old_kernel(F f) { (void)f; }
template <typename N, typename... Args>
[[clang::sycl_kernel_entry_point(N)]] void new_kernel(int x, Args... args) { (void)x; }
struct Launcher {
  template <typename N, typename... Args>
  [[clang::sycl_kernel_entry_point(N)]] void method_kernel(Args... args) {}
};
class K1; class K2; class K3;
void run(a_t a) {
  old_kernel<K1>(a);
  new_kernel<K2>(1, 2, a);
  Launcher{}.method_kernel<K3>(a);
}
"""
    )
    result = read_source(tmp_path, source)
    found = pairs(result)
    indices = {(name.split("I")[0], index) for (site, name, index) in found}
    assert all(site == Site.KERNEL_PARAMETER.value for (site, _, _) in found)
    assert indices == {
        ("_Z10old_kernel", 0),
        ("_Z10new_kernel", 2),
        ("_ZN8Launcher13method_kernel", 1),
    }
    assert len(result.kernels) == 3


def test_sycl_external_and_function_attributes(tmp_path: Path) -> None:
    source = """
#define SYCL_EXTERNAL [[clang::sycl_external]]
SYCL_EXTERNAL void declared_first();
void declared_first() {}
[[clang::sycl_external]] [[__sycl_detail__::add_ir_attributes_function("sycl-x", 5)]]
int external_with_props() { return 0; }
[[__sycl_detail__::__add_ir_function_attributes__("sycl-y", "v")]] inline void helper() {}
"""
    result = read_source(tmp_path, source)
    assert {e.ir_name for e in result.externals} == {
        "_Z14declared_firstv",
        "_Z19external_with_propsv",
    }
    records = {r.ir_name: r for r in result.records}
    assert records["_Z19external_with_propsv"].properties.ir_pairs() == (("sycl-x", "5"),)
    assert records["_Z19external_with_propsv"].attribute == "add_ir_attributes_function"
    assert records["_Z6helperv"].properties.ir_pairs() == (("sycl-y", "v"),)
    assert records["_Z6helperv"].attribute == "add_ir_function_attributes"


def test_dpcpp_spellings(tmp_path: Path) -> None:
    source = """
struct P { static constexpr const char *meta_name = "sycl-p";
           static constexpr auto meta_value = nullptr; };
template <typename... Ps>
struct [[__sycl_detail__::add_ir_attributes_global_variable(Ps::meta_name..., Ps::meta_value...)]]
D {};
template <typename... Ps> struct M {
  int *p [[__sycl_detail__::add_ir_annotations_member(Ps::meta_name..., Ps::meta_value...)]];
};
D<P> d;
int use(M<P> m) { return *m.p; }
"""
    result = read_source(tmp_path, source)
    found = pairs(result)
    assert found == {
        ("global_variable", "d", None): (("sycl-p", None),),
        ("member", "M<P>::p", None): (("sycl-p", None),),
    }
    assert {r.attribute for r in result.records} == {
        "add_ir_attributes_global_variable",
        "add_ir_annotations_member",
    }
