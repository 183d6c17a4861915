"""Feature attributes read from the prelude's annotates: aspects, sizes, spans, errors."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.aspects.def_file import default_table
from propslower.diagnostics import DiagnosticError, Span
from propslower.frontend.feature_markers import FeatureReader
from propslower.frontend.feature_model import FunctionFeatures
from propslower.frontend.prelude import feature_spellings
from propslower.frontend.spans import SourceTexts
from propslower.properties.spellings import AttributeKind

from .helpers import KERNEL_HEADER, functions_by_name, read_features

CALLS = "void submit() {{ kernel<class K>([]() {{ {calls} }}); }}\n"


def functions_by_name_of(
    tmp_path: Path, declarations: str, calls: str
) -> dict[str, FunctionFeatures]:
    source = KERNEL_HEADER + declarations + CALLS.format(calls=calls)
    return functions_by_name(read_features(tmp_path, source))


def allowed(function: FunctionFeatures) -> tuple[int, ...] | None:
    return None if function.allowed is None else function.allowed.values


def test_allowed_lists_in_both_spellings(tmp_path: Path) -> None:
    declarations = """
[[sycl::requires(has(aspect::fp16, aspect::fp64))]] void design() {}
[[sycl::device_has(sycl::aspect::fp16)]] void dpcpp() {}
[[sycl::device_has()]] void nothing() {}
[[sycl::requires(has(aspect::fp16, aspect::fp16))]] void repeated() {}
[[__sycl__::__device_has__(aspect::gpu)]] void underscores() {}
"""
    calls = "design(); dpcpp(); nothing(); repeated(); underscores();"
    found = functions_by_name_of(tmp_path, declarations, calls)
    assert allowed(found["design"]) == (5, 6)
    assert allowed(found["dpcpp"]) == (5,)
    assert allowed(found["nothing"]) == ()
    assert allowed(found["repeated"]) == (5,)
    assert allowed(found["underscores"]) == (2,)


def test_the_attribute_on_a_declaration_reaches_the_definition(tmp_path: Path) -> None:
    declarations = """
[[sycl::requires(has(aspect::fp16))]] void later();
void later() {}
[[sycl_detail::uses_aspects(has(aspect::cpu))]] void only_declared();
"""
    found = functions_by_name_of(tmp_path, declarations, "later(); only_declared();")
    assert allowed(found["later"]) == (5,)
    assert found["later"].is_definition
    declared = found["only_declared"]
    assert not declared.is_definition
    assert declared.used_values == {1}
    assert declared.uses[0].reason == "through its [[sycl_detail::uses_aspects()]] attribute"


def test_spans_cover_the_scoped_name(tmp_path: Path) -> None:
    declarations = "\n[[sycl::requires(has(aspect::fp16))]] void f() {}\n"
    found = functions_by_name_of(tmp_path, declarations, "f();")
    attribute = found["f"].allowed
    assert attribute is not None
    assert attribute.span == Span(str(tmp_path / "input.cpp"), 4, 3, 4, 16)
    assert attribute.spelling == "[[sycl::requires()]]"


def test_an_attribute_written_through_a_macro(tmp_path: Path) -> None:
    declarations = """
#define NEEDS_FP16 [[sycl::requires(has(aspect::fp16))]]
NEEDS_FP16 void f() {}
"""
    found = functions_by_name_of(tmp_path, declarations, "f();")
    assert allowed(found["f"]) == (5,)


def test_kernel_sizes_on_functions_and_templates(tmp_path: Path) -> None:
    declarations = """
[[sycl::reqd_work_group_size(8, 4, 2)]] [[intel::reqd_sub_group_size(16)]] void sized() {}
template <int N> [[sycl::reqd_sub_group_size(N * 2)]] void templated() {}
[[sycl::reqd_work_group_size(64)]] void one_dimension() {}
"""
    found = functions_by_name_of(
        tmp_path, declarations, "sized(); templated<16>(); one_dimension();"
    )
    assert sizes(found["sized"]) == ((8, 4, 2), (16,))
    assert sizes(found["templated"]) == (None, (32,))
    assert sizes(found["one_dimension"]) == ((64,), None)
    work_group = found["sized"].work_group_size
    assert work_group is not None
    assert work_group.kind is AttributeKind.WORK_GROUP_SIZE


def sizes(function: FunctionFeatures) -> tuple[tuple[int, ...] | None, ...]:
    return tuple(
        None if attribute is None else attribute.values
        for attribute in (function.work_group_size, function.sub_group_size)
    )


def test_kernels_take_the_sizes_of_their_function_object(tmp_path: Path) -> None:
    source = (
        KERNEL_HEADER
        + """
