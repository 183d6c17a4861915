"""Demangling the few names diagnostics print, with ``llvm-cxxfilt``/``c++filt`` when present."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable

TOOLS = ("llvm-cxxfilt", "llvm-cxxfilt-15", "c++filt")


def demangle_all(names: Iterable[str]) -> dict[str, str]:
    """Name → demangled name; names that are not mangled (or no tool) map to themselves."""
    unique = sorted(set(names))
    result = {name: name for name in unique}
    mangled = [name for name in unique if name.startswith("_Z") and "\n" not in name]
    tool = next((found for found in map(shutil.which, TOOLS) if found is not None), None)
    if not mangled or tool is None:
        return result
    try:
        done = subprocess.run(
            [tool], input="\n".join(mangled) + "\n", capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return result
    lines = done.stdout.splitlines()
    if len(lines) == len(mangled):
        result.update(zip(mangled, lines, strict=True))
    return result
