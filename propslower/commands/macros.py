"""``propslower macros``: the any/all-device aspect macros for a target list, and the header."""

from __future__ import annotations

import argparse

from propslower.aspects.def_file import load_table
from propslower.aspects.device_config import DeviceConfig, builtin_config, parse_user_config
from propslower.aspects.header import aspect_header
from propslower.aspects.macros import Profile, macro_flags, macro_sets
from propslower.commands.check import usage_targets
from propslower.commands.common import EXIT_OK, SOURCES, add_profile_option
from propslower.diagnostics import COMMAND_LINE
from propslower.textio import read_source, write_output

NAME = "macros"
HELP = "print the __SYCL_{ALL_DEVICES_HAVE,ANY_DEVICE_HAS}_*__ macros for a target list"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--targets",
        required=True,
        metavar="T1,T2",
        help="comma-separated -fsycl-targets (an unknown name is a usage error, exit status 2)",
    )
    parser.add_argument("--device-config", metavar="F", help="YAML extending the built-in table")
    parser.add_argument("--aspects-def", metavar="FILE", help="aspect table (aspects.def format)")
    parser.add_argument(
        "--numeric", action="store_true", help="aspect numbers in macro names (seed 003 form)"
    )
    parser.add_argument("--header", metavar="OUT.hpp", help="also write the traits header here")
    add_profile_option(parser)


def _targets(text: str, config: DeviceConfig) -> list[str]:
    """The names of ``--targets``; an empty or unknown one is a usage error (exit 2), as for
    ``check --device`` (a name known without its trailing ``-components`` is accepted)."""
    SOURCES.add(COMMAND_LINE, f"--targets {text}")
    usage_targets(text, config, "--targets")
    return [name.strip() for name in text.split(",")]


def run(args: argparse.Namespace) -> int:
    table = load_table(getattr(args, "aspects_def", None), SOURCES)
    config = builtin_config(table)
    config_path = getattr(args, "device_config", None)
    if config_path is not None:
        source = read_source(config_path)
        SOURCES.add(source.name, source.text)
        config = config.extended(parse_user_config(source.text, source.name, table))
    numeric = bool(getattr(args, "numeric", False))
    profile: Profile = "dpcpp" if getattr(args, "profile", "design") == "dpcpp" else "design"
    sets = macro_sets(_targets(args.targets, config), config, table, profile)
    header = getattr(args, "header", None)
    if header is not None:  # first: a header that cannot be written leaves stdout empty
        write_output(aspect_header(table, numeric), header)
    write_output("".join(flag + "\n" for flag in macro_flags(sets, table, numeric)), None)
    return EXIT_OK
