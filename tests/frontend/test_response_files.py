"""``@FILE`` arguments expand as clang expands them."""

from __future__ import annotations

from pathlib import Path

import pytest

from propslower.diagnostics import DiagnosticError
from propslower.frontend.response_files import expand_response_files


def test_quoting_and_nesting(tmp_path: Path) -> None:
    inner = tmp_path / "inner.rsp"
    inner.write_text("-DB='two words'\n  -S\n")
    outer = tmp_path / "outer.rsp"
    outer.write_text(f'-DA="x y" @{inner} -emit-llvm\n')
    assert expand_response_files(["clang", f"@{outer}", "k.cpp"]) == [
        "clang",
        "-DA=x y",
        "-DB=two words",
        "-S",
        "-emit-llvm",
        "k.cpp",
    ]


def test_an_at_word_naming_no_file_stays(tmp_path: Path) -> None:
    assert expand_response_files(["clang", f"@{tmp_path}/none", "@"]) == [
        "clang",
        f"@{tmp_path}/none",
        "@",
    ]


def test_a_response_file_that_includes_itself(tmp_path: Path) -> None:
    loop = tmp_path / "loop.rsp"
    loop.write_text(f"@{loop}\n")
    with pytest.raises(DiagnosticError, match="nests more than 32 deep"):
        expand_response_files([f"@{loop}"])


def test_unbalanced_quote(tmp_path: Path) -> None:
    bad = tmp_path / "bad.rsp"
    bad.write_text('-DA="open\n')
    with pytest.raises(DiagnosticError, match="cannot read response file"):
        expand_response_files([f"@{bad}"])
