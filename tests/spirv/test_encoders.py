"""Encoders: every table rule on a sample value, error messages, hypothesis properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from propslower.diagnostics import DiagnosticError, Span
from propslower.spirv.encoders import (
    ENCODINGS,
    EncodeContext,
    EncodingError,
    decode_nibbles,
    encode,
    encode_or_diagnose,
)
from propslower.spirv.model import IdRef, Params, Rule, RuleTarget
from propslower.spirv.table import builtin_table

TABLE = builtin_table()
CTX = EncodeContext("K", {"sycl-unique-id": "uid", "sycl-host-access": "read"})

SAMPLES: dict[str, str | None] = {
    "none": None,
    "integer": "16",
    "boolean": "true",
    "boolean_not_false": "false",
    "string": "DEFAULT",
    "raw": "true",
    "list": "label,1,5",
    "dims3_reversed": "8,4,2",
    "select_nonzero": "1",
    "fixed": None,
    "power_of_two": "8",
    "bitmask": "255",
    "cache_control": "18",
    "prefetch": "2",
    "pipelined": "3",
    "host_access": "write",
}


def _sample(rule: Rule) -> str | None:
    if rule.encoding == "enum":
        return rule.params.values[0][0]
    if rule.encoding == "bitmask":
        known = 0
        for bit in rule.params.bits:
            known |= bit.mask
        return str(known)
    return SAMPLES[rule.encoding]


def _rule(encoding: str, ident: int | None = 99, **params: object) -> Rule:
    return Rule(
        "sycl-test",
        RuleTarget.GLOBAL_DECORATION,
        encoding,
        frozenset({"design"}),
        ref=None if ident is None else IdRef(ident, "Test"),
        params=Params(**params),  # type: ignore[arg-type]
    )


def test_samples_cover_every_encoding() -> None:
    assert set(SAMPLES) | {"enum"} == set(ENCODINGS)


@pytest.mark.parametrize(
    "rule", TABLE.rules, ids=lambda r: f"{r.property_name}-{r.target.value}-{sorted(r.profiles)}"
)
def test_every_table_rule_encodes_a_sample(rule: Rule) -> None:
    entries = encode(rule, _sample(rule), CTX)
    assert entries
    for entry in entries:
        assert all(isinstance(operand, int | str) for operand in entry)
        if rule.id is not None:
            assert entry[0] == rule.id
    if rule.encoding not in {"bitmask", "pipelined"} and rule.target.uses_id:
        assert all(entry[0] == rule.id for entry in entries)


def test_work_group_size_design_example() -> None:
    [rule] = TABLE.rules_for("design", "sycl-work-group-size")
    assert encode(rule, "8,4,2", CTX) == ((17, 2, 4, 8),)
    assert encode(rule, "8", CTX) == ((17, 8, 1, 1),)


def test_work_group_size_dpcpp_is_pointer_width_metadata() -> None:
    [rule] = TABLE.rules_for("dpcpp", "sycl-work-group-size")
    assert (rule.target, rule.name, rule.int_type) == (
        RuleTarget.FUNCTION_METADATA,
        "reqd_work_group_size",
        "ptr",
    )
    assert encode(rule, "8,4", CTX) == ((4, 8, 1),)


def test_host_access_design_uses_global_name() -> None:
    [rule] = TABLE.rules_for("design", "sycl-host-access")
    assert encode(rule, "read", EncodeContext("dm1")) == ((6147, 0, "dm1"),)


def test_device_global_dpcpp_defaults_and_unique_id() -> None:
    [rule] = TABLE.rules_for("dpcpp", "sycl-device-global-size")
    assert encode(rule, "4", EncodeContext("g", {"sycl-unique-id": "u"})) == ((6147, 2, "u"),)
    ctx = EncodeContext("g", {"sycl-unique-id": "u", "sycl-host-access": "0"})
    assert encode(rule, "4", ctx) == ((6147, 0, "u"),)
    with pytest.raises(EncodingError, match="sycl-unique-id"):
        encode(rule, "4", EncodeContext("g"))


def test_host_pipe_always_read_write() -> None:
    [rule] = TABLE.rules_for("dpcpp", "sycl-host-pipe-size")
    ctx = EncodeContext("p", {"sycl-unique-id": "u", "sycl-host-access": "readwrite"})
    assert encode(rule, "4", ctx) == ((6147, 2, "u"),)


@pytest.mark.parametrize(
    ("value", "expected"),
    [("-1", ((5919, 1),)), ("0", ((5919, 0),)), ("7", ((5919, 1), (5917, 7)))],
)
def test_pipelined(value: str, expected: tuple[tuple[int, ...], ...]) -> None:
    [rule] = TABLE.rules_for("dpcpp", "sycl-pipelined")
    assert encode(rule, value, CTX) == expected


def test_ip_interface_dpcpp() -> None:
    [rule] = TABLE.rules_for("dpcpp", "sycl-register-map-interface")
    assert encode(rule, "0", CTX) == (("csr",),)
    assert encode(rule, "1", CTX) == (("csr", "wait_for_done_write"),)


def test_grf_size_unknown_value_is_skipped() -> None:
    [rule, _] = TABLE.rules_for("dpcpp", "sycl-grf-size")
    assert encode(rule, "128", CTX) == ((1,),)
    assert encode(rule, "64", CTX) == ()


def test_single_task_only_on_fpga() -> None:
    [rule] = TABLE.rules_for("dpcpp", "sycl-single-task")
    assert rule.applies_to_triple("spir64_fpga-unknown-unknown")
    assert not rule.applies_to_triple("spir64-unknown-unknown")


def test_floating_point_control_order() -> None:
    [rule] = TABLE.rules_for("design", "sycl-floating-point-control")
    assert encode(rule, str(1 | 32 | 128), CTX) == (
        (4462, 64),
        (4462, 32),
        (4462, 16),
        (4459, 16),
        (4459, 64),
    )


@pytest.mark.parametrize(
    ("prop", "value", "fragment"),
    [
        ("sycl-work-group-size", "8,x", "not a list of positive integers"),
        ("sycl-work-group-size", "1,2,3,4", "more than three dimensions"),
        ("sycl-alignment", "12", "not a power of two"),
        ("sycl-host-access", "sometimes", "not a host access mode"),
        ("sycl-buffer-location", "-1", "out of range"),
        ("sycl-implement-in-csr", "maybe", "not a boolean"),
        ("sycl-datapath", "x", "takes no value"),
        ("sycl-floating-point-control", "256", "unknown bits"),
    ],
)
def test_bad_values_name_entity_property_and_value(prop: str, value: str, fragment: str) -> None:
    rule = TABLE.rules_for("design", prop)[0]
    with pytest.raises(EncodingError) as info:
        encode(rule, value, EncodeContext("@K"))
    message = str(info.value)
    assert fragment in message
    assert "'@K'" in message
    assert f"'{prop}'" in message
    assert f"'{value}'" in message


def test_unknown_enum_name_lists_choices() -> None:
    rule = _rule("enum", values=(("read", (0,)), ("write", (1,))))
    with pytest.raises(EncodingError, match="is not one of: read, write"):
        encode(rule, "both", CTX)


def test_encode_or_diagnose_positions_the_error() -> None:
    rule = TABLE.rules_for("design", "sycl-sub-group-size")[0]
    span = Span("in.ll", 3, 7)
    with pytest.raises(DiagnosticError) as info:
        encode_or_diagnose(rule, "sixteen", EncodeContext("@K"), span)
    [diagnostic] = info.value.diagnostics
    assert diagnostic.span == span
    assert "sixteen" in diagnostic.message


def test_dpcpp_alignment_accepts_any_base_in_annotations() -> None:
    rules = TABLE.rules_for("dpcpp", "sycl-alignment")
    [access] = [r for r in rules if r.target is RuleTarget.ACCESS_ATTRIBUTE]
    assert encode(access, "0x10", CTX) == ((16,),)


# ---- properties -------------------------------------------------------------------------

DIMS = st.lists(st.integers(min_value=1, max_value=2**32 - 1), min_size=1, max_size=3)


@given(DIMS)
def test_dims_reversed_and_padded(dims: list[int]) -> None:
    rule = _rule("dims3_reversed")
    [entry] = encode(rule, ",".join(map(str, dims)), CTX)
    assert entry[0] == 99
    assert list(entry[1:]) == [*reversed(dims), *[1] * (3 - len(dims))]


@given(st.lists(st.integers(min_value=1, max_value=99), min_size=4, max_size=8))
def test_dims_more_than_three_rejected(dims: list[int]) -> None:
    with pytest.raises(EncodingError, match="more than three"):
        encode(_rule("dims3_reversed"), ",".join(map(str, dims)), CTX)


FP_RULE = TABLE.rules_for("design", "sycl-floating-point-control")[0]


@given(st.integers(min_value=0, max_value=255))
def test_bitmask_expansion_covers_exactly_the_set_bits(mask: int) -> None:
    entries = encode(FP_RULE, str(mask), CTX)
    expected = [
        (bit.ref.id, *ops) for bit in FP_RULE.params.bits if mask & bit.mask for ops in bit.operands
    ]
    assert list(entries) == expected
    covered = {bit.mask for bit in FP_RULE.params.bits if (bit.ref.id, *bit.operands[0]) in entries}
    assert sum(covered) == mask


@given(st.integers(min_value=256, max_value=2**32 - 1))
def test_bitmask_unknown_bits_rejected(mask: int) -> None:
    with pytest.raises(EncodingError, match="unknown bits"):
        encode(FP_RULE, str(mask), CTX)


@given(st.integers(min_value=0, max_value=16**5 - 1))
def test_cache_read_nibbles_round_trip(mask: int) -> None:
    rule = _rule("cache_control", ident=6442, controls=(0, 1, 2, 3, 4))
    entries = encode(rule, str(mask), CTX)
    assert sum(1 << (4 * int(control) + int(level)) for _, level, control in entries) == mask
    assert len(entries) == bin(mask).count("1")


@given(st.integers(min_value=16**7, max_value=2**32 - 1))
def test_cache_write_beyond_its_modes_rejected(mask: int) -> None:
    rule = _rule("cache_control", ident=6443, controls=(0, 0, 3, 0, 0, 1, 2))
    with pytest.raises(EncodingError, match="cache mode 7"):
        encode(rule, str(mask), CTX)


@given(st.integers(min_value=0, max_value=2**40))
def test_decode_nibbles_is_bit_positions(mask: int) -> None:
    assert sum(1 << (4 * nibble + bit) for nibble, bit in decode_nibbles(mask)) == mask


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_integer_round_trip(number: int) -> None:
    assert encode(_rule("integer"), str(number), CTX) == ((99, number),)


@given(st.integers(min_value=2**32, max_value=2**64) | st.integers(max_value=-1))
def test_integer_out_of_range(number: int) -> None:
    with pytest.raises(EncodingError, match="out of range"):
        encode(_rule("integer"), str(number), CTX)


@given(st.integers(min_value=0, max_value=31))
def test_power_of_two_accepted(exponent: int) -> None:
    assert encode(_rule("power_of_two"), str(2**exponent), CTX) == ((99, 2**exponent),)


@given(st.integers(min_value=0, max_value=2**32 - 1).filter(lambda n: n & (n - 1) != 0 or n == 0))
def test_non_powers_of_two_rejected(number: int) -> None:
    with pytest.raises(EncodingError):
        encode(_rule("power_of_two"), str(number), CTX)


@given(st.text(max_size=8) | st.none())
def test_boolean_not_false_never_fails(value: str | None) -> None:
    [(_ident, bit)] = encode(_rule("boolean_not_false"), value, CTX)
    assert bit == (0 if value == "false" else 1)


@pytest.mark.parametrize(
    ("value", "bit"), [(None, 1), ("", 1), ("true", 1), ("1", 1), ("false", 0), ("0", 0)]
)
def test_boolean_strict(value: str | None, bit: int) -> None:
    assert encode(_rule("boolean"), value, CTX) == ((99, bit),)


def test_metadata_rule_entries_have_no_id() -> None:
    rule = _rule("integer", ident=None)
    assert encode(rule, "5", CTX) == ((5,),)


DPCPP_FP_RULE = TABLE.rules_for("dpcpp", "sycl-floating-point-control")[0]
WIDTHS = (64, 32, 16)
RTE, RTP, RTN, RTZ, IEEE, ALT, FTZ, PRESERVE = 4462, 5620, 5621, 4463, 5623, 5622, 4460, 4459


def _modes(*parts: tuple[int, tuple[int, ...]]) -> list[tuple[int, ...]]:
    return [(ident, width) for ident, widths in parts for width in widths]


@pytest.mark.parametrize(
    ("value", "expected"),
    [  # fp-control-kernel-properties.ll (intel/llvm), the header's current layout
        (0, _modes((RTE, WIDTHS), (IEEE, WIDTHS), (FTZ, WIDTHS))),
        (16, _modes((RTP, WIDTHS), (IEEE, WIDTHS), (FTZ, WIDTHS))),
        (32, _modes((RTN, WIDTHS), (IEEE, WIDTHS), (FTZ, WIDTHS))),
        (48, _modes((RTZ, WIDTHS), (IEEE, WIDTHS), (FTZ, WIDTHS))),
        (64, _modes((RTE, WIDTHS), (IEEE, WIDTHS), (PRESERVE, (64,)))),
        (128, _modes((RTE, WIDTHS), (IEEE, WIDTHS), (PRESERVE, (32,)))),
        (1024, _modes((RTE, WIDTHS), (IEEE, WIDTHS), (PRESERVE, (16,)))),
        (1216, _modes((RTE, WIDTHS), (IEEE, WIDTHS), (PRESERVE, (16, 32, 64)))),
        (1, _modes((RTE, WIDTHS), (ALT, WIDTHS), (FTZ, WIDTHS))),
        (145, _modes((RTP, WIDTHS), (ALT, WIDTHS), (PRESERVE, (32,)))),
        (1265, _modes((RTZ, WIDTHS), (ALT, WIDTHS), (PRESERVE, (16, 32, 64)))),
    ],
)
def test_dpcpp_floating_point_control_layout(value: int, expected: list[tuple[int, ...]]) -> None:
    assert list(encode(DPCPP_FP_RULE, str(value), CTX)) == expected


@pytest.mark.parametrize("value", [2, 4, 8, 256, 512, 2048])
def test_dpcpp_floating_point_control_unknown_bits(value: int) -> None:
    with pytest.raises(EncodingError, match="unknown bits"):
        encode(DPCPP_FP_RULE, str(value), CTX)
