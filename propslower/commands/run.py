"""``propslower run -p a,b``: apply registered passes to a module in order."""

from __future__ import annotations

import argparse

from propslower.commands.common import UsageError, add_output_options, add_profile_option
from propslower.commands.module_io import add_input_argument, transform_module
from propslower.diagnostics import Diagnostic
from propslower.passes import PASSES, PassContext, run_pipeline
from propslower.properties.profiles import profile_named

NAME = "run"
HELP = "run registered passes (e.g. -p lower,spirv) over a module"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_argument(parser)
    parser.add_argument(
        "-p", "--passes", required=True, metavar="A,B", help=f"passes to run: {', '.join(PASSES)}"
    )
    add_profile_option(parser)
    add_output_options(parser)


def run(args: argparse.Namespace) -> int:
    names = [name.strip() for name in args.passes.split(",") if name.strip()]
    unknown = [name for name in names if name not in PASSES]
    if unknown or not names:
        raise UsageError(
            Diagnostic.error(
                f"unknown pass '{unknown[0] if unknown else ''}'; available: {', '.join(PASSES)}"
            )
        )
    context = PassContext(profile_named(args.profile))
    return transform_module(args, lambda module: run_pipeline(module, names, context))
