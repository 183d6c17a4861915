"""Feature attributes in lambda declarators, and ``requires`` under C++20."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.frontend.written_features import keywords_allowed

from .helpers import KERNEL_HEADER, read_features

LAMBDA = (
    KERNEL_HEADER
    + """
namespace sycl { struct half { float v; }; }
[[sycl::requires(has(aspect::fp16))]] void needs_half();
void submit(float *out) {
  kernel<class K>([=]() [[sycl::reqd_sub_group_size(8)]]
                        [[sycl::requires(has(aspect::cpu,
                                             aspect::gpu))]] {
    needs_half();
  });
}
"""
)


def test_lambda_declarator_attributes_reach_the_operator(tmp_path: Path) -> None:
    features = read_features(tmp_path, LAMBDA)
    (operator,) = [f for f in features.functions if f.name.endswith("::operator()")]
    assert operator.allowed is not None
    assert operator.allowed.values == (1, 2)  # written over two lines
    assert operator.allowed.span is not None
    assert (operator.allowed.span.line, operator.allowed.span.column) == (8, 27)
    assert operator.sub_group_size is not None
    assert operator.sub_group_size.values == (8,)
    (kernel,) = [f for f in features.functions if f.name == "kernel"]
    assert kernel.sub_group_size == operator.sub_group_size
    assert features.notices == ()


def test_requires_under_cxx20_is_reported_as_not_read(tmp_path: Path) -> None:
    features = read_features(tmp_path, LAMBDA, "-std=c++20")
    assert [f for f in features.functions if f.allowed is not None] == []
    assert [(n.span.line, n.span.column) for n in features.notices if n.span] == [(5, 3), (8, 27)]
    assert all("from C++20 on 'requires' is a keyword" in n.message for n in features.notices)
    # the other attributes are still read
    (kernel,) = [f for f in features.functions if f.name == "kernel"]
    assert kernel.sub_group_size is not None


def test_device_has_under_cxx20(tmp_path: Path) -> None:
    source = KERNEL_HEADER + (
        "[[sycl::device_has(sycl::aspect::fp16)]] void f() {}\n"
        "void submit() { kernel<class K>([]() { f(); }); }\n"
    )
    features = read_features(tmp_path, source, "-std=c++20")
    (f,) = [f for f in features.functions if f.name == "f"]
    assert f.allowed is not None
    assert f.allowed.values == (5,)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], True),
        (["-std=c++17"], True),
        (["-std=gnu++14"], True),
        (["-std=c++20"], False),
        (["-std=c++2a"], False),
        (["-std=gnu++23"], False),
        (["-std=c++20", "-std=c++17"], True),
        (["-std=c++17", "-std=c++2b"], False),
    ],
)
def test_keywords_allowed(args: list[str], expected: bool) -> None:
    assert keywords_allowed(args) is expected


VERSIONS = {"98": True, "11": True, "14": True, "17": True, "1z": True, "20": False, "2a": False}
VERSIONS |= {"23": False, "2b": False, "26": False, "2c": False}


@given(
    st.lists(
        st.one_of(
            st.tuples(st.sampled_from(["c", "gnu"]), st.sampled_from(sorted(VERSIONS))),
            st.sampled_from(["-O0", "-I/x", "-DX=1", "-std"]),
        )
    )
)
def test_the_last_standard_wins(items: list[tuple[str, str] | str]) -> None:
    args = [f"-std={i[0]}++{i[1]}" if isinstance(i, tuple) else i for i in items]
    standards = [i[1] for i in items if isinstance(i, tuple)]
    assert keywords_allowed(args) is (VERSIONS[standards[-1]] if standards else True)
