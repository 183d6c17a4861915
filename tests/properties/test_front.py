import pytest

from propslower.diagnostics import Severity
from propslower.properties.attribute import (
    AspectAttribute,
    KernelSizeAttribute,
    PropertyAttribute,
)
from propslower.properties.front import parse_attribute
from propslower.properties.model import Site
from propslower.properties.profiles import DPCPP
from propslower.properties.spellings import AttributeKind
from propslower.properties.values import IntegerValue, ValueKind


def properties_of(text: str, **options: object) -> list[tuple[str, str | None]]:
    result = parse_attribute(text, **options)  # type: ignore[arg-type]
    assert result.ok, result.diagnostics
    assert isinstance(result.attribute, PropertyAttribute)
    return list(result.attribute.properties.ir_pairs())


def errors_of(text: str, **options: object) -> list[str]:
    result = parse_attribute(text, **options)  # type: ignore[arg-type]
    return [d.message for d in result.diagnostics if d.severity is Severity.ERROR]


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ('[[__sycl_detail__::add_ir_global_variable_attributes("a", 1)]]', Site.GLOBAL_VARIABLE),
        ('[[sycl_detail::add_ir_kernel_parameter_attributes("a", 1)]]', Site.KERNEL_PARAMETER),
        ('__sycl_detail__::add_ir_function_attributes("a", 1)', Site.FUNCTION),
        ('add_ir_member_annotation("a", 1)', Site.MEMBER),
        ('[[__sycl_detail__::add_ir_attributes_global_variable("a", 1)]]', Site.GLOBAL_VARIABLE),
        ('add_ir_attributes_kernel_parameter("a", 1)', Site.KERNEL_PARAMETER),
        ('add_ir_attributes_function("a", 1)', Site.FUNCTION),
        ('add_ir_annotations_member("a", 1)', Site.MEMBER),
        ('__builtin_intel_sycl_ptr_annotation(p, "a", 1)', Site.MEMBER),
    ],
)
def test_every_spelling_is_recognised(text: str, site: Site) -> None:
    result = parse_attribute(text)
    assert result.ok
    assert isinstance(result.attribute, PropertyAttribute)
    assert result.attribute.site is site
    assert result.attribute.properties.ir_pairs() == (("a", "1"),)


def test_names_pair_with_the_second_half() -> None:
    text = 'add_ir_function_attributes("a", "b", "c", 1, "two", 3)'
    assert properties_of(text) == [("a", "1"), ("b", "two"), ("c", "3")]


@pytest.mark.parametrize(
    ("value", "ir"),
    [
        ("3.14", "3.140000"),
        ("3.5f", "3.500000"),
        ("1e10", "10000000000.000000"),
        ("4294967295u", "4294967295"),
        ("-7", "-7"),
        ("-4294967295u", "1"),
        ("-0x80000000", "2147483648"),
        ("true", "true"),
        ("false", "false"),
        ("(char)65", "65"),
        ("'A'", "65"),
        ("(bool)2", "true"),
        ("(unsigned char)-1", "255"),
        ("(int)3.9", "3"),
        ("(float)0.1", "0.100000"),
        ('""', None),
        ("nullptr", None),
        ("(const char *)nullptr", None),
        ('"con" "cat"', "concat"),
        ("(-3)", "-3"),
        ("+'a'", "97"),
    ],
)
def test_values_convert_as_std_to_string_would(value: str, ir: str | None) -> None:
    assert properties_of(f'add_ir_function_attributes("p", {value})') == [("p", ir)]


def test_kinds_are_kept() -> None:
    result = parse_attribute('add_ir_function_attributes("s", "i", "c", "b", "x", 1u, \'c\', true)')
    assert isinstance(result.attribute, PropertyAttribute)
    kinds = [p.value.kind for p in result.attribute.properties]
    assert kinds == [ValueKind.STRING, ValueKind.INTEGER, ValueKind.CHAR, ValueKind.BOOL]
    assert result.attribute.properties.properties[1].value == IntegerValue(1, signed=False)


def test_empty_names_are_skipped() -> None:
    assert properties_of('add_ir_function_attributes("", "b", 1, 2)') == [("b", "2")]


def test_filter_list_keeps_only_listed_names() -> None:
    text = 'add_ir_attributes_function({"b", "zz"}, "a", "b", 1, 2)'
    assert properties_of(text) == [("b", "2")]


def test_enumerators_resolve_through_the_table() -> None:
    enums = {"ns::access::read": 1}
    assert properties_of('add_ir_function_attributes("m", ns::access::read)', enums=enums) == [
        ("m", "1")
    ]
    assert properties_of('add_ir_function_attributes("m", access::read)', enums=enums) == [
        ("m", "1")
    ]


def test_unresolved_enumerator_needs_the_front_end() -> None:
    [message] = errors_of('add_ir_function_attributes("m", ns::E::value)')
    assert "C++ front-end" in message


def test_pack_expansions_are_kept_unresolved() -> None:
    result = parse_attribute(
        "add_ir_global_variable_attributes(Props::meta_name..., Props::meta_value...)"
    )
    assert result.ok
    assert isinstance(result.attribute, PropertyAttribute)
    assert [u.text for u in result.attribute.unresolved] == [
        "Props::meta_name...",
        "Props::meta_value...",
    ]


