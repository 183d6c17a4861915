"""``propslower annotate``: put property lists on an existing ``.ll`` file."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from functools import partial

from propslower.commands.common import SOURCES, add_output_options, add_profile_option
from propslower.commands.module_io import add_input_argument, transform_module
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.forked import Forked, several_cores
from propslower.ir.module import Module
from propslower.lowering.lower_pass import LowerPass
from propslower.lowering.members import EquivalentForms
from propslower.lowering.placements import Placement
from propslower.lowering.spec import read_spec_rows
from propslower.passes import PassContext, run_pipeline
from propslower.properties.profiles import profile_named
from propslower.textio import read_source

NAME = "annotate"
HELP = "lower property lists onto an existing LLVM IR module"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_argument(parser)
    parser.add_argument(
        "--props", metavar="SPEC.yaml", help="sites in the module and their properties"
    )
    parser.add_argument(
        "--from-annotations",
        action="store_true",
        help='consume the [[clang::annotate("propslower:<site>", ...)]] records clang emitted',
    )
    parser.add_argument(
        "--spirv", action="store_true", help="map the result to SPIR-V metadata as well"
    )
    parser.add_argument(
        "--enum",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="the value of an enumerator used in the spec's attribute texts (repeatable)",
    )
    add_profile_option(parser)
    add_output_options(parser)


def run(args: argparse.Namespace) -> int:
    # verifying, the second core checks the input beside the pass
    context = PassContext(profile_named(args.profile), spare_core=args.verifier == "none")
    with _read_spec(args, context) as spec_rows:
        forms: EquivalentForms | None = None
        if args.spirv:
            from propslower.spirv.members import AnnotationForms  # noqa: PLC0415 - the table

            # The pass below rewrites member annotations: a field annotated by an earlier
            # `annotate --spirv` carries the rewritten string, which must count as done.
            forms = AnnotationForms(context.profile)

        def transform(module: Module) -> Sequence[Diagnostic]:
            lowering = LowerPass(
                spec_rows.result(), from_annotations=args.from_annotations, forms=forms
            )
            diagnostics = lowering.apply(module, context)
            if args.spirv and not any(d.is_error for d in diagnostics):
                diagnostics.extend(run_pipeline(module, ["spirv"], context))
            return diagnostics

        try:
            return transform_module(args, transform)
        except DiagnosticError:
            spec_rows.result()  # the spec's errors come first, as when it was read first
            raise


_FORK_AT = 1 << 18
"""Specs of this many characters and more are read in a child while the module is parsed;
a smaller one takes under 5 ms to read, about what the child would cost."""


def _read_spec(args: argparse.Namespace, context: PassContext) -> Forked[Sequence[Placement]]:
    """The spec's placements, read beside the module's parse on the second core when the
    spec is large (``forked.py``); none without ``--props``."""
    if args.props is None:
        return Forked.done(())
    spec = read_source(args.props)
    SOURCES.add(spec.name, spec.text)
    enums = _enums(args.enum) if args.enum else {}
    fork = len(spec.text) >= _FORK_AT and several_cores()
    work = partial(read_spec_rows, spec.text, spec.name, context.profile, enums)
    return Forked.start(work, fork=fork)


def _enums(definitions: list[str]) -> dict[str, int]:
    from propslower.commands.parse import parse_enums  # noqa: PLC0415 - it loads the grammar

    return parse_enums(definitions)
