"""``propslower macros``: the any/all-device aspect macros for a target list, and the header."""

from __future__ import annotations

import argparse

from propslower.commands.common import EXIT_OK, add_profile_option
from propslower.commands.targets import (
    add_target_options,
    aspect_table,
    device_config,
    listed_targets,
    required_option,
    usage_targets,
)
from propslower.postlink.header import aspect_header
from propslower.postlink.macros import macro_flags, macro_sets
from propslower.properties.profiles import profile_named
from propslower.textio import write_output

NAME = "macros"
HELP = "print the __SYCL_{ALL_DEVICES_HAVE,ANY_DEVICE_HAS}_*__ macros for a target list"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--targets",
        metavar="T1,T2",
        help="comma-separated -fsycl-targets, required (an unknown name is a usage error, exit 2)",
    )
    add_target_options(parser)
    parser.add_argument(
        "--numeric", action="store_true", help="aspect numbers in macro names instead of names"
    )
    parser.add_argument("--header", metavar="OUT.hpp", help="also write the traits header here")
    add_profile_option(parser)


def run(args: argparse.Namespace) -> int:
    table = aspect_table(args)
    if listed_targets(args, table):
        return EXIT_OK
    text = required_option(args.targets, "--targets")
    config = device_config(args.device_config, table)
    # a name known without its trailing -components is accepted, as check --device does
    usage_targets(text, config, "--targets")
    names = [name.strip() for name in text.split(",")]
    sets = macro_sets(names, config, table, profile_named(args.profile))
    if args.header is not None:  # first: a header that cannot be written leaves stdout empty
        write_output(aspect_header(table, args.numeric), args.header)
    write_output("".join(flag + "\n" for flag in macro_flags(sets, table, args.numeric)), None)
    return EXIT_OK
