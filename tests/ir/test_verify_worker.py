"""One verifier process for many texts: the same findings as one child per text."""

from __future__ import annotations

import os
import signal
import time

import pytest

from propslower.ir import verify_worker
from propslower.ir.verify import verify_text
from propslower.ir.verify_worker import VerifierWorker
from tests.conftest import require_tool
from tests.ir.test_unchanged_bodies import BASE, BENIGN, edited

GOOD = "define void @f() {\n  ret void\n}\n"
PARSE_ERROR = "define void @f() {\n  ret vodi\n}\n"
VERIFY_ERROR = "define i32 @f() {\n  %a = add i32 %b, 1\n  %b = add i32 1, 2\n  ret i32 %a\n}\n"
TYPED = "define void @f(i8 addrspace(1)* %p) {\n  store i8 0, i8 addrspace(1)* %p\n  ret void\n}\n"


def test_each_text_s_findings_come_with_the_next_submission() -> None:
    texts = [GOOD, PARSE_ERROR, GOOD, VERIFY_ERROR, GOOD]
    found = []
    with VerifierWorker() as worker:
        for number, text in enumerate(texts):
            found.append(worker.submit(text, f"t{number}.ll"))
        found.append(worker.finish())
    expected = [verify_text(text, f"t{n}.ll") for n, text in enumerate(texts)]
    assert found == [[], *expected]
    assert found[2][0].message.startswith("invalid IR: ")
    assert found[2][0].span is not None and found[2][0].span.line == 2
    assert found[4][0].message.startswith("IR verification failed: ")


def test_typed_pointers_go_to_llvm_as_15() -> None:
    require_tool("llvm-as-15")
    broken = TYPED.replace("store i8 0", "store i16 0")
    with VerifierWorker() as worker:
        assert worker.submit(TYPED, "typed.ll") == []
        assert worker.submit(broken, "broken.ll") == []
        [problem] = worker.finish()
    assert problem == verify_text(broken, "broken.ll")[0]


def test_a_child_that_dies_is_reported_and_replaced() -> None:
    # big enough that the child is still reading it when it is killed
    slow = "".join(f"define void @f{n}() {{\n  ret void\n}}\n" for n in range(100_000))
    with VerifierWorker() as worker:
        worker.submit(slow, "a.ll")
        child = worker._child
        assert child is not None
        os.kill(child.pid, signal.SIGKILL)
        [aborted] = worker.finish()
        assert aborted.message.startswith("invalid IR: LLVM aborted reading it: SIGKILL")
        assert worker.submit(PARSE_ERROR, "b.ll") == []
        assert worker.finish() == verify_text(PARSE_ERROR, "b.ll")


@pytest.mark.parametrize("verifier", ["none", "llvmlite"])
def test_the_verifier_choice_is_kept(verifier: str) -> None:
    with VerifierWorker(verifier) as worker:
        worker.submit(PARSE_ERROR, "x.ll")
        assert bool(worker.finish()) == (verifier != "none")


def test_a_closed_child_is_reaped_later_without_waiting_for_it() -> None:
    worker = VerifierWorker().start()
    child = worker._child
    assert child is not None
    pid = child.pid
    worker.close()  # kills it; its exit status is collected by a later close or start
    deadline = time.monotonic() + 30
    while pid in verify_worker._KILLED and time.monotonic() < deadline:
        time.sleep(0.01)
        verify_worker._reap_killed()  # what each close and start of a worker does
    assert pid not in verify_worker._KILLED
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # no zombie left behind


def test_an_edit_is_verified_against_its_base_with_the_whole_text_s_findings() -> None:
    removed = edited(["a used global removed"])
    broken_body = edited(["an invalid edited body"])
    with VerifierWorker() as worker:
        worker.submit_base(BASE)
        assert worker.submit(edited(list(BENIGN)), "a.ll") == []
        assert worker.submit(removed, "b.ll") == []
        assert worker.submit(broken_body, "c.ll") == verify_text(removed, "b.ll")
        assert worker.finish() == verify_text(broken_body, "c.ll")
    assert verify_text(removed, "b.ll") and verify_text(broken_body, "c.ll")


def test_an_abort_on_the_stubbed_text_is_no_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    def abort(*_args: object) -> None:
        os.abort()

    monkeypatch.setattr(verify_worker, "_edit_outcome", abort)  # forked into the child
    with VerifierWorker() as worker:
        worker.submit_base(BASE)
        worker.submit(edited(list(BENIGN)), "a.ll")
        assert worker.finish() == []  # read again whole, by a new child
        assert worker.submit(PARSE_ERROR, "b.ll") == []
        assert worker.finish() == verify_text(PARSE_ERROR, "b.ll")
