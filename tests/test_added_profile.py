"""Adding a profile is one ``Profile`` object plus table data: a test-only third profile."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import propslower
from propslower.properties.profiles import Profile
from tests.conftest import CliRun

Cli = Callable[..., CliRun]
KERNEL = (
    Path(__file__).resolve().parent / "inputs" / "design_examples" / "kernel_parameter-opaque.ll"
)
SPEC = """\
functions:
  _ZTS8MyKernel: {sycl-work-group-size: "8,4,2"}
kernel_parameters:
  _ZTS8MyKernel:
    1: {sycl-restrict: null, sycl-buffer-location: 3}
"""


def test_annotate_and_spirv_run_in_an_added_profile(
    cli: Cli, added_profile: Profile, tmp_path: Path
) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text(SPEC)

    def annotate(profile: str) -> str:
        run = cli("annotate", "--spirv", "--props", str(spec), "--profile", profile, str(KERNEL))
        assert (run.status, run.stderr) == (0, "")
        return run.stdout

    design = annotate("design")
    added = annotate(added_profile.name)
    assert "!spirv.ExecutionMode = !{!0}" in added  # design's table rows, named for it too
    assert added == design.replace('align 4 "sycl-restrict"', 'align 4 noalias "sycl-restrict"')
    assert added != design


def test_the_public_api_finds_an_added_profile_by_name(added_profile: Profile) -> None:
    assert propslower.profile(added_profile.name) is added_profile
