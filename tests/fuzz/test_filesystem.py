"""Filesystem oddities under a temporary directory: device nodes, FIFOs, symlinks, bad paths."""

from __future__ import annotations

import pytest

from tests.fuzz.corpus import REPOSITORY
from tests.fuzz.helpers import assert_ok
from tests.fuzz.runner import judge_isolated, preload
from tests.fuzz.scenarios import CAN_MKNOD, HOSTILE_NAMES, PRESET, Case

pytestmark = pytest.mark.fuzz

DEVICE_LL = (REPOSITORY / "examples/ir/device.ll").read_bytes()
DEVICE_SPEC = (REPOSITORY / "examples/ir/device.yaml").read_bytes()
FOUR_LL = (REPOSITORY / "examples/ir/four_kernels.ll").read_bytes()
PROP = b"[SYCL/image-requirements]\naspect=2|gAAAAAAAAAQBAAAA\n"


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    preload()


def _writer(command: str, target: str) -> Case:
    """A command that succeeds on its inputs and writes ``target``."""
    if command == "annotate":
        argv = ["annotate", "--props", "spec.yaml", "-o", target, "in.ll"]
        files = {"in.ll": DEVICE_LL, "spec.yaml": DEVICE_SPEC}
        return Case(command, argv, files=files, module_input="in.ll", module_output=target)
    if command == "spirv":
        argv = ["spirv", "-o", target, "in.ll"]
        module = (REPOSITORY / "tests/spirv/inputs/opaque.ll").read_bytes()
        return Case(
            command, argv, files={"in.ll": module}, module_input="in.ll", module_output=target
        )
    if command == "props":
        return Case(command, ["props", "-o", target, "in.prop"], files={"in.prop": PROP})
    return Case(command, ["macros", "--targets", "intel_gpu_pvc", "--header", target])


OUTPUT_ODDITIES = (
    "device",
    "fifo",
    "symlink",
    "directory",
    "missing-dir",
    "file-parent",
    "readonly-dir",
)


@pytest.mark.parametrize("oddity", OUTPUT_ODDITIES)
@pytest.mark.parametrize("command", ["annotate", "spirv", "props", "macros"])
def test_output_paths(command: str, oddity: str) -> None:
    target = {
        "missing-dir": "missing/out.ll",
        "file-parent": "plain/out.ll",
        "readonly-dir": "ro/out.ll",
    }.get(oddity, "out.ll")
    case = _writer(command, target)
    if oddity in ("device", "fifo", "symlink", "directory"):
        case.specials[target] = oddity
        case.watched.append(target)
    if oddity == "symlink":
        case.files["link-target.ll"] = PRESET
        case.watched.append("link-target.ll")
    if oddity == "file-parent":
        case.files["plain"] = PRESET
    if oddity == "readonly-dir":  # root writes there anyway: either outcome must be clean
        case.specials["ro"] = "readonly-dir"
    case.watched.append(target.split("/")[0])
    if "device" in case.specials.values() and not CAN_MKNOD:
        pytest.skip("device nodes need root")
    result = judge_isolated(case)
    if oddity in ("missing-dir", "file-parent", "directory"):
        assert result.outcome.status == 1, result.outcome.stderr
    assert_ok([result])


INPUT_ODDITIES = ("device", "fifo-in", "directory", "missing", *HOSTILE_NAMES)


@pytest.mark.parametrize("oddity", INPUT_ODDITIES)
@pytest.mark.parametrize("command", ["annotate", "aspects", "split", "props", "parse"])
def test_input_paths(command: str, oddity: str) -> None:
    name = oddity if oddity in HOSTILE_NAMES else "in.ll"
    data = {"props": PROP, "parse": b'add_ir_function_attributes("a", 1)'}.get(command, FOUR_LL)
    argv = {
        "annotate": ["annotate", "-o", "out.ll"],
        "aspects": ["aspects", "-o", "out.ll"],
        "split": ["split", "-d", "out"],
        "props": ["props", "-o", "out.ll"],
        "parse": ["parse", "--kind", "function", "-o", "out.ll", "--file"],
    }[command]
    if command == "parse":
        argv.remove("-o")
        argv.remove("out.ll")
    case = Case(command, [*argv, "--", name] if command != "parse" else [*argv, name])
    case.files["out.ll" if command != "split" else "out/keep.txt"] = PRESET
    case.watched.append("out" if command == "split" else "out.ll")
    if command in ("annotate", "aspects"):
        case.module_input, case.module_output = name, "out.ll"
    if command == "split":
        case.split_directory = "out"
    if oddity in ("device", "fifo-in", "directory"):
        case.specials[name] = oddity
        case.fifo_data = data
    elif oddity != "missing":
        case.files[name] = data
    if "device" in case.specials.values() and not CAN_MKNOD:
        pytest.skip("device nodes need root")
    result = judge_isolated(case)
    if oddity in ("directory", "missing"):
        assert result.outcome.status == 1, result.outcome.stderr
    assert_ok([result])


@pytest.mark.parametrize("oddity", ["file", "device", "symlink-dir", "missing-parent", "fifo"])
def test_split_directory(oddity: str) -> None:
    directory = "missing/deeper/out" if oddity == "missing-parent" else "out"
    case = Case("split", ["split", "-d", directory, "in.ll"], files={"in.ll": FOUR_LL})
    case.split_directory = directory
    case.watched.append(directory.split("/", maxsplit=1)[0])
    if oddity == "file":
        case.files["out"] = PRESET
    elif oddity != "missing-parent":
        case.specials["out"] = oddity
    if "device" in case.specials.values() and not CAN_MKNOD:
        pytest.skip("device nodes need root")
    result = judge_isolated(case)
    if oddity in ("file", "device", "fifo"):
        assert result.outcome.status == 1, result.outcome.stderr
    assert_ok([result])


def test_split_failure_leaves_the_directory_alone() -> None:
    unverifiable = (REPOSITORY / "tests/lit/spirv/Inputs/unverifiable.ll").read_bytes()
    case = Case("split", ["split", "-d", "out", "in.ll"], files={"in.ll": unverifiable})
    case.files |= {"out/keep.txt": PRESET, "out/in_0.ll": PRESET}
    case.watched.append("out")
    case.split_directory = "out"
    result = judge_isolated(case)
    assert result.outcome.status == 1
    assert_ok([result])
