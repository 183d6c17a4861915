"""The target options commands share: ``--device-config``, ``--aspects-def``, ``--list-targets``."""

from __future__ import annotations

import argparse
import sys

from propslower.aspects.def_file import load_table
from propslower.aspects.table import AspectTable
from propslower.commands.common import SOURCES, UsageError
from propslower.diagnostics import COMMAND_LINE, Diagnostic, DiagnosticError
from propslower.postlink.device_config import (
    DeviceConfig,
    TargetInfo,
    builtin_config,
    parse_user_config,
)
from propslower.postlink.target_tables import parse_targets
from propslower.textio import read_source


def add_target_options(parser: argparse.ArgumentParser) -> None:
    """``--device-config F``, ``--aspects-def FILE`` and ``--list-targets``."""
    parser.add_argument("--device-config", metavar="F", help="YAML extending the built-in table")
    parser.add_argument("--aspects-def", metavar="FILE", help="aspect table (aspects.def format)")
    parser.add_argument(
        "--list-targets",
        action="store_true",
        help="print the known target names (built-in and --device-config) and exit",
    )


def aspect_table(args: argparse.Namespace) -> AspectTable:
    return load_table(args.aspects_def, SOURCES)


def device_config(path: str | None, table: AspectTable) -> DeviceConfig:
    """The built-in targets extended by the user file (its text kept for diagnostics)."""
    config = builtin_config(table)
    if path is None:
        return config
    source = read_source(path)
    SOURCES.add(source.name, source.text)
    return config.extended(parse_user_config(source.text, source.name, table))


def listed_targets(args: argparse.Namespace, table: AspectTable) -> bool:
    """With ``--list-targets``, print every target name, one per line, and say so."""
    if not args.list_targets:
        return False
    config = device_config(args.device_config, table)
    sys.stdout.write("".join(f"{name}\n" for name in sorted(config.targets)))
    return True


def required_option(value: str | None, option: str) -> str:
    """``value``, or a usage error: the option is required unless ``--list-targets`` is given."""
    if value is None:
        raise UsageError(Diagnostic.error(f"the option {option} is required"))
    return value


def usage_targets(text: str, config: DeviceConfig, option: str) -> list[TargetInfo]:
    """``parse_targets`` for a command-line option: an unknown name is a usage error (exit 2)."""
    SOURCES.add(COMMAND_LINE, f"{option} {text}")
    try:
        return parse_targets(text, config, option)
    except DiagnosticError as error:
        raise UsageError(error.diagnostics) from error
