"""The SPIR-V pass's shortcuts (globals on their text, shared header parses and parameter
lists, host access by template, a group's entries worked out once and its globals' lists made
in one batch, execution-mode keys from their parts, kernels replaying the first of their
header text) give what the pass gives without them."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from propslower.diagnostics import render_all
from propslower.ir import headers
from propslower.ir.functions import FunctionItem
from propslower.ir.headers import FunctionHeader
from propslower.ir.module import Module
from propslower.ir.strings import name_of
from propslower.ir.variable_edits import Variable, VariableEditor
from propslower.passes import PassContext
from propslower.properties.model import Site
from propslower.properties.profiles import profile_named
from propslower.spirv import encoders, kernels, variables
from propslower.spirv.encoders import SYMBOL, EncodeContext, EncodingError, encode
from propslower.spirv.kernel_replay import KernelReplays
from propslower.spirv.lists import MetadataLists
from propslower.spirv.lower import SpirvPass
from propslower.spirv.modes import ExecutionModes
from propslower.spirv.table import load_table
from tests.profiles import EVERY_PROFILE_NAME, every_profile_name
from tests.spirv.helpers import INPUTS, header

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from synth import synthesize


def _run(text: str, profile: str, record: bool) -> tuple[str, str, list[object]]:
    module = Module(text, "in.ll")
    spirv = SpirvPass(record=record)
    result = spirv.lower(module, PassContext(profile_named(profile)))
    rendered = render_all(result.diagnostics, {"in.ll": text})
    return module.render(), rendered, list(result.findings)


def assert_same_without_shortcuts(text: str, profile: str) -> bool:
    """Whether the pass reported errors (the comparison holds either way)."""
    errors = False
    for record in (False, True):
        fast = _run(text, profile, record)
        errors = bool(fast[1])
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Variable, "splice_attachment", lambda *_: False)
            patch.setattr(variables, "symbol_template", lambda *_: None)
            patch.setattr(kernels.KernelLowering, "_parameters", _parameters_each_time)
            patch.setattr(headers, "_SHAPES", _NoMemo())
            patch.setattr(variables, "_fresh_entries", lambda _: (None, ()))
            patch.setattr(MetadataLists, "add_execution_mode", _mode_without_prefix)
            patch.setattr(KernelReplays, "replay", lambda *_: False)
            patch.setattr(ExecutionModes, "add_unindexed", lambda *_: False)
            patch.setattr(VariableEditor, "named", _named_by_key)
            general = _run(text, profile, record)
        assert fast == general
    return errors


_add_mode = MetadataLists.add_execution_mode


def _mode_without_prefix(
    self: MetadataLists,
    operands: Sequence[str],
    key: str | None = None,
    key_operands: int | None = None,
    prefix: str | None = None,
) -> bool:
    return _add_mode(self, operands, key, key_operands)


def _named_by_key(self: VariableEditor) -> Iterator[tuple[Variable, str]]:
    return ((variable, name_of(variable.name)) for variable in self)


class _NoMemo(dict):  # type: ignore[type-arg]
    """A cache that keeps nothing."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def _parameters_each_time(
    self: kernels.KernelLowering, function: FunctionItem, entity: str, header: FunctionHeader
) -> None:
    lowering, _ = self._lower_parameters(function, entity, header)
    self._apply_parameters(function, len(header.parameters), lowering)


@pytest.mark.parametrize("name", sorted(p.name for p in INPUTS.glob("*.ll")))
@every_profile_name
def test_inputs(name: str, profile: str) -> None:
    assert_same_without_shortcuts((INPUTS / name).read_text(), profile)


@every_profile_name
def test_synthetic_module(profile: str) -> None:
    assert_same_without_shortcuts(synthesize(0.01, True), profile)


