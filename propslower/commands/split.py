"""``propslower split``: device-code split by optional features, with property and table files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from propslower.commands.common import (
    EXIT_OK,
    SOURCES,
    add_profile_option,
    print_diagnostics,
)
from propslower.commands.split_report import Progress, image_lines, result_json, summary_line
from propslower.commands.targets import (
    add_target_options,
    aspect_table,
    device_config,
    listed_targets,
    usage_targets,
)
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.module import Module
from propslower.postlink.split import MODE_NAMES, SplitOptions, Splitter
from propslower.postlink.staging import StagedDirectory
from propslower.postlink.target_tables import target_table
from propslower.properties.profiles import profile_named
from propslower.textio import read_source

NAME = "split"
HELP = "split device code into images by optional features; write .ll/.prop/.sym and tables"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="IN.ll", help="the linked device module ('-' for stdin)")
    parser.add_argument(
        "-d",
        "--directory",
        required=True,
        metavar="OUTDIR",
        help="output directory (its parent must exist); the files are written all at once "
        "when every image verifies: they replace files of the same names, others stay",
    )
    parser.add_argument(
        "--mode", choices=MODE_NAMES, default="auto", help="grouping before the feature split"
    )
    parser.add_argument(
        "--kernel-reqs",
        action="store_true",
        help='also write the per-kernel "SYCL/kernel reqs" set',
    )
    parser.add_argument("--targets", metavar="T1,T2", help="also write one table per AOT target")
    add_target_options(parser)
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text: a line per image and a summary (default); json: one object",
    )
    shown.add_argument("-q", "--quiet", action="store_true", help="print only the one-line summary")
    parser.add_argument(
        "--no-verify", action="store_true", help="skip llvmlite verification of each image"
    )
    parser.add_argument(
        "--no-propagate", action="store_true", help="split by the used-aspect metadata as written"
    )
    add_profile_option(parser)


def run(args: argparse.Namespace) -> int:
    table = aspect_table(args)
    if listed_targets(args, table):
        return EXIT_OK
    targets = []
    if args.targets is not None:
        config = device_config(args.device_config, table)
        # a target named twice gets its table once
        named = usage_targets(args.targets, config, "--targets")
        targets = list({target.name: target for target in named}.values())
    stem = "stdin" if args.input == "-" else Path(args.input).stem
    if not stem or any(char in stem for char in "|\n\r"):
        message = f"cannot name the output files after {args.input!r}: rename the input"
        raise DiagnosticError(Diagnostic.error(message))
    source = read_source(args.input)
    SOURCES.add(source.name, source.text)
    with StagedDirectory(args.directory) as staging:
        module = Module.parse(source.text, source.name)
        options = SplitOptions(
            args.mode, args.kernel_reqs, not args.no_verify, not args.no_propagate
        )
        splitter = Splitter(module, profile_named(args.profile), options)
        progress = Progress()
        try:
            result = splitter.write_into(staging, stem, progress)
        finally:
            progress.finish()
        notes = list(result.diagnostics)
        tables = []
        for target in targets:
            per_target = target_table(result.images, target, table)
            tables.append(splitter.write_target_table(result, per_target, staging))
            notes.extend(per_target.notes)
    print_diagnostics(notes)
    if args.format == "json":
        sys.stdout.write(result_json(result, tables, table))
    else:
        sys.stdout.write("" if args.quiet else image_lines(result, table))
        sys.stdout.write(summary_line(result, tables))
    return EXIT_OK
