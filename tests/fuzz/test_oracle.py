"""The oracle against crafted bad outcomes: a checker that never fails proves nothing."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.conftest import require_tool
from tests.fuzz import oracle, runner
from tests.fuzz.oracle import Finding, Outcome, Verdict
from tests.fuzz.scenarios import CAN_MKNOD, PRESET, Case, make_null_device

MODULE = (
    "define void @f() #0 {\n"
    "entry:\n"
    "  %x = add i32 1, 2\n"
    "  ret void\n"
    "}\n"
    "\n"
    'attributes #0 = { "sycl-sub-group-size"="16" }\n'
)
TRACEBACK = (
    "propslower: internal error; please report this with the input:\n"
    "Traceback (most recent call last):\n"
    '  File "x.py", line 1, in <module>\n'
    "    boom()\n"
    "ValueError: boom\n"
)


def verdict(found: Finding | None) -> Verdict:
    return Verdict.OK if found is None else found.verdict


# ---------------------------------------------------------------- process


@pytest.mark.parametrize(
    ("outcome", "expected"),
    [
        (Outcome(0, "ok\n", ""), Verdict.OK),
        (Outcome(1, "", "in.ll:1:1: error: bad\n"), Verdict.OK),
        (Outcome(2, "", "usage: propslower\n"), Verdict.OK),
        (Outcome(1, "kernel 'k' is not supported\n", ""), Verdict.OK),
        (Outcome(0, "", "in.ll:1:1: warning: odd\n"), Verdict.OK),
        (Outcome(3, "", TRACEBACK), Verdict.CRASH),
        (Outcome(1, "", TRACEBACK), Verdict.CRASH),
        (Outcome(3, "", ""), Verdict.CRASH),
        (Outcome(0, "", "propslower: internal error\n"), Verdict.CRASH),
        (Outcome(4, "", "x: error: y\n"), Verdict.WRONG_EXIT),
        (Outcome(-6, "", "x: error: y\n"), Verdict.CRASH),
        (Outcome(-11, "", ""), Verdict.CRASH),
        (Outcome(134, "", "x: error: y\n"), Verdict.WRONG_EXIT),
        (Outcome(0, "", "in.ll:3:1: error: bad\n"), Verdict.WRONG_EXIT),
        (Outcome(1, "", ""), Verdict.WRONG_EXIT),
        (Outcome(2, "  ", "\n"), Verdict.WRONG_EXIT),
    ],
)
def test_check_process(outcome: Outcome, expected: Verdict) -> None:
    assert verdict(oracle.check_process(outcome)) is expected


def test_check_process_ignores_error_inside_a_file_name() -> None:
    name = "a:1:2: error: x.ll"
    outcome = Outcome(0, "", f"{name}:8:1: warning: function 'f' uses aspect 'fp16'\n")
    assert oracle.check_process(outcome, [name]) is None
    assert verdict(oracle.check_process(outcome)) is Verdict.WRONG_EXIT
    really = Outcome(0, "", f"{name}:8:1: error: bad\n")
    assert verdict(oracle.check_process(really, [name])) is Verdict.WRONG_EXIT


def test_traceback_line_is_the_exception() -> None:
    assert oracle.traceback_line(TRACEBACK) == "ValueError: boom"
    assert oracle.traceback_line("no traceback") == ""
    found = oracle.check_process(Outcome(3, "", TRACEBACK))
    assert found is not None and found.detail == "ValueError: boom"


def test_signature_blurs_numbers_and_quoted_names() -> None:
    a = Finding(Verdict.CRASH, "KeyError: 'foo' at line 12")
    b = Finding(Verdict.CRASH, "KeyError: 'bar' at line 7")
    assert a.signature == b.signature
    assert a.signature != Finding(Verdict.CRASH, "ValueError: 'foo'").signature


# ---------------------------------------------------------------- filesystem


def test_check_unchanged_sees_every_kind_of_change(tmp_path: Path) -> None:
    (tmp_path / "out.ll").write_bytes(PRESET)
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "keep.txt").write_bytes(PRESET)
    (tmp_path / "link").symlink_to("out.ll")
    os.mkfifo(tmp_path / "fifo")
    make_null_device(tmp_path / "null")
    before = oracle.snapshot(tmp_path)
    assert oracle.check_unchanged(before, oracle.snapshot(tmp_path)) is None

    def changed(edit: object) -> Verdict:
        after = oracle.snapshot(tmp_path)
        return verdict(oracle.check_unchanged(before, after))

    (tmp_path / "out.ll").write_bytes(b"new")
    assert changed(None) is Verdict.WRITE_ON_ERROR
    (tmp_path / "out.ll").write_bytes(PRESET)
    (tmp_path / "d" / "image_0.ll").write_bytes(b"x")
    assert changed(None) is Verdict.WRITE_ON_ERROR
    (tmp_path / "d" / "image_0.ll").unlink()
    (tmp_path / ".out.ll.tmp123").write_bytes(b"")
    assert changed(None) is Verdict.WRITE_ON_ERROR
    (tmp_path / ".out.ll.tmp123").unlink()
    (tmp_path / "link").unlink()
    (tmp_path / "link").write_bytes(PRESET)
    assert changed(None) is Verdict.WRITE_ON_ERROR
    (tmp_path / "link").unlink()
    (tmp_path / "link").symlink_to("out.ll")
    (tmp_path / "null").unlink()
    (tmp_path / "null").write_bytes(b"")
    assert changed(None) is Verdict.WRITE_ON_ERROR
    (tmp_path / "null").unlink()
    make_null_device(tmp_path / "null")
    (tmp_path / "d").chmod(0o500)
    assert changed(None) is Verdict.WRITE_ON_ERROR
    (tmp_path / "d").chmod(0o755)
    assert changed(None) is Verdict.OK


def test_snapshot_of_missing_path_is_empty(tmp_path: Path) -> None:
    assert oracle.snapshot(tmp_path / "missing") == {}
    before = oracle.snapshot_paths([tmp_path / "missing"])
    (tmp_path / "missing").mkdir()
    found = oracle.check_unchanged(before, oracle.snapshot_paths([tmp_path / "missing"]))
    assert found is not None and "created" in found.detail


# ---------------------------------------------------------------- modules


def test_check_module() -> None:
    assert oracle.check_module(MODULE) is None
    assert (
        verdict(oracle.check_module(MODULE.replace("ret void", "ret i32 0"))) is Verdict.CORRUPTION
    )
    assert verdict(oracle.check_module("define void @f( {\n")) is Verdict.CORRUPTION


@pytest.mark.integration
def test_check_llvm_as() -> None:
    require_tool(oracle.LLVM_AS)
    assert oracle.llvm_as_accepts(MODULE) is True
    assert oracle.check_llvm_as(MODULE, MODULE) is None
    broken = MODULE.replace("i32 1, 2", "i32 1, i64 2")
    assert verdict(oracle.check_llvm_as(MODULE, broken)) is Verdict.CORRUPTION
    assert oracle.check_llvm_as(broken, broken) is None


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda t: t, Verdict.OK),
        (lambda t: t.replace("define void @f() #0", "define void @f() #1"), Verdict.OK),
        (lambda t: t + "attributes #1 = { nounwind }\n!0 = !{}\n", Verdict.OK),
        (lambda t: t.replace('"16" }', '"16" "x" }'), Verdict.OK),
        (lambda t: t.replace("add i32 1, 2", "add i32 2, 1"), Verdict.CORRUPTION),
        (lambda t: t.replace("entry:\n", ""), Verdict.CORRUPTION),
        (lambda t: t.replace("\n", "\r\n"), Verdict.CORRUPTION),
        (lambda t: t.replace("  ret void\n", "  ret void\n  ret void\n"), Verdict.OK),
        (
            lambda t: t.replace(
                "  %x = add i32 1, 2\n  ret void\n", "  ret void\n  %x = add i32 1, 2\n"
            ),
            Verdict.CORRUPTION,
        ),
        (lambda t: t.replace("  ret void\n", "  ret void \n"), Verdict.CORRUPTION),
    ],
)
def test_check_preserved_lines(edit: object, expected: Verdict) -> None:
    assert callable(edit)
    assert verdict(oracle.check_preserved_lines(MODULE, edit(MODULE))) is expected


def test_preserved_lines_keeps_crlf_lines_as_they_are() -> None:
    crlf = MODULE.replace("\n", "\r\n")
    assert oracle.check_preserved_lines(crlf, crlf) is None
    assert verdict(oracle.check_preserved_lines(crlf, MODULE)) is Verdict.CORRUPTION


def test_preserved_lines_let_a_broken_header_take_its_attachments() -> None:
    before = "define void @k(\r) {\nentry:\n  ret void\n}\n"
    attached = before.replace(") {", ") !intel_used_aspects !2 {")
    assert oracle.check_preserved_lines(before, attached) is None
    body = before.replace("ret void", "ret  void")
    assert verdict(oracle.check_preserved_lines(before, body)) is Verdict.CORRUPTION


def test_preserved_lines_end_after_a_bare_cr_too() -> None:
    before = (
        "define void @f() {\n  %a = add i32 1, 2\r  store i32 %a, ptr @g, align 4\r  ret void\n}\n"
    )
    inserted = before.replace("2\r", "2\r\n  %b = add i32 %a, 0\n")
    assert oracle.check_preserved_lines(before, inserted) is None
    lf_only = before.replace("\r", "\n")
    assert verdict(oracle.check_preserved_lines(before, lf_only)) is Verdict.CORRUPTION


def test_property_bearing_lines() -> None:
    for line in (
        "define void @f() #0 {",
        "declare void @g()",
        "@dm1 = global i32 0 #1",
        "attributes #1 = { }",
        "!3 = !{i32 1}",
        "!spirv.ExecutionMode = !{!2}",
        "  %0 = call ptr @llvm.ptr.annotation.p0.p0(ptr %a, ptr @s, ptr @f, i32 1, ptr null)",
        "  %v = load i32, ptr %p, align 4",
        "  store i32 %v, ptr %p, align 4",
        "; Function Attrs: nounwind",
        "",
    ):
        assert oracle.is_property_bearing(line), line
    for line in ("  %x = add i32 1, 2", "  ret void", "entry:", "}", "  br label %l"):
        assert not oracle.is_property_bearing(line), line


def test_check_identical_and_idempotent() -> None:
    assert oracle.check_identical(MODULE, MODULE) is None
    found = oracle.check_identical(MODULE, MODULE.replace("entry", "start"))
    assert found is not None and found.verdict is Verdict.CORRUPTION and "line 2" in found.detail
    assert verdict(oracle.check_identical(MODULE, MODULE + "\n")) is Verdict.CORRUPTION
    assert oracle.check_idempotent(MODULE, MODULE) is None
    found = oracle.check_idempotent(MODULE, MODULE + "!9 = !{}\n")
    assert found is not None and found.verdict is Verdict.NON_IDEMPOTENT and "!9" in found.detail


# ---------------------------------------------------------------- judge, with a fake CLI


def _case(**changes: object) -> Case:
    case = Case(
        "annotate",
        ["annotate", "-o", "out.ll", "in.ll"],
        files={"in.ll": MODULE.encode(), "out.ll": PRESET},
        watched=["out.ll", "in.ll"],
        module_input="in.ll",
        module_output="out.ll",
        preserve_lines=True,
        idempotent=True,
    )
    for name, value in changes.items():
        setattr(case, name, value)
    return case


def _fake(monkeypatch: pytest.MonkeyPatch, behaviour: object) -> None:
    """Replace the CLI run: ``behaviour(case, workdir, calls)`` returns the outcome."""
    calls: list[int] = []

    def execute(case: Case, workdir: Path, timeout: int | None = None) -> Outcome:
        calls.append(1)
        assert callable(behaviour)
        result = behaviour(case, workdir, len(calls))
        assert isinstance(result, Outcome)
        return result

    monkeypatch.setattr(runner, "execute", execute)


def _output(case: Case) -> str:
    return case.argv[case.argv.index("-o") + 1]


def test_judge_ok_for_a_correct_pass_through(monkeypatch: pytest.MonkeyPatch) -> None:
    def correct(case: Case, workdir: Path, _n: int) -> Outcome:
        (workdir / _output(case)).write_bytes((workdir / case.argv[-1]).read_bytes())
        return Outcome(0, "", "")

    _fake(monkeypatch, correct)
    assert runner.judge(_case()).verdict is Verdict.OK


def test_judge_finds_a_write_on_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def writes_then_fails(case: Case, workdir: Path, _n: int) -> Outcome:
        (workdir / "out.ll").write_bytes(b"half written")
        return Outcome(1, "", "in.ll:1:1: error: no\n")

    _fake(monkeypatch, writes_then_fails)
    assert runner.judge(_case()).verdict is Verdict.WRITE_ON_ERROR


def test_judge_finds_a_temporary_file_left_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    def leaves_temporary(case: Case, workdir: Path, _n: int) -> Outcome:
        (workdir / "out" / ".in_0.ll.x1").write_bytes(b"")
        return Outcome(1, "", "in.ll:1:1: error: no\n")

    _fake(monkeypatch, leaves_temporary)
    case = _case(files={"in.ll": b"", "out/keep.txt": PRESET}, watched=["out"])
    assert runner.judge(case).verdict is Verdict.WRITE_ON_ERROR


def test_judge_finds_invalid_output(monkeypatch: pytest.MonkeyPatch) -> None:
    def invalid(case: Case, workdir: Path, _n: int) -> Outcome:
        (workdir / "out.ll").write_text(MODULE.replace("ret void", "ret i32 0"))
        return Outcome(0, "", "")

    _fake(monkeypatch, invalid)
    result = runner.judge(_case())
    assert result.verdict is Verdict.CORRUPTION and "llvmlite" in result.findings[0].detail


def test_judge_finds_an_unrelated_line_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    def edits_body(case: Case, workdir: Path, _n: int) -> Outcome:
        (workdir / "out.ll").write_text(MODULE.replace("i32 1, 2", "i32 1, 3"))
        return Outcome(0, "", "")

    _fake(monkeypatch, edits_body)
    assert runner.judge(_case()).verdict is Verdict.CORRUPTION


def test_judge_finds_a_pass_through_that_changed_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    def normalises(case: Case, workdir: Path, _n: int) -> Outcome:
        (workdir / "out.ll").write_text(MODULE.replace("\n\n", "\n"))
        return Outcome(0, "", "")

    _fake(monkeypatch, normalises)
    assert runner.judge(_case(pass_through=True)).verdict is Verdict.CORRUPTION


def test_judge_finds_non_idempotence(monkeypatch: pytest.MonkeyPatch) -> None:
    def grows(case: Case, workdir: Path, _n: int) -> Outcome:
        source = (workdir / case.argv[-1]).read_text()
        (workdir / _output(case)).write_text(source + "!llvm.ident = !{}\n")
        return Outcome(0, "", "")

    _fake(monkeypatch, grows)
    result = runner.judge(_case())
    assert result.verdict is Verdict.NON_IDEMPOTENT


def test_judge_finds_exit_0_without_output(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake(monkeypatch, lambda case, workdir, n: Outcome(0, "", ""))
    assert runner.judge(_case()).verdict is Verdict.CORRUPTION


@pytest.mark.skipif(not CAN_MKNOD, reason="device nodes need root")
def test_judge_finds_a_replaced_device_node(monkeypatch: pytest.MonkeyPatch) -> None:
    def replaces(case: Case, workdir: Path, _n: int) -> Outcome:
        (workdir / "out.ll").unlink()
        (workdir / "out.ll").write_text(MODULE)
        return Outcome(0, "", "")

    _fake(monkeypatch, replaces)
    case = _case(files={"in.ll": MODULE.encode()}, specials={"out.ll": "device"})
    result = runner.judge(case)
    assert result.verdict is Verdict.CORRUPTION and "device" in result.findings[0].detail


def test_judge_isolated_reports_an_abort_as_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def aborts(case: Case, workdir: Path, _n: int) -> Outcome:
        os.write(2, b"python: DenseMap.h:663: Assertion `!isEqual' failed.\n")
        os.abort()

    _fake(monkeypatch, aborts)
    result = runner.judge_isolated(_case())
    assert result.verdict is Verdict.CRASH
    assert "SIGABRT" in result.findings[0].detail and "isEqual" in result.findings[0].detail


def test_in_process_run_catches_tracebacks_and_restores_streams(tmp_path: Path) -> None:
    stdout = sys.stdout
    outcome = runner.run_in_process(
        ["parse", "--format", "json", '"a", 1', "--kind", "function"], None, tmp_path
    )
    assert sys.stdout is stdout
    assert outcome.status == 0 and '"a"' in outcome.stdout
    assert oracle.check_process(outcome) is None
    usage = runner.run_in_process(["parse", "--kind", "bogus", "x"], None, tmp_path)
    assert usage.status == 2 and "usage" in usage.stderr


ANNOTATED = (
    "define void @f(ptr %p) {\n"
    "  %0 = getelementptr inbounds i8, ptr %p, i64 4\n"
    "  %1 = call ptr @llvm.ptr.annotation.p0.p0(ptr %0, ptr @s, ptr @g, i32 1, ptr null)\n"
    "  %2 = load i32, ptr %1, align 4\n"
    "  %3 = add i32 %2, 1\n"
    "  ret void\n"
    "}\n"
)


def test_lines_tied_to_a_removed_annotation_call_may_change() -> None:
    removed = (
        "define void @f(ptr %p) {\n"
        "  %0 = getelementptr inbounds i8, ptr %p, i64 4\n"
        "  %1 = load i32, ptr %0, align 4\n"
        "  %2 = add i32 %1, 1\n"
        "  ret void\n"
        "}\n"
    )
    assert oracle.check_preserved_lines(ANNOTATED, removed) is None
    feeders_too = removed.replace("  %0 = getelementptr inbounds i8, ptr %p, i64 4\n", "")
    assert oracle.check_preserved_lines(ANNOTATED, feeders_too.replace("%0", "%p")) is None
    unrelated = removed.replace("add i32 %1, 1", "add i32 %1, 2")
    assert verdict(oracle.check_preserved_lines(ANNOTATED, unrelated)) is Verdict.CORRUPTION


def test_own_output_rejected_only_counts_a_valid_input() -> None:
    stderr = "out.ll:3:1: error: invalid IR: instruction expected to be numbered '%8'\n"
    found = oracle.check_own_output_rejected(MODULE, Outcome(1, "", stderr), "out.ll")
    assert found is not None and found.verdict is Verdict.CORRUPTION
    assert oracle.check_own_output_rejected(MODULE, Outcome(1, "", stderr), "<output>") is None
    broken = MODULE.replace("ret void", "ret i32 0")
    assert oracle.check_own_output_rejected(broken, Outcome(1, "", stderr), "out.ll") is None
    at_input = "in.ll:3:1: error: invalid IR: expected type\n"
    assert oracle.check_own_output_rejected(MODULE, Outcome(1, "", at_input), "out.ll") is None


def test_uses_rewired_to_a_new_value_are_not_corruption() -> None:
    before = "define void @f(ptr %p) {\n  %1 = getelementptr i8, ptr %p, i64 1\n  %2 = load i8, ptr %1\n  ret void\n}\n"
    before = before.replace("load i8, ptr %1", "add i64 0, 0\n  %3 = bitcast ptr %1 to ptr")
    after = before.replace(
        "  %3 = bitcast ptr %1 to ptr",
        "  %v1.annotated = call ptr @llvm.ptr.annotation.p0.p0(ptr %1, ptr @s, ptr @f, i32 0, ptr null)\n"
        "  %3 = bitcast ptr %v1.annotated to ptr",
    )
    assert oracle.check_preserved_lines(before, after) is None
    to_old_value = before.replace("bitcast ptr %1 to ptr", "bitcast ptr %p to ptr")
    assert verdict(oracle.check_preserved_lines(before, to_old_value)) is Verdict.CORRUPTION
    other_shape = before.replace("bitcast ptr %1 to ptr", "bitcast ptr %new to ptr addrspace(1)")
    assert verdict(oracle.check_preserved_lines(before, other_shape)) is Verdict.CORRUPTION


def test_a_hostile_input_stem_in_an_image_name_is_not_an_error() -> None:
    note = "propslower: note: image 'a:1:2: error: x_0.ll' (k) left out of target 't'\n"
    outcome = Outcome(status=0, stdout="", stderr=note)
    assert oracle.check_process(outcome, ["a:1:2: error: x.ll"]) is None
    assert oracle.check_process(outcome) is not None


def test_a_line_of_attributes_continuing_an_item_may_change() -> None:
    assert oracle.is_property_bearing('"sycl-work-group-size"="8,4,2"')
    assert oracle.is_property_bearing('  "a" "b"="c"')
    assert oracle.is_property_bearing("#99")
    assert not oracle.is_property_bearing('  %x = add i32 1, 2 ; "a"')
