"""The campaign: its table, its failure directory and its exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fuzz import campaign
from tests.fuzz.oracle import Finding, Outcome, Verdict
from tests.fuzz.runner import Result
from tests.fuzz.scenarios import Case, make_case


def _fake(case: Case, *, llvm_as: bool = False) -> Result:
    if case.command == "props":
        finding = Finding(Verdict.CRASH, "KeyError: 'x'")
        return Result(case, Outcome(3, "", "Traceback ...\nKeyError: 'x'\n"), [finding])
    return Result(case, Outcome(0, "", ""))


def test_campaign_counts_and_saves_failures(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(campaign, "judge_isolated", _fake)
    monkeypatch.setattr(campaign, "preload", lambda: None)
    status = campaign.main(
        ["--examples", "4", "--commands", "macros,props", "--failures", str(tmp_path), "--quiet"]
    )
    out = capsys.readouterr().out
    assert status == 1
    assert "| macros" in out and "| props" in out and "1 distinct failure signatures" in out
    assert "x4 " in out  # every props case failed, a few were kept
    saved = sorted(tmp_path.glob("props/crash/*/finding.json"))
    assert len(saved) == campaign.KEPT_PER_SIGNATURE
    report = json.loads(saved[0].read_text())
    assert report["category"] == "crash" and report["argv"][0] == "props"
    assert (saved[0].parent / "inputs").is_dir()
    assert (tmp_path / ".gitignore").read_text() == "*\n"


def test_campaign_exits_0_when_nothing_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(campaign, "judge_isolated", _fake)
    monkeypatch.setattr(campaign, "preload", lambda: None)
    argv = ["--examples", "3", "--commands", "macros", "--failures", str(tmp_path), "--quiet"]
    assert campaign.main(argv) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[2].split("|")[1].strip() == "macros"
    assert table[2].split("|")[2].strip() == "3"


def test_campaign_rejects_unknown_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as raised:
        campaign.main(["--commands", "nosuch"])
    assert raised.value.code == 2
    assert "unknown command" in capsys.readouterr().err


def test_the_same_seed_makes_the_same_cases() -> None:
    for command in ("annotate", "split", "parse", "cc"):
        a, b = make_case(command, 11), make_case(command, 11)
        assert (a.argv, a.files, a.stdin, a.specials) == (b.argv, b.files, b.stdin, b.specials)
    assert {tuple(make_case("spirv", s).argv) for s in range(10)} != {
        tuple(make_case("spirv", 0).argv)
    }


def test_findings_markdown_lists_each_signature() -> None:
    tally = campaign.Tally()
    case = Case("props", ["props", "in.prop"], files={"in.prop": b"[x]\n"})
    tally.add(_fake(case))
    tally.add(_fake(Case("macros", ["macros"])))
    text = campaign.findings_markdown(tally, shrink=False)
    assert "## props / crash (x1)" in text and "KeyError" in text and "[x]" in text
    assert "macros /" not in text


def test_the_tally_counts_cases_compared_in_two_halves() -> None:
    tally = campaign.Tally()
    case = Case("spirv", ["spirv", "in.ll"])
    tally.add(Result(case, Outcome(0, "", ""), split_compared=True))
    tally.add(Result(case, Outcome(1, "", "in.ll:1:1: error: x\n")))
    assert tally.split_compared == 1 and tally.tried["spirv"] == 2