_GROUPS = [
    '"sycl-host-access"="read"',
    '"sycl-host-access"="bogus"',
    '"sycl-host-access"',
    '"sycl-device-global-size"="8" "sycl-unique-id"="u1" "sycl-host-access"="write"',
    '"sycl-device-global-size"="8"',
    '"sycl-host-pipe-size"="4" "sycl-unique-id"="p"',
    '"sycl-device-image-scope" "sycl-implement-in-csr"="true"',
    '"sycl-unknown"="1"',
    "nounwind",
]
_GLOBALS = st.sampled_from(
    [
        "@g{n} = addrspace(1) global i32 0, align 4 #{g}",
        '@"q {n}" = addrspace(1) global i32 0 #{g}',
        "@d{n} = addrspace(1) global i32 0, !spirv.Decorations !0 #{g}",
        "@e{n} = addrspace(1) global i32 0 #{g} ; c",
        "@f{n} = addrspace(1) global i32 0",
        "@a{n} = alias i32, ptr addrspace(1) @g0",
    ]
)
_KERNELS = st.sampled_from(
    [
        'define spir_kernel void @k{n}(i32 "sycl-buffer-location"="{n}" %a) #{g} {{\n  ret void\n}}',
        'define spir_kernel void @k{n}(ptr "sycl-alignment"="{n}" %a) #{g} {{\n  ret void\n}}',
        "define spir_kernel void @k{n}(i32 %a) #{g} !spirv.ParameterDecorations !1 {{\n"
        "  ret void\n}}",
        'define spir_kernel void @k{n}(i32 "sycl-restrict" %a, i32 %b) #{g} {{\n  ret void\n}}',
        "define spir_func void @h{n}() #{g} {{\n  ret void\n}}",
    ]
)
_KERNEL_GROUPS = [
    '"sycl-work-group-size"="8,4,2" "sycl-sub-group-size"="16"',
    '"sycl-work-group-size"="x"',
    '"sycl-pipelined"="1"',
    "nounwind",
]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(_GLOBALS, st.integers(0, 3), st.integers(0, 8)), max_size=8),
    st.lists(st.tuples(_KERNELS, st.integers(0, 4), st.integers(0, 3)), max_size=5),
    st.sampled_from(EVERY_PROFILE_NAME),
    st.booleans(),
)
def test_random_modules(
    globals_: list[tuple[str, int, int]],
    kernels_: list[tuple[str, int, int]],
    profile: str,
    modes: bool,
) -> None:
    lines = [header()]
    lines += [line.format(n=n, g=g) for line, n, g in globals_]
    lines += [line.format(n=n, g=10 + g) for line, n, g in kernels_]
    lines += [f"attributes #{g} = {{ {attrs} }}" for g, attrs in enumerate(_GROUPS)]
    lines += [f"attributes #{10 + g} = {{ {attrs} }}" for g, attrs in enumerate(_KERNEL_GROUPS)]
    lines += ["!0 = !{!2}", "!1 = !{!2}", "!2 = !{i32 44, i32 8}"]
    if modes:
        lines += ["!spirv.ExecutionMode = !{!3, !4, !5}", "!3 = !{ptr @k1, i32 35, i32 8}"]
        lines += ["!4 = !{ptr @k2, i32 17, i32 1, i32 1, i32 1}", "!5 = !{ptr @k1, i32 36}"]
    text = "\n".join(lines) + "\n"
    event("errors" if assert_same_without_shortcuts(text, profile) else "clean")


@every_profile_name
@pytest.mark.parametrize("symbol", ["g", "a b", "\\", '"', "x" * 40])
def test_symbol_template_is_the_encoding(profile: str, symbol: str) -> None:
    table = load_table(())
    for rule in table.rules:
        if rule.target.site is not Site.GLOBAL_VARIABLE:
            continue
        for value in (None, "read", "write", "none", "read_write", "1", "bogus"):
            for attributes in ({}, {"sycl-unique-id": "u"}, {"sycl-host-access": "write"}):
                template = encoders.symbol_template(rule, value, attributes)
                if template is None:
                    continue
                entries = encode(rule, value, EncodeContext(symbol, attributes, symbol=symbol))
                assert entries == tuple(
                    tuple(symbol if o == SYMBOL else o for o in entry) for entry in template
                )
                if not rule.params.name_from:
                    with pytest.raises(EncodingError):
                        encode(rule, value, EncodeContext("", attributes, symbol=""))
