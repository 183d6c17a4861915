from __future__ import annotations

from pathlib import Path

import pytest

from propslower.aspects.def_file import default_table
from propslower.diagnostics import DiagnosticError
from propslower.postlink.device_config import (
    TargetInfo,
    builtin_config,
    load_device_config,
    parse_builtin_targets,
    parse_user_config,
)

TABLE = default_table()


def names(values: tuple[int, ...]) -> set[str | None]:
    return {TABLE.name_of(v) for v in values}


def errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(DiagnosticError) as caught:
        parse_user_config(text, "c.yaml", TABLE)
    out = []
    for d in caught.value.diagnostics:
        assert d.span is not None and d.span.file == "c.yaml"
        out.append((d.span.line, d.span.column, d.message))
    return out


def test_builtin_table() -> None:
    config = builtin_config(TABLE)
    pvc = config.get("intel_gpu_pvc")
    assert pvc is not None
    assert names(pvc.aspects) == {"ext_intel_esimd", "fp16", "fp64", "atomic64"}
    assert pvc.sub_group_sizes == (16, 32)
    assert not pvc.may_support_other_aspects
    dg2 = config.get("intel_gpu_acm_g10")
    assert dg2 is not None and "fp64" not in names(dg2.aspects)
    sm80 = config.get("nvidia_gpu_sm_80")
    assert sm80 is not None and sm80.may_support_other_aspects and sm80.sub_group_sizes == (32,)
    assert {"ext_oneapi_cuda_async_barrier", "usm_system_allocations"} <= names(sm80.aspects)
    assert "ext_oneapi_cuda_cluster_group" not in names(sm80.aspects)
    gfx90a = config.get("amd_gpu_gfx90a")
    assert gfx90a is not None and "ext_oneapi_native_assert" in names(gfx90a.aspects)
    spir = config.get("spir64")
    assert spir == TargetInfo("spir64", may_support_other_aspects=True)
    assert config.get("amd_gpu_gfx942") == TargetInfo("amd_gpu_gfx942")


def test_builtin_is_cached() -> None:
    assert builtin_config(TABLE) is builtin_config(TABLE)


def test_lookup_drops_trailing_components() -> None:
    config = builtin_config(TABLE)
    assert config.lookup("spir64_gen-unknown-unknown") == config.get("spir64_gen")
    assert config.get("spir64_gen-unknown-unknown") is None
    assert config.lookup("nothing-here") is None


def test_design_example() -> None:
    text = """gen11_1:
  aspects: [1, 2, 3]
  sub-group-sizes: [8, 16]
  aot-compiler-id: gen-spir64
gen_icl:
  aspects: [gpu, accelerator]
  sub-group-sizes: [8, 16]
  aot-compiler-id: gen-spir64
x86_64_avx512:
  aspects: [1, 2, 3, 9, 11]
  sub-group-sizes: [8, 32]
  aot-compiler-id: x86-spir64
"""
    overrides = parse_user_config(text, "c.yaml", TABLE)
    assert overrides["gen11_1"] == {
        "aspects": (1, 2, 3),
        "sub_group_sizes": (8, 16),
        "aot_compiler_id": "gen-spir64",
    }
    assert overrides["gen_icl"]["aspects"] == (2, 3)


def test_user_file_extends_and_overrides(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        "intel_gpu_pvc:\n  sub-group-sizes: [8]\n"
        "intel_gpu_new:\n  aspects: [fp64, usm_system_allocator]\n"
        "  may_support_other_aspects: false\n"
        "my_dev:\n  aot-toolchain: tool\n  aot-toolchain-options: -x\n"
    )
    config = load_device_config(str(path), TABLE)
    pvc = config.get("intel_gpu_pvc")
    assert pvc is not None and pvc.sub_group_sizes == (8,)
    assert names(pvc.aspects) == {"ext_intel_esimd", "fp16", "fp64", "atomic64"}
    new = config.get("intel_gpu_new")
    assert new == TargetInfo("intel_gpu_new", (6, 17), (), False, "ocloc", "-device new")
    assert config.get("my_dev") == TargetInfo(
        "my_dev", aot_toolchain="tool", aot_toolchain_options="-x"
    )
    assert "spir64" in config
    assert load_device_config(None, TABLE) is builtin_config(TABLE)


