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

# 'propslower cc' tests run a real clang: REQUIRES: clang-19 / clang-22 (CI installs both, and
# fails without)
examples = Path(__file__).resolve().parents[2] / "examples"
config.substitutions.append(("%examples", str(examples)))
config.substitutions.append(
    ("%device", "-target spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -O0")
)
for version in ("19", "22"):
    clang = shutil.which(f"clang-{version}")
    if clang is not None:
        config.available_features.add(f"clang-{version}")
        config.substitutions.append((f"%clang{version}", clang))
    elif os.environ.get("CI"):
        lit_config.fatal(f"'clang-{version}' is not installed (CI installs it through apt-get)")
