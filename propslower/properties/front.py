"""The front module: attribute text in, a ParsedAttribute and diagnostics out."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from propslower.diagnostics import COMMAND_LINE, Diagnostic, DiagnosticError, Diagnostics, Span
from propslower.frozen import fast_init
from propslower.properties.argument_kinds import (
    Argument,
    CallArgument,
    InvalidArgument,
    NameArgument,
    ValueArgument,
)
from propslower.properties.arguments import ArgumentBuilder
from propslower.properties.attribute import (
    AspectAttribute,
    AspectReference,
    KernelSizeAttribute,
    ParsedAttribute,
    PropertyAttribute,
)
from propslower.properties.grammar import parse_tree
from propslower.properties.locator import Locator
from propslower.properties.model import Site
from propslower.properties.profiles import DESIGN, Profile
from propslower.properties.rules import pair_arguments
from propslower.properties.spellings import (
    ATTRIBUTES,
    AttributeKind,
    AttributeSpec,
    lookup,
)
from propslower.properties.values import IntegerValue

ASPECTS_KIND = "aspects"
"""The ``--kind`` / JSON ``site`` name for aspect lists."""

KINDS: tuple[str, ...] = (*(site.value for site in Site), ASPECTS_KIND)


@fast_init
@dataclass(frozen=True)
class ParseResult:
    """A parsed attribute (``None`` after a syntax error) and every diagnostic produced."""

    attribute: ParsedAttribute | None
    diagnostics: tuple[Diagnostic, ...]

    @property
    def ok(self) -> bool:
        return self.attribute is not None and not any(d.is_error for d in self.diagnostics)


def parse_attribute(
    text: str,
    *,
    source: str = COMMAND_LINE,
    kind: str | None = None,
    profile: Profile = DESIGN,
    enums: Mapping[str, int] | None = None,
    line: int = 1,
    column: int = 1,
    indent: int = 0,
) -> ParseResult:
    """Parse one attribute, bare call or argument list (``kind`` says which site a list is for).

    ``line`` and ``column`` place ``text`` inside ``source`` when it is embedded in a larger file;
    ``indent`` is added to the columns of its later lines.
    """
    locator = Locator(source, text, line, column, indent)
    diagnostics = Diagnostics()
    try:
        tree = parse_tree(locator)
    except DiagnosticError as error:
        return ParseResult(None, error.diagnostics)
    builder = ArgumentBuilder(locator, diagnostics)
    if tree.data == "whole_attribute":
        call_tree = tree.children[1]
        assert not isinstance(call_tree, str | type(None))
        call: CallArgument | None = builder.call(call_tree)
        arguments: tuple[Argument, ...] = ()
    else:
        arguments = builder.arguments(tree.children[0])  # type: ignore[arg-type]
        call = _lone_call(arguments)
    if call is not None:
        attribute = _from_call(call, kind, enums or {}, diagnostics)
    else:
        whole = locator.span(0, len(text.rstrip()))
        attribute = _from_list(arguments, whole, kind, profile, enums or {}, diagnostics)
    return ParseResult(attribute, tuple(diagnostics))


def _lone_call(arguments: Sequence[Argument]) -> CallArgument | None:
    if len(arguments) == 1 and isinstance(arguments[0], CallArgument):
        return arguments[0]
    return None


def _from_call(
    call: CallArgument, kind: str | None, enums: Mapping[str, int], diagnostics: Diagnostics
) -> ParsedAttribute | None:
    spec = lookup(call.name)
    if spec is None:
        diagnostics.add(_unknown_attribute(call))
        return None
    if kind is not None and kind != _kind_of(spec):
        diagnostics.add(
            Diagnostic.error(
                f"attribute '{spec.name}' applies to {_kind_of(spec)}, not {kind}", call.name_span
            )
        )
        return None
    return _interpret(spec, call.arguments, call.name_span, enums, diagnostics)


def _kind_of(spec: AttributeSpec) -> str:
    if spec.site is not None:
        return spec.site.value
    return ASPECTS_KIND if spec.kind in _ASPECT_KINDS else "function"


def _from_list(  # noqa: PLR0917 - the list, where it is, and the three ways to read it
    arguments: Sequence[Argument],
    span: Span,
    kind: str | None,
    profile: Profile,
    enums: Mapping[str, int],
    diagnostics: Diagnostics,
) -> ParsedAttribute | None:
    if kind is None:
        diagnostics.add(
            Diagnostic.error(
                "an argument list alone does not say which site it is for; pass --kind "
                f"({', '.join(KINDS)})",
                span,
            )
        )
        return None
    name = "requires" if kind == ASPECTS_KIND else profile.property_attribute(Site(kind))
    return _interpret(ATTRIBUTES[name], tuple(arguments), span, enums, diagnostics)


def _unknown_attribute(call: CallArgument) -> Diagnostic:
    written = "::".join(call.name)
    close = difflib.get_close_matches(call.name[-1].strip("_"), list(ATTRIBUTES), n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return Diagnostic.error(f"unknown attribute '{written}'{hint}", call.name_span)


def _interpret(
    spec: AttributeSpec,
    arguments: Sequence[Argument],
    span: Span,
    enums: Mapping[str, int],
    diagnostics: Diagnostics,
) -> ParsedAttribute | None:
    if spec.kind is AttributeKind.PROPERTIES:
        return _properties(spec, arguments, span, enums, diagnostics)
    if spec.kind in _ASPECT_KINDS:
        return _aspects(spec, arguments, span, diagnostics)
    return _kernel_size(spec, arguments, span, diagnostics)


def _properties(
    spec: AttributeSpec,
    arguments: Sequence[Argument],
    span: Span,
    enums: Mapping[str, int],
    diagnostics: Diagnostics,
) -> PropertyAttribute:
    assert spec.site is not None
    if spec.leading_pointer:
        if not arguments:
            diagnostics.add(
                Diagnostic.error(
                    f"'{spec.name}' needs the annotated pointer as its first argument", span
                )
            )
        arguments = arguments[1:]
    paired = pair_arguments(spec.name, arguments, span, enums, diagnostics)
    return PropertyAttribute(
        spec.name, spec.site, paired.properties, paired.filter, paired.unresolved, span
    )


_ASPECT_KINDS = frozenset({AttributeKind.ALLOWED_ASPECTS, AttributeKind.USED_ASPECTS})


def _aspects(
    spec: AttributeSpec, arguments: Sequence[Argument], span: Span, diagnostics: Diagnostics
) -> AspectAttribute:
    references: list[AspectReference] = []
    for argument in _flatten_has(arguments):
        if isinstance(argument, NameArgument) and argument.cast is None:
            parts = argument.name.split("::")
            if len(parts) >= 2 and parts[-2] == "aspect":
                references.append(AspectReference(parts[-1], argument.name, argument.span))
                continue
        if not isinstance(argument, InvalidArgument):
            diagnostics.add(
                Diagnostic.error(
                    f"'{spec.name}' expects aspects such as 'aspect::fp16'", argument.span
                )
            )
    return AspectAttribute(spec.name, spec.kind, tuple(references), span)


def _flatten_has(arguments: Sequence[Argument]) -> list[Argument]:
    flat: list[Argument] = []
    for argument in arguments:
        if isinstance(argument, CallArgument) and argument.name[-1] == "has":
            flat.extend(argument.arguments)
        else:
            flat.append(argument)
    return flat


_SIZE_LIMITS = {AttributeKind.WORK_GROUP_SIZE: (1, 3), AttributeKind.SUB_GROUP_SIZE: (1, 1)}


def _kernel_size(
    spec: AttributeSpec, arguments: Sequence[Argument], span: Span, diagnostics: Diagnostics
) -> KernelSizeAttribute | None:
    low, high = _SIZE_LIMITS[spec.kind]
    count = "exactly 1" if low == high else f"{low} to {high}"
    if not low <= len(arguments) <= high:
        diagnostics.add(
            Diagnostic.error(f"'{spec.name}' takes {count} positive integer arguments", span)
        )
        return None
    sizes: list[int] = []
    for argument in arguments:
        if isinstance(argument, InvalidArgument):
            return None
        value = argument.value if isinstance(argument, ValueArgument) else None
        if not isinstance(value, IntegerValue) or value.value <= 0:
            diagnostics.add(
                Diagnostic.error(
                    f"'{spec.name}' arguments must be positive integers", argument.span
                )
            )
            return None
        sizes.append(value.value)
    return KernelSizeAttribute(spec.name, spec.kind, tuple(sizes), span)