def test_empty_file() -> None:
    assert parse_user_config("", "c.yaml", TABLE) == {}
    assert parse_user_config("# only a comment\n", "c.yaml", TABLE) == {}


def test_mistakes_positioned() -> None:
    text = """gen11_1:
  aspects: [gpu, fp65, 300]
  sub-group-sizes: [8, x, -4]
  may_support_other_aspects: 3
  bogus: 1
  aot-compiler-id: [a]
gen11_1: {}
other: [1]
third:
  aspects: fp64
  aspects: []
"""
    assert errors(text) == [
        (2, 18, "unknown aspect 'fp65'"),
        (3, 24, "a sub-group size must be an integer, not a string"),
        (4, 30, "'may_support_other_aspects' must be true or false, not an integer"),
        (
            5,
            3,
            "unknown key 'bogus' (expected one of: aot-compiler-id, aot-toolchain, "
            "aot-toolchain-options, aspects, may_support_other_aspects, sub-group-sizes)",
        ),
        (6, 20, "'aot-compiler-id' must be a string, not a list"),
        (7, 1, "duplicate target key 'gen11_1'"),
        (8, 8, "the entry of target 'other' must be a mapping, not a list"),
        (10, 12, "'aspects' must be a list, not a string"),
        (11, 3, "duplicate target 'third' key 'aspects'"),
    ]


def test_target_names_that_cannot_be_file_names() -> None:
    """A target name becomes part of output file names: no separators, '..', line breaks."""
    text = (
        "x/../../escaped:\n  aspects: [fp16]\n"
        "good-1.0_x+y:\n  aspects: [fp64]\n"
        '"a\\nb": {}\n'
        "..: {}\n"
        ".hidden: {}\n"
        "a..b: {}\n"
    )
    suffix = (
        " cannot be part of a file name (it names the target's table and property files): "
        "use letters, digits, '_', '-', '+' and single '.'"
    )
    assert errors(text) == [
        (1, 1, "target name 'x/../../escaped'" + suffix),
        (5, 1, "target name 'a\\nb'" + suffix),
        (6, 1, "target name '..'" + suffix),
        (7, 1, "target name '.hidden'" + suffix),
        (8, 1, "target name 'a..b'" + suffix),
    ]
    assert "good-1.0_x+y" in parse_user_config("good-1.0_x+y: {}\n", "c.yaml", TABLE)
    builtin = "groups: {}\ntargets:\n  - names: [ok, ../up]\n"
    with pytest.raises(DiagnosticError, match="cannot be part of a file name") as caught:
        parse_builtin_targets(builtin, "t.yaml", TABLE)
    assert str(caught.value.diagnostics[0].span) == "t.yaml:3:17"


def test_unknown_aspect_number_and_bad_size() -> None:
    assert errors("t:\n  aspects: [300]\n") == [(2, 13, "unknown aspect number 300")]
    assert errors("t:\n  sub-group-sizes: [0]\n") == [(2, 21, "sub-group size 0 must be positive")]


def test_top_level_and_syntax_errors() -> None:
    assert errors("- 1\n") == [(1, 1, "a device configuration file must be a mapping, not a list")]
    ((line, column, message),) = errors("a: [1\n")
    assert message.startswith("invalid YAML")
    assert (line, column) == (2, 1)


def test_builtin_file_errors_positioned() -> None:
    text = "groups: {}\ntargets:\n  - names: [a]\n    aspects: ['@Nope']\n"
    with pytest.raises(DiagnosticError) as caught:
        parse_builtin_targets(text, "t.yaml", TABLE)
    assert str(caught.value.diagnostics[0].span) == "t.yaml:4:15"
    text = "groups: {}\ntargets:\n  - names: [a]\n  - names: [a]\n"
    with pytest.raises(DiagnosticError) as caught:
        parse_builtin_targets(text, "t.yaml", TABLE)
    assert caught.value.diagnostics[0].message == "duplicate target 'a'"
