"""What ``propslower --version`` reports: the LLVMs and the libclang this run would use."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from propslower import __version__

_LLVM_VERSION = re.compile(r"LLVM version (\S+)")
LLVM_AS_15 = "llvm-as-15"
"""The same name as ``propslower.ir.verify.LLVM_AS_15``, without importing ``propslower.ir``."""


def llvmlite_version() -> str:
    import llvmlite.binding as llvm  # noqa: PLC0415 - LLVM is loaded only when asked for

    return "LLVM " + ".".join(str(part) for part in llvm.llvm_version_info)


def llvm_as_version() -> str:
    path = shutil.which(LLVM_AS_15)
    if path is None:
        return "not installed (typed-pointer modules are then verified by llvmlite)"
    printed = subprocess.run([path, "--version"], capture_output=True, text=True, check=False)
    found = _LLVM_VERSION.search(printed.stdout)
    return f"LLVM {found.group(1) if found else 'unknown'} ({path})"


def libclang_version() -> str:
    try:
        from clang import cindex  # noqa: PLC0415 - loads the shared library

        function = cindex.conf.lib.clang_getClangVersion
        function.restype = cindex._CXString
        return str(cindex._CXString.from_result(function()))
    except Exception as error:  # a missing libclang is reported, not raised
        return f"unavailable ({error})"


def version_text() -> str:
    return "\n".join(
        (
            f"propslower {__version__}",
            f"  llvmlite verifier: {llvmlite_version()}",
            f"  {LLVM_AS_15} verifier: {llvm_as_version()}",
            f"  libclang (cc, extract): {libclang_version()}",
        )
    )


class VersionAction(argparse.Action):
    """``--version``: print the versions and exit, like argparse's own version action."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        _namespace: argparse.Namespace,
        _values: object,
        _option_string: str | None = None,
    ) -> None:
        sys.stdout.write(version_text() + "\n")
        parser.exit()
