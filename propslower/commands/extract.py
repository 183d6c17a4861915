"""``propslower extract FILE.cpp [-- clang args]``: the annotate spec a translation unit implies."""

from __future__ import annotations

import argparse
import sys

from propslower.frontend.driver import with_unique_globals
from propslower.frontend.reader import read
from propslower.frontend.spec import spec_yaml
from propslower.frontend.unique_ids import translation_unit_prefix

NAME = "extract"
HELP = "print the annotate --props spec (YAML) for the class-level sites of a C++ source"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", metavar="FILE.cpp")
    parser.add_argument("clang", nargs=argparse.REMAINDER, help="-- extra clang arguments")


def run(args: argparse.Namespace) -> int:
    extra = args.clang[1:] if args.clang[:1] == ["--"] else args.clang
    result = read(args.source, extra)
    result = with_unique_globals(result, translation_unit_prefix(args.source))
    sys.stdout.write(spec_yaml(result.records))
    return 0
