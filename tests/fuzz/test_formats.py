"""Hypothesis tests, one per input format, with fixed seeds (``derandomize``) for CI."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz import strategies as fs
from tests.fuzz.corpus import DEVICE_FLAGS, REPOSITORY, Seed
from tests.fuzz.helpers import HYPOTHESIS, assert_ok
from tests.fuzz.oracle import Verdict
from tests.fuzz.runner import judge_isolated, preload
from tests.fuzz.scenarios import PRESET, Case

pytestmark = pytest.mark.fuzz

DEVICE_LL = (REPOSITORY / "examples/ir/device.ll").read_bytes()
FOUR_LL = (REPOSITORY / "examples/ir/four_kernels.ll").read_bytes()


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    preload()


def _module_case(command: str, module: bytes, options: list[str], **files: bytes) -> Case:
    case = Case(
        command,
        [command, *options, "-o", "out.ll", "in.ll"],
        files={"in.ll": module, "out.ll": PRESET, **files},
        watched=["out.ll", "in.ll"],
        module_input="in.ll",
        module_output="out.ll",
        preserve_lines=True,
        idempotent=True,
    )
    return case


@HYPOTHESIS
@given(text=fs.attribute_texts(), profile=st.sampled_from(("design", "dpcpp")))
def test_parse_attribute_text(text: str, profile: str) -> None:
    case = Case("parse", ["parse", "--format", "json", "--profile", profile, "--file", "a.txt"])
    case.files["a.txt"] = text.encode()
    result = judge_isolated(case)
    assert result.outcome.status in (0, 1)
    assert_ok([result])


@HYPOTHESIS
@given(seed_and_data=fs.mutated_seeds("attribute"))
def test_parse_mutated_attributes(seed_and_data: tuple[Seed, bytes]) -> None:
    case = Case("parse", ["parse", "--file", "a.txt"], files={"a.txt": seed_and_data[1]})
    result = judge_isolated(case)
    assert result.outcome.status in (0, 1)
    assert_ok([result])


@HYPOTHESIS
@given(spec=fs.specs(), spirv=st.booleans())
def test_annotate_specs(spec: str, spirv: bool) -> None:
    options = ["--props", "spec.yaml", *(["--spirv"] if spirv else [])]
    case = _module_case("annotate", DEVICE_LL, options, **{"spec.yaml": spec.encode()})
    result = judge_isolated(case)
    assert result.outcome.status in (0, 1)
    assert_ok([result])


@HYPOTHESIS
@given(
    seed_and_data=fs.mutated_seeds("ll"),
    command=st.sampled_from(("annotate", "spirv", "aspects", "run")),
)
def test_module_commands_on_mutated_ir(seed_and_data: tuple[Seed, bytes], command: str) -> None:
    options = {"annotate": ["--from-annotations"], "run": ["-p", "lower,spirv"]}.get(command, [])
    result = judge_isolated(_module_case(command, seed_and_data[1], options), llvm_as=True)
    assert result.outcome.status in (0, 1)
    assert_ok([result])


@HYPOTHESIS
@given(map_text=fs.maps(), profile=st.sampled_from(("design", "dpcpp")))
def test_spirv_maps(map_text: str, profile: str) -> None:
    module = (REPOSITORY / "tests/spirv/inputs/opaque.ll").read_bytes()
    options = ["--map", "map.yaml", "--profile", profile]
    case = _module_case("spirv", module, options, **{"map.yaml": map_text.encode()})
    result = judge_isolated(case, llvm_as=True)
    assert result.outcome.status in (0, 1)
    assert_ok([result])


@HYPOTHESIS
@given(config=fs.device_configs(), command=st.sampled_from(("split", "check", "macros")))
def test_device_configs(config: str, command: str) -> None:
    files = {"config.yaml": config.encode()}
    if command == "split":
        argv = ["split", "-d", "out", "--targets", "intel_gpu_pvc,my_gpu", "in.ll"]
        files |= {"in.ll": FOUR_LL, "out/keep.txt": PRESET}
        watched = ["out"]
    elif command == "check":
        argv = ["check", "--kernel", "k3", "--device", "my_gpu", "in.ll"]
        files["in.ll"] = FOUR_LL
        watched = []
    else:
        argv = ["macros", "--targets", "intel_gpu_pvc,my_gpu", "--header", "t.hpp"]
        files["t.hpp"] = PRESET
        watched = ["t.hpp"]
    case = Case(command, [*argv[:1], "--device-config", "config.yaml", *argv[1:]], files=files)
    case.watched = watched
    case.split_directory = "out" if command == "split" else None
    result = judge_isolated(case)
    assert result.verdict in (Verdict.OK, *(f.verdict for f in result.findings))
    assert_ok([result])


@HYPOTHESIS
@given(prop=fs.prop_files(), form=st.sampled_from(("text", "json")))
def test_props_files(prop: str, form: str) -> None:
    case = Case(
        "props",
        ["props", "--format", form, "-o", "out.txt", "in.prop"],
        files={"in.prop": prop.encode(), "out.txt": PRESET},
        watched=["out.txt"],
    )
    result = judge_isolated(case)
    assert result.outcome.status in (0, 1)
    assert_ok([result])


@HYPOTHESIS
@given(seed_and_data=fs.mutated_seeds("prop"))
def test_props_mutated(seed_and_data: tuple[Seed, bytes]) -> None:
    case = Case("props", ["props", "in.prop"], files={"in.prop": seed_and_data[1]})
    result = judge_isolated(case)
    assert result.outcome.status in (0, 1)
    assert_ok([result])


@settings(HYPOTHESIS, max_examples=3)
@given(seed_and_data=fs.mutated_seeds("cpp"))
def test_extract_mutated_cpp(seed_and_data: tuple[Seed, bytes]) -> None:
    case = Case("extract", ["extract", "src.cpp", "--", *DEVICE_FLAGS, "-I."], in_subprocess=True)
    case.files["src.cpp"] = seed_and_data[1]
    for header in ("sycl_props.hpp", "sycl_aspects.hpp"):
        case.files[header] = (REPOSITORY / "examples" / header).read_bytes()
    result = judge_isolated(case)
    assert result.outcome.status in (0, 1)
    assert_ok([result])


@HYPOTHESIS
@given(seed_and_data=fs.mutated_seeds("aspects_def"), numeric=st.booleans())
def test_macros_with_mutated_aspect_tables(
    seed_and_data: tuple[Seed, bytes], numeric: bool
) -> None:
    argv = ["macros", "--targets", "intel_gpu_pvc,spir64", "--aspects-def", "a.def"]
    case = Case("macros", [*argv, *(["--numeric"] if numeric else [])])
    case.files["a.def"] = seed_and_data[1]
    result = judge_isolated(case)
    assert result.outcome.status in (0, 1)
    assert_ok([result])
