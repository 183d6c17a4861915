"""``propslower cc -- clang++ ...``: compile real C++ and lower every add_ir_* attribute it uses."""

from __future__ import annotations

import argparse

from propslower.commands.common import add_profile_option, print_diagnostics
from propslower.frontend.command_line import parse_clang_command
from propslower.frontend.driver import CompileOptions, compile_with_properties
from propslower.properties.profiles import profile_named

NAME = "cc"
HELP = "run a clang command (after --) and lower the SYCL properties of its source into its IR"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_profile_option(parser)
    parser.add_argument("--spirv", action="store_true", help="also map to SPIR-V metadata")
    parser.add_argument(
        "--keep-calling-conventions",
        action="store_true",
        help="leave kernels with clang's calling convention instead of spir_kernel",
    )
    parser.add_argument("--no-verify", action="store_true", help="skip llvmlite verification")
    parser.add_argument(
        "clang", nargs=argparse.REMAINDER, help="-- clang++ ... -S -emit-llvm FILE.cpp"
    )


def run(args: argparse.Namespace) -> int:
    arguments = args.clang[1:] if args.clang[:1] == ["--"] else args.clang
    command = parse_clang_command(arguments)
    options = CompileOptions(
        profile_named(args.profile),
        spirv=args.spirv,
        keep_calling_conventions=args.keep_calling_conventions,
        verify=not args.no_verify,
    )
    result = compile_with_properties(command, options)
    print_diagnostics(result.diagnostics)
    return result.status