def test_argument_list_alone_uses_kind_and_profile() -> None:
    result = parse_attribute('"a", 1', kind="global_variable", profile=DPCPP)
    assert isinstance(result.attribute, PropertyAttribute)
    assert result.attribute.attribute == "add_ir_attributes_global_variable"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'add_ir_function_attributes("a", "b", 1)',
            "attribute 'add_ir_function_attributes' must specify a value for each specified name "
            "in the argument list",
        ),
        (
            "add_ir_function_attributes(1, 2)",
            "each name argument in 'add_ir_function_attributes' must be a 'const char *' usable "
            "in a constant expression",
        ),
        (
            'add_ir_function_attributes("a", (int *)nullptr)',
            "each attribute argument in 'add_ir_function_attributes' must be an integer, a "
            "floating point, a character, a boolean, 'const char *', or an enumerator usable as "
            "a constant expression",
        ),
        (
            'add_ir_attributes_function("a", {"b"}, 1, 2)',
            "only the first argument of attribute 'add_ir_attributes_function' can be an "
            "initializer list",
        ),
        (
            'add_ir_attributes_function({"a", 1}, "a", 2)',
            "initializer list in the first argument of 'add_ir_attributes_function' must contain "
            "only string literals",
        ),
        (
            'add_ir_function_attributes("a", "a", 1, 2)',
            "property 'a' is given twice with different values ('1' and '2')",
        ),
        (
            '"a", 1',
            "an argument list alone does not say which site it is for; pass --kind "
            "(global_variable, kernel_parameter, function, member, aspects)",
        ),
        ("frobnicate(1)", "unknown attribute 'frobnicate'"),
        (
            "add_ir_function_attribute(1)",
            "unknown attribute 'add_ir_function_attribute'; did you mean "
            "'add_ir_function_attributes'?",
        ),
        (
            "sycl::reqd_work_group_size(1, 2, 3, 4)",
            "'reqd_work_group_size' takes 1 to 3 positive integer arguments",
        ),
        (
            "sycl::reqd_sub_group_size(0)",
            "'reqd_sub_group_size' arguments must be positive integers",
        ),
        ("sycl::requires(has(fp16))", "'requires' expects aspects such as 'aspect::fp16'"),
        ("add_ir_function_attributes(\"a\", 'ab')", "multi-character character constant"),
        ('add_ir_function_attributes("a", "\\q")', "unknown escape sequence '\\q'"),
        ('add_ir_function_attributes("a", (void)1)', "cannot convert this value to 'void'"),
    ],
)
def test_errors_use_dpcpp_wording(text: str, message: str) -> None:
    assert message in errors_of(text)


def test_same_name_same_value_is_a_warning_with_a_note() -> None:
    result = parse_attribute('add_ir_function_attributes("a", "a", 1, 1)')
    [warning] = result.diagnostics
    assert warning.severity is Severity.WARNING
    assert warning.notes[0].message == "first given here"
    assert warning.notes[0].span is not None
    assert warning.notes[0].span.column == 28


def test_kind_must_match_the_attribute() -> None:
    assert errors_of('add_ir_member_annotation("a", 1)', kind="function") == [
        "attribute 'add_ir_member_annotation' applies to member, not function"
    ]


@pytest.mark.parametrize(
    ("text", "kind", "names"),
    [
        (
            "[[sycl::requires(has(aspect::fp16, aspect::fp64))]]",
            AttributeKind.ALLOWED_ASPECTS,
            ["fp16", "fp64"],
        ),
        ("[[sycl::device_has(aspect::fp16)]]", AttributeKind.ALLOWED_ASPECTS, ["fp16"]),
        ("[[sycl_detail::uses_aspects(has(aspect::fp16))]]", AttributeKind.USED_ASPECTS, ["fp16"]),
        (
            "[[__sycl_detail__::__uses_aspects__(sycl::aspect::ext_intel_matrix)]]",
            AttributeKind.USED_ASPECTS,
            ["ext_intel_matrix"],
        ),
    ],
)
def test_aspect_lists(text: str, kind: AttributeKind, names: list[str]) -> None:
    result = parse_attribute(text)
    assert result.ok
    assert isinstance(result.attribute, AspectAttribute)
    assert result.attribute.kind is kind
    assert [a.name for a in result.attribute.aspects] == names


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        ("[[sycl::reqd_work_group_size(8, 4, 2)]]", (8, 4, 2)),
        ("[[sycl::reqd_work_group_size(16)]]", (16,)),
        ("[[intel::reqd_sub_group_size(16)]]", (16,)),
        ("[[sycl::reqd_sub_group_size(32)]]", (32,)),
    ],
)
def test_kernel_size_attributes(text: str, sizes: tuple[int, ...]) -> None:
    result = parse_attribute(text)
    assert isinstance(result.attribute, KernelSizeAttribute)
    assert result.attribute.sizes == sizes


def test_positions_are_exact_in_multi_line_text() -> None:
    text = 'add_ir_function_attributes(\n    "a", "b",  // names\n    1,\n    oops::x)'
    result = parse_attribute(text)
    [error] = [d for d in result.diagnostics if d.is_error]
    assert error.span is not None
    assert (error.span.line, error.span.column) == (4, 5)


def test_embedded_text_is_located_in_its_file() -> None:
    result = parse_attribute('"a", "b", 1', kind="function", source="spec.yaml", line=3, column=9)
    [error] = result.diagnostics
    assert error.span is not None
    assert (error.span.file, error.span.line, error.span.column) == ("spec.yaml", 3, 9)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ('add_ir_function_attributes("a", 1', 1, 34, "unexpected end of input; expected ')'"),
        ('add_ir_function_attributes("a" 1)', 1, 32, "unexpected '1'"),
        ('add_ir_function_attributes("a", $)', 1, 33, "unexpected character '$'"),
        ('add_ir_function_attributes("a", "unterminated)', 1, 33, "unexpected character '\"'"),
    ],
)
def test_syntax_errors_are_positioned(text: str, line: int, column: int, message: str) -> None:
    result = parse_attribute(text)
    assert result.attribute is None
    [error] = result.diagnostics
    assert error.span is not None
    assert (error.span.line, error.span.column) == (line, column)
    assert error.message.startswith(message)
