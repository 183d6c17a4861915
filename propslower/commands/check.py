"""``propslower check``: would submitting a kernel to a target raise kernel_not_supported?"""

from __future__ import annotations

import argparse
import difflib
import sys
from dataclasses import replace
from pathlib import Path

from propslower.aspects.check import (
    AspectOrigins,
    CheckResult,
    check_requirements,
    kernel_requirements,
    render_result,
)
from propslower.aspects.def_file import load_table
from propslower.aspects.device_config import (
    DeviceConfig,
    TargetInfo,
    builtin_config,
    parse_user_config,
)
from propslower.aspects.entry_points import entry_point, entry_points
from propslower.aspects.filetable import read_table
from propslower.aspects.function_facts import FactsReader
from propslower.aspects.prepare import ensure_propagated
from propslower.aspects.propset import read_prop
from propslower.aspects.requirements import DEVICE_REQUIREMENTS, IMAGE_REQUIREMENTS, requirements_of
from propslower.aspects.table import AspectTable
from propslower.aspects.target_tables import parse_targets
from propslower.commands.common import (
    EXIT_ERRORS,
    EXIT_OK,
    SOURCES,
    UsageError,
    add_profile_option,
)
from propslower.diagnostics import COMMAND_LINE, Diagnostic, DiagnosticError, Span
from propslower.ir.module import Module
from propslower.properties.profiles import Profile, profile_named
from propslower.textio import Source, read_source

NAME = "check"
HELP = "check whether a kernel can run on a target (exit 1 with reasons when it cannot)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="IN.ll|TABLE", help="a device module or a split table")
    parser.add_argument("--kernel", required=True, metavar="K", help="the kernel's IR name")
    parser.add_argument("--device", required=True, metavar="TARGET", help="the target name")
    parser.add_argument("--device-config", metavar="F", help="YAML extending the built-in table")
    parser.add_argument("--aspects-def", metavar="FILE", help="aspect table (aspects.def format)")
    add_profile_option(parser)


def run(args: argparse.Namespace) -> int:
    table = load_table(args.aspects_def, SOURCES)
    config = device_config(args.device_config, table)
    SOURCES.add(COMMAND_LINE, f"--device {args.device}")
    (target,) = usage_targets(args.device, config, "--device")
    profile = profile_named(args.profile)
    source = read_source(args.input)
    SOURCES.add(source.name, source.text)
    if source.text.lstrip().startswith("["):
        result = _check_table(source, args.kernel, target, profile, table)
    else:
        module = Module.parse(source.text, source.name)
        result = _check_module(module, args.kernel, target, profile, table)
    sys.stdout.write(render_result(result))
    return EXIT_OK if result.supported else EXIT_ERRORS


def usage_targets(text: str, config: DeviceConfig, option: str) -> list[TargetInfo]:
    """``parse_targets`` for a command-line option: an unknown name is a usage error (exit 2)."""
    try:
        return parse_targets(text, config, option)
    except DiagnosticError as error:
        raise UsageError(error.diagnostics) from error


def device_config(path: str | None, table: AspectTable) -> DeviceConfig:
    """The built-in targets extended by the user file (its text kept for diagnostics)."""
    config = builtin_config(table)
    if path is None:
        return config
    source = read_source(path)
    SOURCES.add(source.name, source.text)
    return config.extended(parse_user_config(source.text, source.name, table))


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
