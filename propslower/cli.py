"""The command-line interface: argparse subcommands dispatched to ``propslower.commands``."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import threading
import traceback
from collections.abc import Sequence
from typing import NoReturn

from propslower.commands.common import (
    EXIT_INTERNAL,
    EXIT_USAGE,
    UsageError,
    add_color_option,
    print_diagnostics,
    use_color,
)
from propslower.diagnostics import DiagnosticError
from propslower.process_exit import run_exit_hooks
from propslower.versions import VersionAction

COMMANDS: dict[str, str] = {
    "parse": "parse one attribute and print its property list and lowered IR form",
    "annotate": "lower property lists onto an existing LLVM IR module",
    "spirv": "map sycl-* properties in LLVM IR to SPIR-V metadata and annotation strings",
    "run": "run registered passes (e.g. -p lower,spirv) over a module",
    "cc": "run a clang command (after --) and lower the SYCL properties of its source into its IR",
    "extract": "print the annotate --props spec (YAML) for the class-level sites of a C++ source",
    "aspects": "propagate aspects over the call graph, check allowed lists, write used metadata",
    "split": "split device code into images by optional features; write .ll/.prop/.sym and tables",
    "check": "would a kernel run on a target? exit 1 with every failed requirement when not",
    "props": "decode a .prop property-set file (aspects shown by name)",
    "macros": "print the __SYCL_{ALL_DEVICES_HAVE,ANY_DEVICE_HAS}_*__ macros for a target list",
}
"""Subcommand → one-line help, in ``--help`` order; each lives in ``propslower.commands.<name>``.

Only the command being run is imported, so start-up stays fast.
"""


def build_parser(selected: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; only ``selected``'s module is imported and its options defined."""
    parser = argparse.ArgumentParser(
        prog="propslower",
        description="Lower SYCL compile-time properties and optional kernel features "
        "into LLVM IR and SPIR-V metadata.",
    )
    parser.add_argument(
        "--version", action=VersionAction, help="show the version, its LLVMs and libclang, and exit"
    )
    add_color_option(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for name, summary in COMMANDS.items():
        sub = subparsers.add_parser(name, help=summary, description=summary)
        if name == selected:
            add_color_option(sub, default=argparse.SUPPRESS)
            module = importlib.import_module(f"propslower.commands.{name}")
            module.add_arguments(sub)
            sub.set_defaults(_run=module.run, _error_status=getattr(module, "ERROR_STATUS", 1))
    return parser


def _selected(argv: Sequence[str]) -> str | None:
    return next((a for a in argv if a in COMMANDS), None)


EXIT_TERMINATED = 128 + signal.SIGTERM


class Terminated(BaseException):
    """SIGTERM arrived: unwind like an interrupt, so half-written outputs are removed."""


def _terminate(*_: object) -> None:
    raise Terminated


def _on_sigterm_unwind() -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 1 errors reported, 2 usage, 3 internal)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    selected = _selected(arguments)
    parser = build_parser(selected)
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    _on_sigterm_unwind()
    use_color(args.color)
    try:
        status: int = args._run(args)
    except UsageError as error:
        print_diagnostics(error.diagnostics)
        return EXIT_USAGE
    except DiagnosticError as error:
        print_diagnostics(error.diagnostics)
        error_status: int = args._error_status
        return error_status
    except KeyboardInterrupt:
        return 130
    except Terminated:
        return EXIT_TERMINATED
    except BrokenPipeError:
        return 0
    except Exception:
        sys.stderr.write("propslower: internal error; please report this with the input:\n")
        traceback.print_exc()
        return EXIT_INTERNAL
    return status


def program() -> NoReturn:
    """The ``propslower`` program: ``main``, then the process ends without tearing the
    interpreter down. Python would free every object of the run one by one first (a large
    module's: tens of milliseconds) and nothing needs it: every output is written and closed,
    every child process stopped, by then (``process_exit`` has what is left to do)."""
    status = main()
    run_exit_hooks()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe or stream
            stream.flush()
    os._exit(status)
