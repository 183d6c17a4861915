"""``propslower parse``: parse one attribute and show its property list and its lowered IR form."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any

from propslower.aspects.def_file import default_table
from propslower.commands.common import (
    SOURCES,
    UsageError,
    add_profile_option,
    exit_status,
    print_diagnostics,
)
from propslower.diagnostics import COMMAND_LINE, Diagnostic, DiagnosticError
from propslower.lowering.attribute_text import (
    ir_attribute_list,
    kernel_size_metadata,
    metadata_attachment,
)
from propslower.properties.attribute import (
    AspectAttribute,
    KernelSizeAttribute,
    ParsedAttribute,
    PropertyAttribute,
)
from propslower.properties.front import ASPECTS_KIND, KINDS, parse_attribute
from propslower.properties.member_annotation import encode_member_annotation
from propslower.properties.model import Site
from propslower.properties.profiles import Profile, profile_named
from propslower.properties.spellings import AttributeKind
from propslower.textio import read_source

NAME = "parse"
HELP = "parse one attribute and print its property list and lowered IR form"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", nargs="?", help="the attribute text, or '-' to read standard input")
    parser.add_argument("--file", metavar="F", help="read the attribute from a file")
    parser.add_argument("--kind", choices=KINDS, help="the site an argument list alone is for")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--enum",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="the value of a qualified enumerator used as a property value (repeatable)",
    )
    add_profile_option(parser)


@dataclass(frozen=True)
class Shown:
    """What ``parse`` prints: the JSON object's fields."""

    attribute: str
    site: str
    properties: list[dict[str, Any]]
    ir: str


def run(args: argparse.Namespace) -> int:
    source, text = _input(args)
    SOURCES.add(source, text)
    enums = parse_enums(args.enum)
    profile = profile_named(args.profile)
    result = parse_attribute(text, source=source, kind=args.kind, profile=profile, enums=enums)
    diagnostics = list(result.diagnostics)
    if result.attribute is None or any(d.is_error for d in diagnostics):
        print_diagnostics(diagnostics)
        return exit_status(diagnostics) or 1
    try:
        shown = _show(result.attribute, profile)
    except DiagnosticError as error:
        print_diagnostics([*diagnostics, *error.diagnostics])
        return 1
    print_diagnostics(diagnostics)
    sys.stdout.write(_format(shown, args.format))
    return 0


def _input(args: argparse.Namespace) -> tuple[str, str]:
    if args.file is not None and args.text is not None:
        raise UsageError(Diagnostic.error("give either TEXT or --file, not both"))
    if args.file is not None:
        source = read_source(args.file)
        return source.name, source.text
    if args.text is None:
        raise UsageError(Diagnostic.error("nothing to parse: give TEXT, '-' or --file F"))
    if args.text == "-":
        source = read_source("-")
        return source.name, source.text
    return COMMAND_LINE, args.text


def parse_enums(definitions: list[str]) -> dict[str, int]:
    enums: dict[str, int] = {}
    for definition in definitions:
        name, equals, value = definition.partition("=")
        try:
            enums[name.strip()] = int(value, 0)
        except ValueError:
            equals = ""
        if not equals:
            raise DiagnosticError(
                Diagnostic.error(f"--enum expects NAME=INTEGER, not '{definition}'")
            )
    return enums


def _show(attribute: ParsedAttribute, profile: Profile) -> Shown:
    if isinstance(attribute, PropertyAttribute):
        return _show_properties(attribute, profile)
    if isinstance(attribute, AspectAttribute):
        return _show_aspects(attribute, profile)
    return _show_kernel_size(attribute, profile)


def _show_properties(attribute: PropertyAttribute, profile: Profile) -> Shown:
    if attribute.unresolved:
        first = attribute.unresolved[0]
        raise DiagnosticError(
            Diagnostic.error(
                f"cannot lower the pack expansion '{first.text}' without the C++ front-end; "
                "compile the source with 'propslower cc'",
                first.span,
            )
        )
    properties = [{"name": p.name, "value": p.ir_value()} for p in attribute.properties]
    if attribute.site is Site.MEMBER:
        ir = encode_member_annotation(profile, attribute.properties).describe()
    else:
        ir = ir_attribute_list(attribute.properties)
    return Shown(attribute.attribute, attribute.site.value, properties, ir)


def _show_aspects(attribute: AspectAttribute, profile: Profile) -> Shown:
    table = default_table()
    properties: list[dict[str, Any]] = []
    for reference in attribute.aspects:
        value = table.value_of(reference.name)
        if value is None:
            raise DiagnosticError(
                Diagnostic.error(f"unknown aspect '{reference.written}'", reference.span)
            )
        properties.append({"name": reference.name, "value": value})
    kind = (
        profile.allowed_aspects_metadata
        if attribute.kind is AttributeKind.ALLOWED_ASPECTS
        else profile.used_aspects_metadata
    )
    ir = metadata_attachment(kind, [int(p["value"]) for p in properties])
    return Shown(attribute.attribute, ASPECTS_KIND, properties, ir)


def _show_kernel_size(attribute: KernelSizeAttribute, profile: Profile) -> Shown:
    value = ",".join(str(size) for size in attribute.sizes)
    properties: list[dict[str, Any]] = [{"name": attribute.attribute, "value": value}]
    metadata = kernel_size_metadata(profile, attribute.kind, attribute.sizes)
    ir = " ".join(metadata_attachment(kind, values) for kind, values in metadata)
    return Shown(attribute.attribute, Site.FUNCTION.value, properties, ir)


def _format(shown: Shown, style: str) -> str:
    if style == "json":
        fields = {"attribute": shown.attribute, "site": shown.site}
        return json.dumps({**fields, "properties": shown.properties, "ir": shown.ir}) + "\n"
    lines = [f"attribute: {shown.attribute}", f"site:      {shown.site}", "properties:"]
    width = max((len(p["name"]) for p in shown.properties), default=0)
    for prop in shown.properties:
        value = prop["value"]
        described = "(no value)" if value is None else json.dumps(value)
        lines.append(f"  {prop['name']:<{width}}  {described}")
    if not shown.properties:
        lines.append("  (none)")
    lines.append(f"ir:        {shown.ir}")
    return "\n".join(lines) + "\n"
