"""Every rule of the built-in table, in each of its profiles, lowers a sample value."""

from __future__ import annotations

import pytest

from propslower.ir.verify import verify_text
from propslower.spirv.model import Rule, RuleTarget
from propslower.spirv.table import builtin_table
from tests.spirv.helpers import global_variable, header, kernel, lower

SAMPLES: dict[str, str | None] = {
    "none": None,
    "integer": "3",
    "boolean": "true",
    "boolean_not_false": "true",
    "string": "label",
    "raw": "5",
    "list": "1,2,3",
    "dims3_reversed": "8,4,2",
    "select_nonzero": "1",
    "fixed": None,
    "power_of_two": "8",
    "bitmask": "1",
    "cache_control": "1",
    "prefetch": "1",
    "pipelined": "3",
    "host_access": "read",
}
FPGA = "spir64_fpga-unknown-unknown"
GEN = "spir64_gen-unknown-unknown"


def _sample(rule: Rule) -> str | None:
    if rule.encoding == "enum":
        return next(name for name, _ in rule.params.values)
    return SAMPLES[rule.encoding]


def _attribute(name: str, value: str | None) -> str:
    return f'"{name}"' if value is None else f'"{name}"="{value}"'


def _constant(name: str, data: str) -> str:
    size = len(data) + 1
    return f'@{name} = private unnamed_addr constant [{size} x i8] c"{data}\\00", section "llvm.metadata"\n'


def _member(name: str, value: str | None) -> str:
    """A DPC++-style annotation (string + args struct), which carries commas in values."""
    value_ref = "ptr null" if value is None else "ptr @.value"
    return (
        header()
        + _constant(".str", "sycl-properties")
        + _constant(".name", name)
        + ("" if value is None else _constant(".value", value))
        + f"@.args = private unnamed_addr constant {{ ptr, ptr }} {{ ptr @.name, {value_ref} }}, "
        + 'section "llvm.metadata"\n'
        + "define spir_kernel void @K(ptr %p) {\nentry:\n"
        + "  %a = call ptr @llvm.ptr.annotation.p0.p0(ptr %p, ptr @.str, ptr @.str, i32 1, ptr @.args)\n"
        + "  store i32 1, ptr %a, align 4\n  ret void\n}\n"
        + "declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)\n"
    )


def _module(rule: Rule, profile: str) -> str | None:
    value = _sample(rule)
    attribute = _attribute(rule.property_name, value)
    site = rule.target
    if site in (
        RuleTarget.EXECUTION_MODE,
        RuleTarget.FUNCTION_DECORATION,
        RuleTarget.FUNCTION_METADATA,
    ):
        text = kernel(attribute)
    elif site in (RuleTarget.PARAMETER_DECORATION, RuleTarget.PARAMETER_ATTRIBUTE):
        text = kernel(parameter_attrs=attribute)
    elif site is RuleTarget.GLOBAL_DECORATION:
        extra = '"sycl-unique-id"="uid"' if rule.params.name_from else ""
        text = global_variable(f"{attribute} {extra}")
    else:
        text = _member(rule.property_name, value)
    if rule.triples:
        arch = rule.triples[0]
        text = text.replace("spir64-unknown-unknown", FPGA if "fpga" in arch else GEN)
    return text


CASES = [
    pytest.param(rule, profile, id=f"{profile}-{rule.property_name}-{rule.target.value}-{i}")
    for i, rule in enumerate(builtin_table().rules)
    for profile in sorted(rule.profiles)
]


@pytest.mark.parametrize(("rule", "profile"), CASES)
def test_every_rule_lowers(rule: Rule, profile: str) -> None:
    text = _module(rule, profile)
    assert text is not None
    out, diagnostics, spirv = lower(text, profile)
    assert not [d for d in diagnostics if d.is_error], diagnostics
    assert verify_text(out, "out.ll") == []
    lowered = [f for f in spirv.findings if f.prop == rule.property_name and f.lowered]
    assert lowered, spirv.findings
    assert out != text
