"""``propslower cc -- clang++ ...``: compile real C++ and lower every add_ir_* attribute it uses."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from propslower.commands.common import (
    SOURCES,
    add_profile_option,
    add_verifier_options,
    print_diagnostics,
    werror_flag,
)
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.frontend.command_line import parse_clang_command
from propslower.frontend.feature_model import TableLoader, builtin_table
from propslower.frontend.launch import CompileOptions, launch
from propslower.frontend.response_files import expand_response_files
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
    add_verifier_options(parser)
    parser.add_argument(
        "--aspects-def", metavar="FILE", help="aspect table in aspects.def format (default: DPC++)"
    )
    parser.add_argument(
        "-W",
        dest="warning_options",
        action="append",
        default=[],
        metavar="error=aspects",
        help="-Werror=aspects turns missing-aspect warnings into errors (nothing is written)",
    )
    compat = parser.add_mutually_exclusive_group()
    compat.add_argument(
        "--sycl-compat",
        dest="sycl_compat",
        action="store_true",
        default=None,
        help="stand in for what DPC++'s clang gives the real SYCL headers (default: on when "
        "the include path holds them; see docs/dpcpp-headers.md)",
    )
    compat.add_argument(
        "--no-sycl-compat",
        dest="sycl_compat",
        action="store_false",
        help="never add the compatibility layer",
    )
    parser.add_argument(
        "--sycl-unique-prefix",
        metavar="PREFIX",
        help="DPC++'s -fsycl-unique-prefix: the prefix of the sycl-unique-id of internal device "
        "globals (default: 'uid' and 16 hex digits of the SHA-256 of the source's absolute path)",
    )
    parser.add_argument(
        "--no-preamble-cache",
        dest="preamble_cache",
        action="store_false",
        help="have libclang parse the source's leading '#include <...>' lines every time, "
        "instead of reading them from the AST saved under the cache directory by earlier "
        "compiles with the same flags",
    )
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="say what cc adds besides the lowering"
    )
    parser.add_argument(
        "clang", nargs=argparse.REMAINDER, help="-- clang++ ... -S -emit-llvm FILE.cpp"
    )


def run(args: argparse.Namespace) -> int:
    arguments = args.clang[1:] if args.clang[:1] == ["--"] else args.clang
    for option in args.warning_options:
        if not werror_flag(option):
            raise DiagnosticError(Diagnostic.error(f"unknown option '-W{option}'"))
    command = parse_clang_command(expand_response_files(arguments))
    options = CompileOptions(
        profile_named(args.profile),
        spirv=args.spirv,
        keep_calling_conventions=args.keep_calling_conventions,
        verifier=args.verifier,
        table=_table_loader(args.aspects_def),
        werror_aspects=bool(args.warning_options),
        sycl_compat=args.sycl_compat,
        verbose=args.verbose,
        unique_prefix=args.sycl_unique_prefix,
        preamble_cache=args.preamble_cache,
    )
    try:
        with launch(command, options) as launched:
            # the reader and the lowering load while clang compiles (most of cc's start-up)
            from propslower.frontend.driver import finish  # noqa: PLC0415

            result = finish(launched)
    except DiagnosticError as error:
        _remember_sources(error.diagnostics)
        raise
    _remember_sources(result.diagnostics)
    print_diagnostics(result.diagnostics)
    return result.status


def _table_loader(path: str | None) -> TableLoader:
    """The built-in table, loaded when needed; a ``--aspects-def`` file is read now."""
    if path is None:
        return builtin_table
    from propslower.aspects.def_file import load_table  # noqa: PLC0415 - see builtin_table

    table = load_table(path, SOURCES)
    return lambda: table


def _remember_sources(diagnostics: Iterable[Diagnostic]) -> None:
    """Read the C++ files the diagnostics point into, so they show the source line."""
    for diagnostic in diagnostics:
        for item in (diagnostic, *diagnostic.notes):
            span = item.span
            if span is None or span.file in SOURCES.texts:
                continue
            try:
                SOURCES.add(span.file, Path(span.file).read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
