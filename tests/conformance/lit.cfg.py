"""lit configuration: the dpcpp profile against facts from intel/llvm's own tests.

The substitutions and environment are the CLI tests' own (``tests/lit/lit.cfg.py``), loaded
first; this suite has its own name, root and file suffix.
"""

from pathlib import Path

lit_config.load_config(config, str(Path(__file__).parents[1] / "lit" / "lit.cfg.py"))
config.name = "propslower-conformance"
config.suffixes = [".ll"]
config.test_source_root = str(Path(__file__).parent)
