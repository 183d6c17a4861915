"""``propslower check``: would submitting a kernel to a target raise kernel_not_supported?"""

from __future__ import annotations

import argparse
import difflib
import sys
from dataclasses import replace
from pathlib import Path

from propslower.aspects.table import AspectTable
from propslower.commands.common import EXIT_ERRORS, EXIT_OK, EXIT_USAGE, SOURCES, add_profile_option
from propslower.commands.targets import (
    add_target_options,
    aspect_table,
    device_config,
    listed_targets,
    required_option,
    usage_targets,
)
from propslower.diagnostics import COMMAND_LINE, Diagnostic, DiagnosticError, Span
from propslower.ir.module import Module
from propslower.postlink.check import (
    AspectOrigins,
    CheckResult,
    check_requirements,
    kernel_requirements,
    render_result,
)
from propslower.postlink.check_json import result_json
from propslower.postlink.device_config import (
    TargetInfo,
)
from propslower.postlink.entry_points import entry_point, entry_points
from propslower.postlink.filetable import read_table
from propslower.postlink.function_facts import FactsReader
from propslower.postlink.prepare import ensure_propagated
from propslower.postlink.propset import read_prop
from propslower.postlink.requirements import (
    DEVICE_REQUIREMENTS,
    IMAGE_REQUIREMENTS,
    requirements_of,
)
from propslower.properties.profiles import Profile, profile_named
from propslower.textio import Source, read_source

NAME = "check"
HELP = "check whether a kernel can run on a target (exit 1 with reasons when it cannot)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "input", nargs="?", metavar="IN.ll|TABLE", help="a device module or a split table"
    )
    parser.add_argument("--kernel", metavar="K", help="the kernel's IR name (required)")
    parser.add_argument("--device", metavar="TARGET", help="the target name (required)")
    add_target_options(parser)
    add_profile_option(parser)
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--format", choices=("text", "json"), default="text", help="how to print the verdict"
    )
    shown.add_argument(
        "-q", "--quiet", action="store_true", help="print nothing: the exit status is the verdict"
    )


ERROR_STATUS = EXIT_USAGE
"""As grep: 0 the kernel would run, 1 it would not, 2 bad input or usage."""


def run(args: argparse.Namespace) -> int:
    table = aspect_table(args)
    if listed_targets(args, table):
        return EXIT_OK
    kernel = required_option(args.kernel, "--kernel")
    device = required_option(args.device, "--device")
    path = required_option(args.input, "IN.ll|TABLE")
    config = device_config(args.device_config, table)
    (target,) = usage_targets(device, config, "--device")
    profile = profile_named(args.profile)
    source = read_source(path)
    SOURCES.add(source.name, source.text)
    if source.text.lstrip().startswith("["):
        result = _check_table(source, kernel, target, profile, table)
    else:
        module = Module.parse(source.text, source.name)
        result = _check_module(module, kernel, target, profile, table)
    if not args.quiet:
        shown = result_json(result, table) if args.format == "json" else render_result(result)
        sys.stdout.write(shown)
    return EXIT_OK if result.supported else EXIT_ERRORS


def _unknown_kernel(kernel: str, where: str, known: list[str]) -> DiagnosticError:
    line = f"--kernel {kernel}"
    SOURCES.add(COMMAND_LINE, line)
    span = Span(COMMAND_LINE, 1, 10, 1, 9 + max(len(kernel), 1))
    notes = [
        Diagnostic.note(f"did you mean '{m}'?") for m in difflib.get_close_matches(kernel, known, 1)
    ]
    return DiagnosticError(Diagnostic.error(f"no kernel '{kernel}' in {where}", span, *notes))


def _check_module(
    module: Module, kernel: str, target: TargetInfo, profile: Profile, table: AspectTable
) -> CheckResult:
    origins = AspectOrigins(module, profile, table)
    item = module.function(kernel)
    if item is None or not item.is_definition:
        known = [entry.name for entry in entry_points(origins.reader, profile)]
        raise _unknown_kernel(kernel, f"'{module.name}'", known)
    requirements = kernel_requirements(origins, item, profile)
    propagated = _propagated_aspects(module, kernel, profile)
    if not propagated <= set(requirements.aspects):
        aspects = tuple(sorted(propagated.union(requirements.aspects)))
        requirements = replace(requirements, aspects=aspects)
    return check_requirements(kernel, requirements, target, table, origins)


def _propagated_aspects(module: Module, kernel: str, profile: Profile) -> set[int]:
    """The kernel's aspects after propagation (type uses included), on a copy of the module;
    the chains are read from the module as written, so they end where the aspect is used."""
    copy = Module.parse(module.source, module.name)
    ensure_propagated(copy, profile)
    item = copy.function(kernel)
    entry = None if item is None else entry_point(FactsReader(copy), item, profile)
    return set() if entry is None else set(entry.aspect_values)


def _check_table(
    source: Source, kernel: str, target: TargetInfo, profile: Profile, table: AspectTable
) -> CheckResult:
    files = read_table(source.text, source.name)
    base = Path(source.name).parent
    known: list[str] = []
    for row in files.rows:
        cells = dict(zip(files.columns, row, strict=True))
        symbols = _read(base, cells.get("Symbols"))
        names = [] if symbols is None else symbols.text.splitlines()
        known.extend(names)
        if kernel not in names:
            continue
        props = _read(base, cells.get("Properties"))
        if props is None:
            raise DiagnosticError(Diagnostic.error(f"the row of '{kernel}' has no property file"))
        prop_file = read_prop(props.text, props.name)
        found = prop_file.get(profile.requirements_set)
        found = found or prop_file.get(IMAGE_REQUIREMENTS) or prop_file.get(DEVICE_REQUIREMENTS)
        if found is None:
            message = f"'{props.name}' has no requirements property set"
            raise DiagnosticError(Diagnostic.error(message, Span(props.name, 1, 1)))
        requirements = requirements_of(found)
        code = _read(base, cells.get("Code"))
        origins = None
        if code is not None and code.name.endswith(".ll"):
            module = Module.parse(code.text, code.name)
            origins = AspectOrigins(module, profile, table)
        return check_requirements(kernel, requirements, target, table, origins)
    raise _unknown_kernel(kernel, f"the images of '{source.name}'", known)


def _read(base: Path, name: str | None) -> Source | None:
    if name is None:
        return None
    source = read_source(str(base / name))
    SOURCES.add(source.name, source.text)
    return source
