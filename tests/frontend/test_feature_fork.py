"""The features read in a forked child: the same answers, errors and diagnostics as inline."""

from __future__ import annotations

import gc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from propslower.aspects.def_file import default_table
from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.frontend import driver
from propslower.frontend.feature_fork import PendingFeatures, read_started
from propslower.frontend.feature_model import FunctionFeatures, TranslationUnitFeatures
from propslower.frontend.reader import read
from propslower.ir.nogc import gc_paused
from tests.conftest import CliRun, require_tool

from .helpers import EXAMPLES
from .test_feature_graph import SOURCE as GRAPH
from .test_type_features import TYPES
from .test_written_features import LAMBDA

LIT_INPUTS = Path(__file__).resolve().parents[1] / "lit" / "cc" / "Inputs"
SOURCES: dict[str, str] = {
    **{path.name: path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.cpp"))},
    **{path.name: path.read_text(encoding="utf-8") for path in sorted(LIT_INPUTS.glob("*.cpp"))},
    "graph.cpp": GRAPH,
    "types.cpp": TYPES + "void f() { sycl::half h = 1.0f; sycl::tile t; (void)t; }\n",
    "lambda.cpp": LAMBDA,
}
"""The C++ examples, the ``cc`` lit inputs and the feature tests' sources."""
MISUSE = "[[sycl::requires(has(aspect::fp17))]] void f() {}\nvoid g() { f(); }\n"
"""A feature attribute the feature read rejects (``FeatureReader.raise_if_errors``)."""


def both_ways(path: Path, *args: str) -> tuple[Any, Any]:
    """The outcome of the forked read and of ``reader.read``: the result, or the error."""
    outcomes: list[Any] = []
    for forked in (True, False):
        try:
            if forked:
                result, pending = read_started(path, args, features=default_table)
                assert pending.forked
                with pending:
                    outcomes.append((result.records, repr(pending.result())))
            else:
                whole = read(path, args, features=default_table)
                outcomes.append((whole.records, repr(whole.features)))
        except DiagnosticError as error:
            outcomes.append((repr(error.diagnostics), error.sources))
    assert gc.get_freeze_count() == 0
    return outcomes[0], outcomes[1]


@pytest.mark.parametrize("name", sorted(SOURCES))
@pytest.mark.parametrize("standard", ["-std=c++17", "-std=c++20"])
def test_the_forked_read_is_the_inline_read(tmp_path: Path, name: str, standard: str) -> None:
    path = tmp_path / name
    path.write_text(SOURCES[name], encoding="utf-8")
    forked, inline = both_ways(path, f"-I{EXAMPLES}", standard)
    assert forked == inline  # repr: every span too, which equality leaves out


def test_the_features_arrive_with_their_spans_and_notices(tmp_path: Path) -> None:
    path = tmp_path / "lambda.cpp"
    path.write_text(LAMBDA, encoding="utf-8")
    result, pending = read_started(path, [f"-I{EXAMPLES}", "-std=c++20"], features=default_table)
    assert result.features == TranslationUnitFeatures()
    with pending:
        features = pending.result()
        assert pending.result() is features
    assert features.notices and all(n.span is not None for n in features.notices)
    operator = next(f for f in features.functions if f.sub_group_size is not None)
    assert operator.sub_group_size is not None and operator.sub_group_size.span is not None


def test_a_child_error_is_raised_as_the_read_raises_it(tmp_path: Path) -> None:
    path = tmp_path / "misuse.cpp"
    path.write_text(MISUSE, encoding="utf-8")
    forked, inline = both_ways(path)
    assert forked == inline
    assert "unknown aspect 'aspect::fp17'" in forked[0]


def test_no_features_asked_for_is_no_child(tmp_path: Path) -> None:
    path = tmp_path / "plain.cpp"
    path.write_text("void f() {}\n", encoding="utf-8")
    result, pending = read_started(path)
    assert not pending.forked
    assert pending.result() == TranslationUnitFeatures()
    assert result == read(path)


FEATURES = TranslationUnitFeatures(
    (FunctionFeatures("_Z1fv", "f", is_definition=True),),
    notices=(Diagnostic.warning("not read", Span("x.cpp", 1, 2, 1, 9)),),
)


def test_the_cursors_stay_out_of_collections_until_close() -> None:
    with gc_paused():
        pending = PendingFeatures.start(lambda: FEATURES)
    assert pending.forked
    assert pending.result() == FEATURES
    assert gc.get_freeze_count() > 0
    pending.close()
    assert gc.get_freeze_count() == 0


Cli = Callable[..., CliRun]
DEVICE = ["-target", "spir64-unknown-unknown", "-Xclang", "-fsycl-is-device", "-std=c++17"]
CASES = {
    "warnings": ([], "aspects_chain.cpp", ""),
    "werror-aspects": (["-Werror=aspects"], "aspects_chain.cpp", ""),
    "metadata": (["--profile", "dpcpp", "-v"], "aspects.cpp", ""),
    "child-error": ([], "misuse.cpp", ""),
    "unknown-as-errors": ([], "unknown.cpp", "-Werror"),
    "no-ir-and-child-error": ([], "misuse.cpp", "/bin/true"),
    "no-ir-and-werror-aspects": (["-Werror=aspects"], "aspects_chain.cpp", "/bin/true"),
    "no-ir": ([], "aspects_chain.cpp", "/bin/true"),
}
"""``cc`` options, source, and an extra clang flag or a compiler that writes no IR."""


@pytest.mark.integration
@pytest.mark.parametrize("case", sorted(CASES))
def test_cc_says_and_writes_the_same_forked_or_not(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    clang = require_tool("clang-19")
    options, name, extra = CASES[case]
    source = EXAMPLES / name if (EXAMPLES / name).exists() else LIT_INPUTS / name
    compiler = extra if extra.startswith("/") else clang
    flags = [extra] if extra.startswith("-") else []
    runs = []
    for fork in (True, False):
        monkeypatch.setattr(driver, "read_started", partial(read_started, fork=fork))
        out = tmp_path / f"out-{fork}.ll"
        command = [compiler, *DEVICE, *flags, f"-I{EXAMPLES}", "-S", "-emit-llvm", str(source)]
        run = cli("cc", *options, "--", *command, "-o", str(out))
        written = out.read_bytes() if out.exists() else None
        runs.append((run.status, run.stdout, run.stderr.replace(str(out), "OUT"), written))
    assert runs[0] == runs[1]
    status, _, stderr, written = runs[0]
    assert "Traceback" not in stderr
    expected = {
        "werror-aspects": "error: function 'f' uses aspect 'fp16'",
        "child-error": "error: unknown aspect 'aspect::fp17'",
        "no-ir-and-child-error": "error: unknown aspect 'aspect::fp17'",
        "no-ir-and-werror-aspects": "error: function 'f' uses aspect 'fp16'",
        "no-ir": "exited 0 but wrote no LLVM IR",
        "unknown-as-errors": "error: unknown attribute 'reqd_work_grop_size' ignored",
    }
    if case in expected:
        assert (status, written) == (1, None)
        assert expected[case] in stderr
        assert "wrote no LLVM IR" not in stderr or case == "no-ir"
    else:
        assert (status, written is not None) == (0, True)
