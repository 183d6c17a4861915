"""lit configuration: CLI behaviour tests run with ``propslower`` and ``filecheck``."""

import os
import shutil
import sys
from pathlib import Path

import lit.formats

config.name = "propslower"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".ll", ".yaml"]
config.excludes = ["Inputs"]
config.test_source_root = str(Path(__file__).parent)

bin_dir = Path(sys.executable).parent
config.substitutions.append(("%propslower", f"{sys.executable} -m propslower"))
config.substitutions.append(("%python", sys.executable))
config.environment["PATH"] = os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])
for name in ("CI", "HOME", "PYTHONPATH"):
    if name in os.environ:
        config.environment[name] = os.environ[name]

# 'propslower cc' tests run a real clang: REQUIRES: clang-19 (CI installs it, and fails without)
examples = Path(__file__).resolve().parents[2] / "examples"
config.substitutions.append(("%examples", str(examples)))
config.substitutions.append(
    ("%device", "-target spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -O0")
)
clang19 = shutil.which("clang-19")
if clang19 is not None:
    config.available_features.add("clang-19")
    config.substitutions.append(("%clang19", clang19))
elif os.environ.get("CI"):
    lit_config.fatal("'clang-19' is not installed (CI installs it through apt-get)")
