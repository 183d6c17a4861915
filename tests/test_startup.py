"""What `parse` imports at start-up: no verifier, LLVM, libclang or YAML (the CLI loads lazily)."""

from __future__ import annotations

import subprocess
import sys

_CHECK = """
import contextlib, io, sys
from propslower.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
heavy = sorted(m for m in ("llvmlite", "clang", "yaml", "propslower.ir.verify") if m in sys.modules)
print(status, heavy)
"""


def test_parse_imports_no_ir_llvm_or_libclang() -> None:
    text = '[[__sycl_detail__::add_ir_function_attributes("sycl-a", 3)]]'
    finished = subprocess.run(
        [sys.executable, "-c", _CHECK, "parse", text],
        capture_output=True,
        text=True,
        check=True,
    )
    assert finished.stdout.strip() == "0 []"


_LAUNCH = """
import sys
import propslower.frontend.launch
heavy = ("lark", "yaml", "llvmlite", "propslower.frontend.driver", "propslower.frontend.reader",
         "propslower.ir.module", "propslower.lowering")
print(sorted(m for m in heavy if m in sys.modules))
"""


def test_cc_starts_clang_before_the_lowering_loads() -> None:
    # cc launches clang with frontend/launch.py alone and imports the reader, the lowering,
    # lark and PyYAML while clang compiles (the verifier's child loads LLVM meanwhile)
    finished = subprocess.run(
        [sys.executable, "-c", _LAUNCH], capture_output=True, text=True, check=True
    )
    assert finished.stdout.strip() == "[]"
