"""Errors point at the attribute in the user's C++ source."""

from pathlib import Path

import pytest

from propslower.diagnostics import DiagnosticError, render

from .helpers import read_source


def errors(tmp_path: Path, source: str) -> list[str]:
    with pytest.raises(DiagnosticError) as caught:
        read_source(tmp_path, source)
    return [render(d).splitlines()[0] for d in caught.value.diagnostics]


def test_odd_count_points_at_the_attribute(tmp_path: Path) -> None:
    source = (
        'void g() {}\n  [[__sycl_detail__::add_ir_attributes_function("a", "b", 1)]] void f() {}\n'
    )
    assert errors(tmp_path, source) == [
        f"{tmp_path / 'input.cpp'}:2:5: error: attribute 'add_ir_attributes_function' must "
        "specify a value for each specified name in the argument list"
    ]


def test_odd_count_in_a_template_is_reported_once(tmp_path: Path) -> None:
    source = """template <typename T> struct
[[__sycl_detail__::add_ir_global_variable_attributes("a", T::meta_value, 1)]] G {};
struct P { static constexpr int meta_value = 1; };
G<P> g1;
G<P> g2;
"""
    assert errors(tmp_path, source) == [
        f"{tmp_path / 'input.cpp'}:2:3: error: attribute 'add_ir_global_variable_attributes' "
        "must specify a value for each specified name in the argument list"
    ]


def test_name_must_be_a_string(tmp_path: Path) -> None:
    source = "[[__sycl_detail__::add_ir_function_attributes(1, 2)]] void f() {}\n"
    (message,) = errors(tmp_path, source)
    assert message.endswith(
        ":1:3: error: each name argument in 'add_ir_function_attributes' must be a "
        "'const char *' usable in a constant expression"
    )


def test_value_of_another_type(tmp_path: Path) -> None:
    source = 'int x;\n[[__sycl_detail__::add_ir_function_attributes("a", &x)]] void f() {}\n'
    (message,) = errors(tmp_path, source)
    assert ":2:3: error: each attribute argument in 'add_ir_function_attributes' must be" in message


def test_cpp_errors_are_reported_with_positions(tmp_path: Path) -> None:
    (message,) = errors(tmp_path, "int f() { return undeclared; }\n")
    assert message.startswith(f"{tmp_path / 'input.cpp'}:1:18: error: use of undeclared identifier")


def test_filter_list_gets_an_explaining_note(tmp_path: Path) -> None:
    source = '[[__sycl_detail__::add_ir_attributes_function({"a"}, "a", 1)]] void f() {}\n'
    with pytest.raises(DiagnosticError) as caught:
        read_source(tmp_path, source)
    (diagnostic,) = caught.value.diagnostics
    assert "'annotate' attribute requires parameter 1" in diagnostic.message
    assert "filter list" in diagnostic.notes[0].message
