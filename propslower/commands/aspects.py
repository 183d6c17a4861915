"""``propslower aspects``: propagate aspects over the call graph, warn, write used metadata."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from propslower.aspects.aspects_pass import AspectsRun, run_aspects
from propslower.aspects.def_file import load_table
from propslower.aspects.graph_dot import RENDERED, call_graph_dot, write_graph
from propslower.aspects.graph_view import check_size, graph_roots, warning_nodes
from propslower.commands.common import (
    EXIT_USAGE,
    SOURCES,
    UsageError,
    add_output_options,
    add_profile_option,
    werror_flag,
)
from propslower.commands.module_io import add_input_argument, transform_module
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.module import Module
from propslower.ir.nogc import gc_paused
from propslower.properties.profiles import profile_named

NAME = "aspects"
HELP = "propagate aspects over the call graph, check allowed lists, write used-aspects metadata"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_argument(parser)
    add_profile_option(parser)
    parser.add_argument(
        "--exclude-aspects",
        metavar="A,B",
        help="aspects left out of the written used metadata (still checked), e.g. fp64; "
        "an unknown name is a usage error (exit status 2)",
    )
    parser.add_argument(
        "--fixed-targets",
        metavar="A,B",
        help="dpcpp: the targets all device code is expected to run on (aspect names or "
        "numbers, as -fsycl-fixed-targets), written as every entry point's "
        "!sycl_fixed_targets (!{} without this option); an unknown name is a usage error",
    )
    parser.add_argument(
        "--aspects-def", metavar="FILE", help="aspect table in aspects.def format (default: DPC++)"
    )
    parser.add_argument(
        "--graph",
        metavar="FILE",
        help="write the call graph from the entry points: .svg/.png/.pdf through dot, else DOT",
    )
    parser.add_argument(
        "--graph-kernel",
        action="append",
        default=[],
        metavar="NAME",
        help="draw only what this entry point reaches (repeatable)",
    )
    parser.add_argument(
        "--graph-warnings",
        action="store_true",
        help="draw only the call chains behind a missing-aspect warning",
    )
    parser.add_argument(
        "-W",
        dest="warning_options",
        action="append",
        default=[],
        metavar="error=aspects",
        help="-Werror=aspects turns missing-aspect warnings into errors (nothing is written)",
    )
    add_output_options(parser)


def run(args: argparse.Namespace) -> int:
    werror = False
    for option in args.warning_options:
        if not werror_flag(option):
            raise UsageError(Diagnostic.error(f"unknown option '-W{option}'"))
        werror = True
    profile = profile_named(args.profile)
    base = load_table(args.aspects_def, SOURCES)
    done = AspectsRun()

    def transform(module: Module) -> Sequence[Diagnostic]:
        run = run_aspects(
            module,
            profile,
            base=base,
            exclude=args.exclude_aspects,
            werror=werror,
            fixed_targets=args.fixed_targets,
        )
        done.result = run.result
        done.usage_error = run.usage_error
        return run.diagnostics

    def graph() -> None:
        if args.graph is None or done.result is None:
            return
        counts_declared = profile.allowed_counts_as_use
        try:
            roots = graph_roots(done.result, args.graph_kernel)
        except DiagnosticError as error:
            raise UsageError(error.diagnostics) from error
        nodes = done.result.graph.reachable(roots)
        if args.graph_warnings:
            nodes = warning_nodes(done.result, nodes, counts_declared)
        check_size(nodes, args.graph, Path(args.graph).suffix.lstrip(".").lower() in RENDERED)
        write_graph(call_graph_dot(done.result, counts_declared, nodes), args.graph)

    with gc_paused():
        status = transform_module(args, transform, graph, keeps_bodies=True)
        # freed here: alive when collection resumes, the whole propagation would be traversed
        done.result = None
    return EXIT_USAGE if done.usage_error else status
