"""What the prelude's marker annotations on a declaration say, each evaluated once."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from clang.cindex import CursorKind, TypeKind

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.frontend.cindex import Cursor
from propslower.frontend.cursors import ChildLister, CursorKey, cursor_key
from propslower.frontend.prelude import site_of_marker
from propslower.frontend.rules import property_list
from propslower.frontend.spans import SourceTexts, span_of
from propslower.properties.model import PropertyList, Site

_ANNOTATE = CursorKind.ANNOTATE_ATTR.value


def marker_annotations(cursor: Cursor, site: Site, children: ChildLister) -> Iterator[Cursor]:
    """The ANNOTATE_ATTR children of ``cursor`` carrying the prelude marker of ``site``."""
    for child in children(cursor):
        if child._kind_id == _ANNOTATE and site_of_marker(child.spelling) is site:
            yield child


@dataclass(frozen=True, slots=True)
class MarkerReading:
    """A marker annotation's span, attribute name, properties and errors."""

    span: Span | None
    attribute: str
    properties: PropertyList
    errors: tuple[Diagnostic, ...] = ()


class MarkerReadings:
    """Each marker annotation's reading, worked out once: every global or kernel parameter of
    one class shares its annotation, and evaluating it goes through libclang."""

    def __init__(self, children: ChildLister, texts: SourceTexts) -> None:
        self._children = children
        self._texts = texts
        self._read: dict[CursorKey, MarkerReading | None] = {}

    def read(self, annotation: Cursor, site: Site) -> MarkerReading | None:
        """What ``annotation`` (a marker of ``site``) says; ``None``: its arguments are
        dependent."""
        identity = cursor_key(annotation)
        if identity in self._read:
            return self._read[identity]
        arguments = self._children(annotation)
        found: MarkerReading | None = None
        if not any(a.type.kind is TypeKind.DEPENDENT for a in arguments):
            span = span_of(annotation)
            attribute = self._texts.attribute_at(span, site)
            try:
                found = MarkerReading(span, attribute, property_list(attribute, arguments, span))
            except DiagnosticError as error:
                found = MarkerReading(span, attribute, PropertyList(), tuple(error.diagnostics))
        self._read[identity] = found
        return found
