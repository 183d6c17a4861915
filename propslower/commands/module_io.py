"""The flow every module-editing command shares: read, parse, transform, verify, write."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence

from propslower.commands.common import EXIT_ERRORS, EXIT_OK, SOURCES, print_diagnostics
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.module import Module
from propslower.ir.nogc import gc_paused
from propslower.ir.verify import verify_text
from propslower.textio import read_source, write_atomically, write_output

Transform = Callable[[Module], Sequence[Diagnostic]]


def add_input_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="IN.ll", help="textual LLVM IR ('-' for standard input)")


def read_module(path: str) -> Module:
    """Parse the module at ``path`` (``-`` is stdin); its text is kept for diagnostics."""
    source = read_source(path)
    SOURCES.add(source.name, source.text)
    return Module.parse(source.text, source.name)


def _output_name(args: argparse.Namespace, module: Module, text: str) -> str:
    """Where verifier positions point: the input when nothing changed, else the output."""
    if SOURCES.texts.get(module.name) == text:
        return module.name
    return str(args.output or (args.input if args.in_place else "<output>"))


def transform_module(args: argparse.Namespace, transform: Transform) -> int:
    """Apply ``transform`` to ``args.input`` and write the result as ``-o`` / ``-i`` / stdout say.

    Nothing is written when the transform reports an error or the result fails llvmlite's
    verifier (unless ``--no-verify``); ``-o`` and ``-i`` replace their target atomically.
    """
    if args.in_place and args.input == "-":
        raise DiagnosticError(Diagnostic.error("-i cannot edit standard input in place"))
    # A module is hundreds of thousands of long-lived objects in no reference cycle: the
    # cyclic collector would only traverse them, again and again as more are made.
    with gc_paused():
        return _transform(args, transform)


def _transform(args: argparse.Namespace, transform: Transform) -> int:
    module = read_module(args.input)
    diagnostics = list(transform(module))
    if any(d.is_error for d in diagnostics):
        print_diagnostics(diagnostics)
        return EXIT_ERRORS
    if args.no_verify:
        print_diagnostics(diagnostics)
        write_pieces(module.render_pieces(), args.input if args.in_place else args.output)
        return EXIT_OK
    text = module.render()
    output_name = _output_name(args, module, text)
    problems = verify_text(text, output_name)
    if problems:
        SOURCES.add(output_name, text)
        print_diagnostics([*diagnostics, *problems])
        return EXIT_ERRORS
    print_diagnostics(diagnostics)
    if args.in_place:
        write_atomically(args.input, text)
    else:
        write_output(text, args.output)
    return EXIT_OK


def write_pieces(pieces: Iterable[str], output: str | None) -> None:
    """``write_output`` (``write_atomically`` for a file) of the text made of ``pieces``."""
    if output is None or output == "-":
        for piece in pieces:
            sys.stdout.write(piece)
        sys.stdout.flush()
        return
    write_atomically(output, pieces)
