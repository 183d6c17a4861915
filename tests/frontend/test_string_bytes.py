"""``cc``: narrow-string property values reach clang's IR as their bytes, like clang's own."""

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CliRun, require_tool

SOURCE = """
[[__sycl_detail__::add_ir_function_attributes("k", "e", "\\xff", "\\u00e9")]]
void helper(int *p) { *p = 1; }
struct S {
  [[__sycl_detail__::add_ir_member_annotation("m", "\\377")]] int *p;
};
void f(S &s) { *s.p = 1; }
"""


@pytest.mark.integration
@pytest.mark.parametrize(
    ("profile", "member"),
    [
        ("design", 'c"sycl-properties:m=\\FF\\00"'),
        ("dpcpp", 'c"\\FF\\00"'),
    ],
)
def test_cc_keeps_string_bytes(
    cli: Callable[..., CliRun], tmp_path: Path, profile: str, member: str
) -> None:
    clang = require_tool("clang++-15")
    source = tmp_path / "bytes.cpp"
    source.write_text(SOURCE, encoding="utf-8")
    out = tmp_path / "bytes.ll"
    run = cli(
        "cc",
        "--profile",
        profile,
        "--",
        clang,
        "-S",
        "-emit-llvm",
        "-target",
        "spir64-unknown-unknown",
        str(source),
        "-o",
        str(out),
    )
    assert run.status == 0, run.stderr
    text = out.read_text(encoding="utf-8")
    assert '"e"="\\C3\\A9"' in text
    assert '"k"="\\FF"' in text
    assert member in text
