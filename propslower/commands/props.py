"""``propslower props``: decode a ``.prop`` property-set file into readable text or JSON."""

from __future__ import annotations

import argparse
import json

from propslower.aspects.def_file import load_table
from propslower.commands.common import EXIT_OK, SOURCES
from propslower.postlink.describe import describe_file, render_text
from propslower.postlink.propset import read_prop
from propslower.textio import read_source, write_output

NAME = "props"
HELP = "decode a .prop property-set file (aspects shown by name)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE.prop", help="the property file ('-' for stdin)")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output form")
    parser.add_argument(
        "--aspects-def", metavar="FILE", help="aspect table in aspects.def format (default: DPC++)"
    )
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")


def run(args: argparse.Namespace) -> int:
    table = load_table(getattr(args, "aspects_def", None), SOURCES)
    source = read_source(args.file)
    SOURCES.add(source.name, source.text)
    description = describe_file(read_prop(source.text, source.name), table)
    if getattr(args, "format", "text") == "json":
        text = json.dumps(description, indent=2) + "\n"
    else:
        text = render_text(description)
    write_output(text, getattr(args, "output", None))
    return EXIT_OK
