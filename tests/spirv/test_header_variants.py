"""``spirv`` (and ``annotate --spirv``) on every shape of kernel header clang-15/16/19 print.

The variants are generated: linkage, preemption, visibility, unnamed_addr, program address
space, attributes, section, comdat, alignment, personality, existing attachments and a
parameter list over several lines. A second run must change nothing, and every attachment
kind must appear once (a header ending in a bare ``comdat`` used to hide its attachments,
so the pass appended a second ``!spirv.ParameterDecorations`` that llvm-spirv-15 ignored).
"""

from __future__ import annotations

import random
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.lowering.lower_pass import LowerPass
from propslower.lowering.spec import read_spec_rows
from propslower.passes import PassContext, run_pipeline
from propslower.properties.profiles import DESIGN
from tests.conftest import require_tool
from tests.spirv.helpers import header, lower

DIMENSIONS: dict[str, tuple[str, ...]] = {
    "linkage": ("", "weak_odr", "linkonce_odr", "external"),
    "preemption": ("", "dso_local"),
    "visibility": ("", "hidden", "protected"),
    "unnamed": ("", "unnamed_addr", "local_unnamed_addr"),
    "program_space": ("", "addrspace(0)"),
    "attributes": ("#0", "#0 nounwind", 'nounwind #0 "k"="v"'),
    "section": ("", 'section ".text.k"'),
    "comdat": ("", "comdat", "comdat($k)"),
    "align": ("", "align 4"),
    "personality": ("", "personality ptr @__gxx_personality_v0"),
    "attachments": (
        "",
        "!srcloc !20",
        "!srcloc !20 !kernel_arg_addr_space !21",
        "!spirv.ParameterDecorations !22",
        "!srcloc !20 !spirv.ParameterDecorations !22 !kernel_arg_addr_space !21",
    ),
    "layout": ("one line", "parameters over lines", "attachments over lines"),
}
"""Each dimension of a kernel header and the spellings clang (or LLVM's printer) uses."""
RICH = {
    "linkage": "weak_odr",
    "preemption": "dso_local",
    "visibility": "",
    "unnamed": "",
    "program_space": "",
    "attributes": "#0",
    "section": "",
    "comdat": "comdat",
    "align": "",
    "personality": "",
    "attachments": "!spirv.ParameterDecorations !22",
    "layout": "one line",
}
"""What clang-19 writes for a template kernel: the others vary one dimension from this."""
SAMPLED = 60


@dataclass(frozen=True)
class Variant:
    """One header shape: a value for every dimension."""

    choices: tuple[tuple[str, str], ...]

    @property
    def id(self) -> str:
        shown = [f"{k}={v}" for k, v in self.choices if v and v != RICH.get(k)]
        return ",".join(shown) or "clang-template-kernel"

    def get(self, dimension: str) -> str:
        return dict(self.choices)[dimension]


def _variants() -> list[Variant]:
    """Every value of every dimension in the rich context, then a seeded random sample."""
    out: dict[tuple[tuple[str, str], ...], None] = {}
    for dimension, values in DIMENSIONS.items():
        for value in values:
            out[tuple({**RICH, dimension: value}.items())] = None
    rng = random.Random(20240)
    while len(out) < len(DIMENSIONS) * 3 + SAMPLED:
        out[tuple((k, rng.choice(v)) for k, v in DIMENSIONS.items())] = None
    return [Variant(choices) for choices in out]


VARIANTS = _variants()


def kernel_module(variant: Variant) -> str:
    """A module with kernel ``@k`` whose header has ``variant``'s shape."""
    words = [variant.get(d) for d in ("linkage", "preemption", "visibility")]
    prefix = " ".join(w for w in ["define", *words, "spir_kernel void @k("] if w)
    separator = ",\n    " if variant.get("layout") == "parameters over lines" else ", "
    parameters = separator.join(
        ["i32 %n", 'ptr addrspace(1) noundef "sycl-buffer-location"="2" %a']
    )
    dimensions = ("unnamed", "program_space", "attributes", "section", "comdat", "align")
    suffix = [variant.get(d) for d in (*dimensions, "personality")]
    attachments = variant.get("attachments")
    if variant.get("layout") == "attachments over lines":
        attachments = attachments.replace(" !", "\n    !").replace("\n    !2", " !2")
    head = f"{prefix}{parameters}) " + " ".join(w for w in [*suffix, attachments] if w) + " {\n"
    comdat = "$k = comdat any\n\n" if "comdat" in variant.get("comdat") else ""
    personality = "declare i32 @__gxx_personality_v0(...)\n\n" if variant.get("personality") else ""
    return (
        header()
        + comdat
        + head
        + "entry:\n  ret void\n}\n\n"
        + personality
        + 'attributes #0 = { convergent nounwind "sycl-sub-group-size"="16" }\n\n'
        + "!20 = !{i32 7}\n!21 = !{i32 0, i32 1}\n"
        + "!22 = !{!23, !24}\n!23 = !{}\n!24 = !{!25}\n!25 = !{i32 44, i32 8}\n"
    )


