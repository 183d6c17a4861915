"""What counts as a use in a body: potentially evaluated, not discarded (docs/design/aspects.md)."""

from pathlib import Path

import pytest

from .helpers import KERNEL_HEADER, functions_by_name, read_features, used

TYPES = """
namespace sycl {
namespace detail {
struct half_impl {
  float v;
  half_impl() = default;
  half_impl(float f) : v(f) {}
  operator float() const { return v; }
};
}
using half [[__sycl_detail__::__uses_aspects__(has(aspect::fp16))]] = detail::half_impl;
}
sycl::half make_half();
template <typename T> struct type_is {};
template <int N> int constant() { return N; }
"""


def uses_of(tmp_path: Path, body: str) -> set[str]:
    source = f"{KERNEL_HEADER}{TYPES}\nvoid f() {{ {body} }}\n"
    source += "void submit() { kernel<class K>([]() { f(); }); }\n"
    return used(read_features(tmp_path, source), "f")


@pytest.mark.parametrize(
    "body",
    [
        "(void)sizeof(sycl::half);",
        "(void)sizeof(make_half());",
        "(void)alignof(sycl::half);",
        "(void)noexcept(make_half());",
        "using H = decltype(make_half()); type_is<H> t; (void)t;",
        "typedef sycl::half H; (void)sizeof(H);",
        'static_assert(sizeof(sycl::half) == 4, "size");',
        "(void)constant<sizeof(double)>();",  # an explicit template argument
        "if constexpr (sizeof(int) == 4) { } else { sycl::half h; (void)h; }",
        "if constexpr (false) { double d = 1; (void)d; }",
        "if constexpr (sizeof(int) != 4) make_half();",
    ],
)
def test_unevaluated_and_discarded_code_uses_nothing(tmp_path: Path, body: str) -> None:
    assert uses_of(tmp_path, body) == set()


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("if constexpr (true) { sycl::half h; (void)h; }", {"fp16"}),
        ("if constexpr (sizeof(int) == 4) { } else { } double d = 1; (void)d;", {"fp64"}),
        ("if constexpr (false) { } else { double d = 1; (void)d; }", {"fp64"}),
        ("int n = 0; if (n) { sycl::half h; (void)h; }", {"fp16"}),  # a plain if is evaluated
        ("float x = make_half(); (void)x;", {"fp16"}),  # the call creates a temporary
        ("(void)make_half();", {"fp16"}),
        ("auto l = [h = make_half()]() { return float(h); }; (void)l;", {"fp16"}),
    ],
)
def test_evaluated_code_uses(tmp_path: Path, body: str, expected: set[str]) -> None:
    assert uses_of(tmp_path, body) == expected


def test_discarded_branch_of_an_instantiation(tmp_path: Path) -> None:
    source = f"""{KERNEL_HEADER}{TYPES}
template <bool Wide> float pick(float x) {{
  if constexpr (Wide) {{ double d = x; return float(d); }}
  else {{ sycl::half h = x; return h; }}
}}
void submit() {{ kernel<class K>([]() {{ pick<true>(1); pick<false>(1); }}); }}
"""
    features = read_features(tmp_path, source)
    by_name = {f.ir_name: f for f in features.functions}
    assert by_name["_Z4pickILb1EEff"].used_values == {6}
    assert by_name["_Z4pickILb0EEff"].used_values == {5}


def test_a_lambda_body_belongs_to_its_operator(tmp_path: Path) -> None:
    source = f"""{KERNEL_HEADER}{TYPES}
void f() {{ auto l = []() {{ double d = 1; (void)d; }}; l(); }}
void submit() {{ kernel<class K>([]() {{ f(); }}); }}
"""
    features = read_features(tmp_path, source)
    assert used(features, "f") == set()
    operators = [f for f in features.functions if f.name.endswith("::operator()")]
    assert any(f.used_values == {6} for f in operators)


def test_calls_in_order_once_each_with_positions(tmp_path: Path) -> None:
    source = f"""{KERNEL_HEADER}
int a() {{ return 1; }}
int b() {{ return 2; }}
int f() {{
  return b() + a() + b();
}}
void submit() {{ kernel<class K>([]() {{ f(); }}); }}
"""
    f = functions_by_name(read_features(tmp_path, source))["f"]
    assert [c.callee for c in f.calls] == ["_Z1bv", "_Z1av"]
    span = f.calls[0].span
    assert span is not None
    assert (span.line, span.column) == (7, 10)


def test_uses_in_unevaluated_code_make_no_calls(tmp_path: Path) -> None:
    body = "(void)sizeof(make_half()); using H = decltype(make_half()); (void)sizeof(H);"
    source = f"{KERNEL_HEADER}{TYPES}\nvoid f() {{ {body} }}\n"
    source += "void submit() { kernel<class K>([]() { f(); }); }\n"
    assert functions_by_name(read_features(tmp_path, source))["f"].calls == ()
