from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from propslower.commands import macros, props
from propslower.diagnostics import DiagnosticError
from propslower.postlink.kernel_reqs import aspect_entry, kernel_reqs, work_group_entry
from propslower.postlink.propset import PropertySet, PropertyValue, write_prop
from propslower.postlink.requirements import (
    DeviceRequirementsInput,
    Requirements,
    device_requirements,
    image_requirements,
)
from tests.conftest import CliRun


def parse(module: object, argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)  # type: ignore[attr-defined]
    return parser.parse_args(argv)


@pytest.fixture
def prop_file(tmp_path: Path) -> Path:
    path = tmp_path / "m_0.prop"
    path.write_text(
        write_prop(
            [
                PropertySet(
                    "SYCL/devicelib req mask", {"DeviceLibReqMask": PropertyValue.uint32(0)}
                ),
                device_requirements(
                    DeviceRequirementsInput(
                        Requirements((6, 5), 16, (8, 4, 1)), compile_target="intel_gpu_pvc"
                    )
                ),
                image_requirements(Requirements((6,), 8, (16,))),
                kernel_reqs({"_ZTS1K": [aspect_entry(6, 1), work_group_entry((8, 4), 2)]}),
                PropertySet("Other", {"blob": PropertyValue.byte_array(b"ab")}),
            ]
        )
    )
    return path


def test_props_text(prop_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert props.NAME == "props" and props.HELP
    assert props.run(parse(props, [str(prop_file)])) == 0
    assert capsys.readouterr().out == (
        "[SYCL/devicelib req mask]\n"
        "  DeviceLibReqMask = 0\n"
        "[SYCL/device requirements]\n"
        "  aspects = [fp16 (5), fp64 (6)]\n"
        "  reqd_sub_group_size = 16\n"
        "  reqd_work_group_size_uint64_t = [8, 4, 1]\n"
        '  compile_target = "intel_gpu_pvc"\n'
        "[SYCL/image-requirements]\n"
        "  aspect = [fp64 (6)]\n"
        "  reqd_sub_group_size = [8]\n"
        "  reqd_work_group_size = [1, 16]\n"
        "[SYCL/kernel reqs]\n"
        "  _ZTS1K = aspect fp64 (6) (spec id 1); reqd_work_group_size 8x4 (spec id 2)\n"
        "[Other]\n"
        "  blob = bytes[2] 6162\n"
    )


def test_props_json(prop_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert props.run(parse(props, [str(prop_file), "--format", "json"])) == 0
    data = json.loads(capsys.readouterr().out)
    device = data["sets"][1]
    assert device["name"] == "SYCL/device requirements"
    assert device["properties"][0]["aspects"] == [
        {"value": 5, "name": "fp16"},
        {"value": 6, "name": "fp64"},
    ]
    assert device["properties"][1] == {"name": "reqd_sub_group_size", "type": "uint32", "value": 16}
    reqs = data["sets"][3]["properties"][0]["kernel_reqs"]
    assert reqs[1] == {"type": "reqd_work_group_size", "spec_id": 2, "dims": [8, 4]}


def test_props_malformed_known_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.prop"
    path.write_text("[SYCL/device requirements]\naspects=2|QAAAAAAAAAQYiB\n")
    assert props.run(parse(props, [str(path)])) == 0
    assert "bytes[2] 6162  (not a valid aspects value" in capsys.readouterr().out


def test_props_custom_aspects_def(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "a.def"
    table.write_text("__SYCL_ASPECT(my_feature, 6)\n")
    path = tmp_path / "x.prop"
    path.write_text(write_prop([image_requirements(Requirements((6, 7)))]))
    assert props.run(parse(props, [str(path), "--aspects-def", str(table)])) == 0
    assert "aspect = [my_feature (6), 7]" in capsys.readouterr().out


def test_props_errors_are_positioned(tmp_path: Path) -> None:
    path = tmp_path / "bad.prop"
    path.write_text("[S]\nx=1|abc\n")
    with pytest.raises(DiagnosticError) as caught:
        props.run(parse(props, [str(path)]))
    assert str(caught.value.diagnostics[0].span) == f"{path}:2:5"


def test_macros_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert macros.NAME == "macros" and macros.HELP
    assert macros.run(parse(macros, ["--targets", "intel_gpu_pvc,intel_gpu_acm_g10"])) == 0
    out = capsys.readouterr().out.split()
    assert "-D__SYCL_ALL_DEVICES_HAVE_fp16__=1" in out
    assert "-D__SYCL_ANY_DEVICE_HAS_fp64__=1" in out
    assert "-D__SYCL_ALL_DEVICES_HAVE_fp64__=1" not in out


def test_macros_numeric_profile_and_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header = tmp_path / "out.hpp"
    args = ["--targets", "intel_gpu_pvc,intel_gpu_pvc-unknown", "--numeric", "--profile"]
    args.append("dpcpp")
    assert macros.run(parse(macros, [*args, "--header", str(header)])) == 0
    out = capsys.readouterr().out.split()
    assert "-D__SYCL_ALL_DEVICES_HAVE_6__=1" in out
    assert "-D__SYCL_ANY_DEVICE_HAS_ANY_ASPECT__=1" not in out
    assert "#define __SYCL_ALL_DEVICES_HAVE_6__ 0" in header.read_text()


def test_macros_device_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("my_dev:\n  aspects: [fp64, 5]\n")
    assert macros.run(parse(macros, ["--targets", "my_dev", "--device-config", str(config)])) == 0
    assert capsys.readouterr().out.split() == [
        "-D__SYCL_ANY_DEVICE_HAS_fp16__=1",
        "-D__SYCL_ANY_DEVICE_HAS_fp64__=1",
        "-D__SYCL_ALL_DEVICES_HAVE_fp16__=1",
        "-D__SYCL_ALL_DEVICES_HAVE_fp64__=1",
    ]
    config.write_text("my_dev:\n  aspects: [fp66]\n")
    with pytest.raises(DiagnosticError) as caught:
        macros.run(parse(macros, ["--targets", "my_dev", "--device-config", str(config)]))
    assert str(caught.value.diagnostics[0].span) == f"{config}:2:13"


def test_macros_unknown_or_empty_target_name_is_a_usage_error(cli: Callable[..., CliRun]) -> None:
    """Like ``check --device``: exit status 2, positioned, with the closest known name."""
    captured = cli("macros", "--targets", "intel_gpu_pvc,,intel_gpu_pvx")
    assert (captured.status, captured.stdout) == (2, "")
    assert captured.stderr.splitlines() == [
        "<command line>:1:25: error: empty target name in --targets",
        "--targets intel_gpu_pvc,,intel_gpu_pvx",
        "                        ^",
        "<command line>:1:26: error: unknown target 'intel_gpu_pvx' in --targets",
        "--targets intel_gpu_pvc,,intel_gpu_pvx",
        "                         ^~~~~~~~~~~~~",
        "propslower: note: did you mean 'intel_gpu_pvc'?",
    ]