_ATTACHMENT = re.compile(r"(![A-Za-z_][-\w$.]*)\s+!\d+")


def _header_of(text: str) -> str:
    start = text.index("define ")
    return text[start : text.index("{\n", start)]


def _attachment_counts(text: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for kind in _ATTACHMENT.findall(_header_of(text)):
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def test_the_variants_cover_every_value() -> None:
    for dimension, values in DIMENSIONS.items():
        assert {v.get(dimension) for v in VARIANTS} == set(values)
    assert len(VARIANTS) >= 80


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_spirv_twice_changes_nothing(variant: Variant) -> None:
    source = kernel_module(variant)
    assert not verify_text(source, "in.ll"), source
    first, diagnostics, _ = lower(source)
    assert not [d for d in diagnostics if d.is_error]
    assert not verify_text(first, "out.ll"), first
    second, _, _ = lower(first)
    assert second == first
    counts = _attachment_counts(first)
    assert counts.get("!spirv.ParameterDecorations") == 1, _header_of(first)
    assert all(count == 1 for count in counts.values()), counts
    expected = set(_ATTACHMENT.findall(_header_of(source)))
    assert expected | {"!spirv.ParameterDecorations"} == set(counts)


SPEC = """kernel_parameters:
  k:
    1: |
      [[__sycl_detail__::add_ir_kernel_parameter_attributes("sycl-buffer-location", 2)]]
"""


def _annotate_spirv(text: str) -> str:
    """``annotate --props SPEC --spirv`` in-process."""
    module = Module.parse(text, "in.ll")
    context = PassContext(DESIGN)
    placements = read_spec_rows(SPEC, "spec.yaml", DESIGN, {})
    diagnostics = LowerPass(placements).apply(module, context)
    diagnostics += run_pipeline(module, ["spirv"], context)
    assert not [d for d in diagnostics if d.is_error]
    return module.render()


@pytest.mark.parametrize("variant", VARIANTS[::3], ids=lambda v: v.id)
def test_annotate_spirv_twice_changes_nothing(variant: Variant) -> None:
    source = kernel_module(variant).replace(' "sycl-buffer-location"="2"', "")
    first = _annotate_spirv(source)
    assert '"sycl-buffer-location"="2"' in first
    assert _annotate_spirv(first) == first
    assert all(count == 1 for count in _attachment_counts(first).values())


def _spirv_text(tmp_path: Path, text: str) -> str:
    llvm_as = require_tool("llvm-as-15")
    llvm_spirv = require_tool("llvm-spirv-15")
    source = tmp_path / "out.ll"
    source.write_text(text)
    bitcode = tmp_path / "out.bc"
    subprocess.run([llvm_as, str(source), "-o", str(bitcode)], check=True)
    result = subprocess.run(
        [llvm_spirv, "--spirv-ext=+all", "--spirv-text", str(bitcode), "-o", "-"],
        check=True,
        capture_output=True,
        text=True,
    )
    return result.stdout


TRANSLATED = [v for v in VARIANTS if not v.get("personality")][::6]
"""A subset for llvm-spirv-15 (which does not translate personality functions)."""


@pytest.mark.integration
@pytest.mark.parametrize("variant", TRANSLATED, ids=lambda v: v.id)
def test_translator_sees_the_new_decoration(tmp_path: Path, variant: Variant) -> None:
    output, _, _ = lower(kernel_module(variant))
    spirv = _spirv_text(tmp_path, output)
    decorations = [line.split()[2:] for line in spirv.splitlines() if " Decorate " in line]
    assert [d[1:] for d in decorations if d[1:2] == ["BufferLocationINTEL"]] == [
        ["BufferLocationINTEL", "2"]
    ]
    if "ParameterDecorations" in variant.get("attachments"):
        assert any(d[1:] == ["Alignment", "8"] for d in decorations), spirv
