"""The flow every module-editing command shares: read, parse, transform, verify, write."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from propslower.commands.common import EXIT_ERRORS, EXIT_OK, SOURCES, print_diagnostics
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.forked import several_cores
from propslower.inplace import locked_for_update
from propslower.ir.module import Module
from propslower.ir.nogc import gc_paused
from propslower.ir.verify_worker import VerifierWorker
from propslower.textio import STDOUT, Content, Source, read_source, staged_write

Transform = Callable[[Module], Sequence[Diagnostic]]
BeforeWrite = Callable[[], None]
"""Extra outputs (``aspects --graph``): written once the module verified and was staged."""


def add_input_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="IN.ll", help="textual LLVM IR ('-' for standard input)")


def read_module(path: str) -> Module:
    """Parse the module at ``path`` (``-`` is stdin); its text is kept for diagnostics."""
    return _parse(read_source(path))


def _parse(source: Source, *, split: bool = False) -> Module:
    SOURCES.add(source.name, source.text)
    return Module.parse(source.text, source.name, split=split)


def transform_module(
    args: argparse.Namespace,
    transform: Transform,
    before_write: BeforeWrite | None = None,
    *,
    keeps_bodies: bool = False,
) -> int:
    """Apply ``transform`` to ``args.input`` and write the result as ``-o`` / ``-i`` / stdout say.

    Nothing is written when the transform reports an error or the result fails llvmlite's
    verifier (unless ``--no-verify``); see ``textio.write_atomically`` for how a target is
    written, and ``inplace`` for how ``-i`` keeps concurrent edits. ``keeps_bodies`` says the
    transform edits few function bodies, if any: the output's verifier then reads only the
    bodies it changed (``ir/unchanged_bodies.py``), the input's check covering the others.
    """
    if args.in_place and args.input == "-":
        raise DiagnosticError(Diagnostic.error("-i cannot edit standard input in place"))
    # A module is hundreds of thousands of long-lived objects in no reference cycle: the
    # cyclic collector would only traverse them, again and again as more are made.
    # The verifiers' children are forked before the input is read: they are small (a fork of
    # the process holding the module would carry the module's pages), and load LLVM meanwhile.
    # One verifies the input, the other the output: the second starts before the first is done.
    with (
        gc_paused(),
        VerifierWorker(args.verifier).start() as for_input,
        VerifierWorker(args.verifier).start() as for_output,
    ):
        verifiers = _Verifiers(for_input, for_output)
        if not args.in_place:
            source = read_source(args.input)
            target = args.output or STDOUT
            return _transform(
                args,
                source,
                target,
                transform,
                before_write,
                verifiers=verifiers,
                keeps_bodies=keeps_bodies,
            )
        with locked_for_update(args.input) as source:
            return _transform(
                args,
                source,
                args.input,
                transform,
                before_write,
                verifiers=verifiers,
                keeps_bodies=keeps_bodies,
            )


@dataclass(frozen=True)
class _Verifiers:
    """The input's verifier and the output's, each its own process."""

    input: VerifierWorker
    output: VerifierWorker


def _transform(
    args: argparse.Namespace,
    source: Source,
    target: str,
    transform: Transform,
    before_write: BeforeWrite | None,
    *,
    verifiers: _Verifiers,
    keeps_bodies: bool,
) -> int:
    # the input is verified beside the pass, on the second core: an invalid input is
    # reported as such even when the pass happens to rewrite the invalid part
    verifiers.input.submit(source.text, source.name)
    if keeps_bodies:  # the output's verdict then counts only with the input's (it does)
        verifiers.output.submit_base(source.text)
    try:
        # unverified, the second core is free: a large module is read in two processes
        module = _parse(source, split=args.verifier == "none" and several_cores())
        diagnostics = list(transform(module))
    except DiagnosticError:
        verifiers.input.close()
        raise
    except Exception:
        # a pass that trips over invalid IR: the input's own diagnostics explain it better
        # than a traceback; on valid input it is a bug, and is reported as one
        input_problems = verifiers.input.finish()
        if not input_problems:
            raise
        print_diagnostics(input_problems)
        return EXIT_ERRORS
    except BaseException:
        verifiers.input.close()
        raise
    if any(d.is_error for d in diagnostics):
        print_diagnostics([*diagnostics, *verifiers.input.finish()])
        return EXIT_ERRORS
    if args.verifier == "none":
        _write(target, module.render_pieces(), before_write, diagnostics)
        return EXIT_OK
    text = module.render()
    output_name = "<output>" if target == STDOUT else target
    if text != source.text:
        verifiers.output.submit(text, output_name)  # while the input's check ends
    del module  # its objects are freed while the verifiers read, not after the write
    input_problems = verifiers.input.finish()
    if input_problems:
        verifiers.output.close()
        print_diagnostics([*diagnostics, *input_problems])
        return EXIT_ERRORS
    try:
        _write(target, text, before_write, diagnostics, verifiers.output)  # staged meanwhile
    except _RejectedError as rejected:
        SOURCES.add(output_name, text)
        print_diagnostics([*diagnostics, *rejected.problems])
        return EXIT_ERRORS
    return EXIT_OK


class _RejectedError(Exception):
    """The verifier's findings on the output: the staged file is not renamed into place."""

    def __init__(self, problems: list[Diagnostic]) -> None:
        super().__init__()
        self.problems = problems


def _write(
    target: str,
    content: Content,
    before_write: BeforeWrite | None,
    diagnostics: Sequence[Diagnostic],
    verifier: VerifierWorker | None = None,
) -> None:
    """The module staged first, then (with a ``verifier`` holding it) its verification, the
    pass's ``diagnostics`` printed, the extra outputs, and the module renamed into place (or
    written to standard output, after the diagnostics): any failure leaves every target as it
    was."""
    printed = False
    try:
        with staged_write(target, content):
            problems = verifier.finish() if verifier is not None else []
            if problems:
                raise _RejectedError(problems)
            print_diagnostics(diagnostics)
            printed = True
            if before_write is not None:
                before_write()
    except DiagnosticError as error:  # the target cannot be written
        if printed:
            raise
        raise DiagnosticError([*diagnostics, *error.diagnostics]) from error
