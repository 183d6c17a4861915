"""``propslower spirv``: lower sycl-* properties in an ``.ll`` file into SPIR-V metadata."""

from __future__ import annotations

import argparse
import sys

from propslower.commands.common import add_output_options, add_profile_option
from propslower.commands.module_io import add_input_argument, transform_module
from propslower.diagnostics import Diagnostic
from propslower.ir.module import Module
from propslower.passes import PassContext
from propslower.properties.profiles import profile_named
from propslower.spirv.lower import MEMBER_MODES, SpirvPass
from propslower.spirv.report import Finding, format_explain, format_unknown

NAME = "spirv"
HELP = "lower sycl-* properties in LLVM IR into SPIR-V metadata and annotation strings"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_argument(parser)
    add_profile_option(parser)
    parser.add_argument(
        "--map",
        action="append",
        default=[],
        metavar="F",
        help="a YAML mapping file merged over the built-in table (repeatable)",
    )
    add_output_options(parser)
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="list sycl-* properties left as attributes"
    )
    parser.add_argument(
        "--explain", action="store_true", help="print what each property became (on stderr)"
    )
    parser.add_argument(
        "--member-decorations",
        choices=MEMBER_MODES,
        default="string",
        help="member annotations: rewrite the string (default) or attach !spirv.Decorations",
    )


def run(args: argparse.Namespace) -> int:
    lowering = SpirvPass(
        tuple(args.map), args.member_decorations, record=args.explain or args.verbose
    )
    context = PassContext(profile_named(args.profile))
    findings: list[Finding] = []

    def lower(module: Module) -> list[Diagnostic]:
        result = lowering.lower(module, context)
        findings.extend(result.findings)
        return result.diagnostics

    status = transform_module(args, lower)
    if status == 0 and args.verbose:
        sys.stderr.write(format_unknown(findings))
    if status == 0 and args.explain:
        sys.stderr.write(format_explain(findings))
    return status