struct Functor {
  [[sycl::reqd_work_group_size(8, 4, 2)]] void operator()() const {}
};
void submit() {
  kernel<class Named>(Functor{});
  kernel<class Lambda>([]() [[sycl::reqd_sub_group_size(8)]] {});
}
"""
    )
    features = read_features(tmp_path, source)
    kernels = [f for f in features.functions if f.name == "kernel"]
    assert len(kernels) == 2
    assert {sizes(k) for k in kernels} == {((8, 4, 2), None), (None, (8,))}


@pytest.mark.parametrize(
    ("declaration", "message", "column"),
    [
        ("[[sycl::requires(has(aspect::fp17))]] void f() {}", "unknown aspect 'aspect::fp17'", 22),
        ("[[sycl::device_has(5)]] void f() {}", "'device_has' expects aspects", 20),
        (
            "[[sycl::reqd_work_group_size(8, 0)]] void f() {}",
            "'reqd_work_group_size' arguments must be positive integers",
            3,
        ),
        (
            "[[sycl::reqd_sub_group_size(8, 16)]] void f() {}",
            "'reqd_sub_group_size' takes exactly 1 positive integer arguments",
            3,
        ),
        (
            "[[sycl::reqd_work_group_size(1, 2, 3, 4)]] void f() {}",
            "'reqd_work_group_size' takes 1 to 3 positive integer arguments",
            3,
        ),
    ],
)
def test_misuse_is_an_error_at_the_attribute(
    tmp_path: Path, declaration: str, message: str, column: int
) -> None:
    with pytest.raises(DiagnosticError) as raised:
        read_features(tmp_path, declaration + "\nvoid g() { f(); }\n")
    (diagnostic,) = raised.value.diagnostics
    assert diagnostic.is_error
    assert message in diagnostic.message
    assert diagnostic.span is not None
    assert (diagnostic.span.line, diagnostic.span.column) == (1, column)


def test_an_override_does_not_inherit_the_attribute(tmp_path: Path) -> None:
    declarations = """
struct Base { [[sycl_detail::uses_aspects(has(aspect::fp16))]] virtual void run() {} };
struct Derived : Base { void run() override {} };
void direct() { Derived d; d.run(); }
void through_base(Base &b) { b.run(); }
"""
    found = functions_by_name_of(tmp_path, declarations, "direct(); Derived d; through_base(d);")
    assert found["Derived::run"].used_values == frozenset()
    assert found["Base::run"].used_values == {5}
    assert [c.callee for c in found["direct"].calls][-1] == "_ZN7Derived3runEv"
    assert [c.callee for c in found["through_base"].calls] == ["_ZN4Base3runEv"]


SPELLINGS = st.sampled_from(["requires", "device_has", "uses_aspects", "__uses_aspects__"])
NAMES = st.sampled_from([a.name for a in default_table()][:40])


@given(
    SPELLINGS,
    st.lists(NAMES, max_size=6),
    st.booleans(),
    st.sampled_from(["aspect::", "sycl::aspect::", " aspect :: "]),
    st.sampled_from([" ", "\n    ", ""]),
)
def test_aspect_lists_through_the_grammar(
    spelling: str, names: list[str], wrap: bool, prefix: str, space: str
) -> None:
    arguments = f",{space}".join(f"{prefix}{name}" for name in names)
    text = f"{spelling}(has({arguments}))" if wrap else f"{spelling}({arguments})"
    reader = FeatureReader(SourceTexts({"t.cpp": "\n" + text}), default_table, [])
    attribute = reader.from_text(feature_spellings()[spelling], text, Span("t.cpp", 2, 1))
    assert reader.errors == {}
    assert attribute is not None
    expected = list(dict.fromkeys(default_table().value_of(name) for name in names))
    assert list(attribute.values) == expected
    assert attribute.span == Span("t.cpp", 2, 1, 2, len(spelling))
