"""The command-line interface: argparse subcommands dispatched to ``propslower.commands``."""

from __future__ import annotations

import argparse
import importlib
import sys
import traceback
from collections.abc import Sequence
from types import ModuleType

from propslower import __version__
from propslower.commands.common import EXIT_INTERNAL, EXIT_USAGE, print_diagnostics
from propslower.diagnostics import DiagnosticError

COMMANDS: tuple[str, ...] = ("parse", "annotate", "run", "props", "macros")
"""Subcommand modules under ``propslower.commands``, in the order ``--help`` lists them."""


def _load(name: str) -> ModuleType:
    return importlib.import_module(f"propslower.commands.{name}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="propslower",
        description="Lower SYCL compile-time properties and optional kernel features "
        "into LLVM IR and SPIR-V metadata.",
    )
    parser.add_argument("--version", action="version", version=f"propslower {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for name in COMMANDS:
        module = _load(name)
        sub = subparsers.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
        sub.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 1 errors reported, 2 usage, 3 internal)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    try:
        status: int = args._run(args)
    except DiagnosticError as error:
        print_diagnostics(error.diagnostics)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception:
        sys.stderr.write("propslower: internal error; please report this with the input:\n")
        traceback.print_exc()
        return EXIT_INTERNAL
    return status
