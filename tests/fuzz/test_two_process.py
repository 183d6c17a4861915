"""The campaign's two-process check: it splits real runs, and it catches a join that is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from propslower.ir import scan
from tests.fuzz import two_process
from tests.fuzz.corpus import REPOSITORY
from tests.fuzz.oracle import Verdict
from tests.fuzz.runner import judge, judge_isolated
from tests.fuzz.scenarios import Case

pytestmark = pytest.mark.fuzz

FOUR_KERNELS = (REPOSITORY / "examples" / "ir" / "four_kernels.ll").read_bytes()
_LAST = FOUR_KERNELS.rindex(b"\ndefine ")
BROKEN = FOUR_KERNELS[:_LAST] + b"\nthis is not IR" + FOUR_KERNELS[_LAST:]
"""A line that is no item before the last function: in the child's half."""


def _case(command: str, module: bytes, *extra: str) -> Case:
    return Case(
        command,
        [command, "in.ll", "--no-verify", "-o", "out.ll", *extra],
        files={"in.ll": module},
        module_input="in.ll",
        module_output="out.ll",
        verify=False,
        preserve_lines=command != "aspects",
    )


@pytest.mark.parametrize("command", ["spirv", "aspects", "run"])
def test_a_no_verify_case_is_run_again_split_and_matches(command: str) -> None:
    extra = ("-p", "lower,spirv") if command == "run" else ()
    result = judge_isolated(_case(command, FOUR_KERNELS, *extra))
    assert result.findings == [] and result.outcome.status == 0
    assert result.split_compared


def test_an_error_in_the_second_half_is_the_same_error_split() -> None:
    result = judge_isolated(_case("spirv", BROKEN))
    assert result.outcome.status == 1 and "error:" in result.outcome.stderr
    assert result.findings == [] and result.split_compared


def test_a_verified_case_is_compared_in_its_no_verify_form() -> None:
    verified = _case("spirv", FOUR_KERNELS)
    verified.argv.remove("--no-verify")
    verified.verify = True
    plain = two_process.unverified(verified)
    assert plain.argv == ["spirv", "--no-verify", "in.ll", "-o", "out.ll"] and not plain.verify
    assert two_process.unverified(plain) is plain
    result = judge_isolated(verified)
    assert result.findings == [] and result.split_compared


def test_cases_without_one_module_in_this_process_are_not_repeated() -> None:
    assert not two_process.applies(Case("macros", ["macros"]))
    in_subprocess = _case("spirv", FOUR_KERNELS)
    in_subprocess.in_subprocess = True
    assert not two_process.applies(in_subprocess)
    assert two_process.applies(_case("spirv", FOUR_KERNELS))


def test_a_join_that_drops_the_childs_items_is_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def dropped(scanner: scan._Scanner, at: int, tail: object) -> None:
        scanner.part(0, 1, at)  # the child's half never arrives

    monkeypatch.setattr(scan, "_join", dropped)
    result = judge(_case("spirv", FOUR_KERNELS), workdir=tmp_path)
    assert result.split_compared
    assert [f.verdict for f in result.findings] == [Verdict.SPLIT_DIFFERS]
    assert "differs" in result.findings[0].detail
