"""lit configuration: the dpcpp profile against facts from intel/llvm's own tests."""

import os
import sys
from pathlib import Path

import lit.formats

config.name = "propslower-conformance"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll"]
config.excludes = ["Inputs"]
config.test_source_root = str(Path(__file__).parent)

bin_dir = Path(sys.executable).parent
config.substitutions.append(("%propslower", f"{sys.executable} -m propslower"))
config.substitutions.append(("%python", sys.executable))
config.environment["PATH"] = os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])
for name in ("CI", "HOME", "PYTHONPATH"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
