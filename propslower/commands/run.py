"""``propslower run -p a,b``: apply registered passes to a module in order."""

from __future__ import annotations

import argparse

from propslower.commands.common import UsageError, add_output_options, add_profile_option
from propslower.commands.module_io import add_input_argument, transform_module
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.passes import PASSES, Pass, PassContext, create, run_pipeline
from propslower.pipeline import PassSpec, parse_pipeline
from propslower.properties.profiles import profile_named

NAME = "run"
HELP = "run registered passes (e.g. -p lower,spirv) over a module"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_argument(parser)
    parser.add_argument(
        "-p",
        "--passes",
        required=True,
        metavar="PIPELINE",
        help=f"passes to run, with options: 'lower,spirv', "
        f"'aspects{{exclude-aspects=fp64,fp16 werror=true}}' (passes: {', '.join(PASSES)})",
    )
    add_profile_option(parser)
    add_output_options(parser)


def run(args: argparse.Namespace) -> int:
    available = ", ".join(PASSES)
    try:
        if not args.passes.replace(",", "").strip():
            raise DiagnosticError(Diagnostic.error(f"no pass named; available: {available}"))
        passes = [_made(spec, available) for spec in parse_pipeline(args.passes)]
    except DiagnosticError as error:
        raise UsageError(error.diagnostics) from error
    # verifying, the second core checks the input beside the passes
    context = PassContext(profile_named(args.profile), spare_core=args.verifier == "none")
    return transform_module(args, lambda module: run_pipeline(module, passes, context))


def _made(spec: PassSpec, available: str) -> Pass:
    """The pass ``spec`` names, its options checked (before the module is read)."""
    if spec.name not in PASSES:
        error = Diagnostic.error(f"unknown pass '{spec.name}'; available: {available}")
        raise DiagnosticError(error)
    return create(spec.name, spec.options)
