"""The feature attributes of one declaration, read from its prelude annotates (once each)."""

from __future__ import annotations

import re

from clang.cindex import CursorKind, TypeKind

from propslower.diagnostics import COMMAND_LINE, Diagnostic, DiagnosticError, Span
from propslower.frontend.cindex import Cursor, file_name
from propslower.frontend.convert import string_of
from propslower.frontend.cursors import ChildLister, CursorKey, children, cursor_key
from propslower.frontend.evaluate import evaluate
from propslower.frontend.feature_model import FeatureAttribute, TableLoader
from propslower.frontend.prelude import (
    FEATURE_ATTRIBUTES,
    STRINGIFIED_KINDS,
    feature_of_marker,
    feature_spellings,
)
from propslower.frontend.spans import SourceTexts
from propslower.frontend.written_features import WrittenAttribute
from propslower.properties.attribute import AspectAttribute, KernelSizeAttribute
from propslower.properties.spellings import AttributeKind

_ANNOTATE = CursorKind.ANNOTATE_ATTR.value
_SCOPE = re.compile(r"(?:\w+\s*::\s*)+$")
SIZE_COUNTS: dict[AttributeKind, tuple[int, int]] = {
    AttributeKind.WORK_GROUP_SIZE: (1, 3),
    AttributeKind.SUB_GROUP_SIZE: (1, 1),
}
"""How many sizes each kernel-size attribute takes (as ``propslower parse`` checks)."""


class FeatureReader:
    """Reads feature attributes from cursors; misuse becomes positioned errors."""

    def __init__(
        self,
        texts: SourceTexts,
        table: TableLoader,
        written: list[WrittenAttribute],
        lister: ChildLister = children,
    ) -> None:
        self.texts = texts
        self.children = lister
        self.table = table
        self.written = written
        self.errors: dict[tuple[str, Span | None], Diagnostic] = {}
        self._cache: dict[CursorKey, tuple[FeatureAttribute, ...]] = {}

    def raise_if_errors(self) -> None:
        if self.errors:
            raise DiagnosticError(self.errors.values())

    def attributes(
        self, cursor: Cursor, annotations: list[Cursor] | None = None
    ) -> tuple[FeatureAttribute, ...]:
        """Every feature attribute on ``cursor`` (inherited ones included), in written order.

        ``annotations``: its ``ANNOTATE_ATTR`` children when the caller has listed them.
        """
        identity = cursor_key(cursor)
        found = self._cache.get(identity)
        if found is None:
            if annotations is None:
                annotations = [c for c in self.children(cursor) if c._kind_id == _ANNOTATE]
            found = self._cache[identity] = tuple(self._read_all(annotations))
        return found

    def lambda_attributes(self, operator: Cursor, body: Cursor | None) -> list[FeatureAttribute]:
        """Attributes written between a lambda's introducer and its body (``operator()``)."""
        file = file_name(operator)
        if file is None or body is None or not self.written:
            return []
        start = (operator.location.line, operator.location.column)
        end = (body.extent.start.line, body.extent.start.column)
        found: list[FeatureAttribute] = []
        for written in self.written:
            where = (written.span.line, written.span.column)
            if written.span.file == file and start < where < end:
                attribute = self.from_text(written.name, written.text, written.span)
                if attribute is not None:
                    found.append(attribute)
        return found

    def _read_all(self, annotations: list[Cursor]) -> list[FeatureAttribute]:
        found: list[FeatureAttribute] = []
        for child in annotations:
            name = feature_of_marker(child.spelling)
            if name is None:
                continue
            attribute = self._read(child, name)
            if attribute is not None:
                found.append(attribute)
        return found

    def _read(self, annotation: Cursor, name: str) -> FeatureAttribute | None:
        file = file_name(annotation)
        start, end = annotation.extent.start, annotation.extent.end
        written = ""
        if file is not None and end.file is not None and str(end.file.name) == file:
            written = self.texts.between(file, (start.line, start.column), (end.line, end.column))
        span = Span(file or COMMAND_LINE, start.line, start.column)
        spelled = _spelled(written)
        arguments = self.children(annotation)
        if FEATURE_ATTRIBUTES[name] not in STRINGIFIED_KINDS:
            if any(a.type.kind is TypeKind.DEPENDENT for a in arguments):
                return None
            sizes = [evaluate(argument).value for argument in arguments]
            if all(isinstance(size, int) for size in sizes):
                where = self._name_span(span, spelled or name)
                return self._sizes(name, [int(s) for s in sizes if isinstance(s, int)], where)
        if spelled is not None:
            return self.from_text(name, written, span)
        # written through a macro of the user's: the prelude's string holds the arguments
        try:
            text = f"{name}({string_of(arguments[0]) or ''})" if arguments else f"{name}()"
        except LookupError:
            text = f"{name}()"
        return self.from_text(name, text, span)

    def from_text(self, name: str, text: str, span: Span) -> FeatureAttribute | None:
        """The attribute written as ``text`` (``requires(has(...))``) at ``span``."""
        from propslower.properties.front import parse_attribute  # noqa: PLC0415 - lark on demand

        result = parse_attribute(text, source=span.file, line=span.line, column=span.column)
        for diagnostic in result.diagnostics:
            self._error(diagnostic)
        attribute = result.attribute
        kind = FEATURE_ATTRIBUTES[name]
        where = self._name_span(span, _spelled(text) or name)
        if isinstance(attribute, AspectAttribute) and not result.diagnostics:
            values: list[int] = []
            for reference in attribute.aspects:
                value = self.table().value_of(reference.name)
                if value is None:
                    message = f"unknown aspect '{reference.written}'"
                    self._error(Diagnostic.error(message, reference.span))
                elif value not in values:
                    values.append(value)
            return FeatureAttribute(name, kind, tuple(values), where)
        if isinstance(attribute, KernelSizeAttribute) and not result.diagnostics:
            return FeatureAttribute(name, kind, attribute.sizes, where)
        return None

    def _sizes(self, name: str, sizes: list[int], span: Span) -> FeatureAttribute | None:
        kind = FEATURE_ATTRIBUTES[name]
        low, high = SIZE_COUNTS[kind]
        count = "exactly 1" if low == high else f"{low} to {high}"
        if not low <= len(sizes) <= high:
            text = f"'{name}' takes {count} positive integer arguments"
            self._error(Diagnostic.error(text, span))
            return None
        if any(size <= 0 for size in sizes):
            self._error(Diagnostic.error(f"'{name}' arguments must be positive integers", span))
            return None
        return FeatureAttribute(name, kind, tuple(sizes), span)

    def _name_span(self, span: Span, spelled: str) -> Span:
        """The attribute's name as written, with its namespace (``sycl::requires``)."""
        before = self.texts.line(span.file, span.line)[: span.column - 1]
        scope = _SCOPE.search(before)
        start = span.column if scope is None else scope.start() + 1
        return Span(span.file, span.line, start, span.line, span.column + len(spelled) - 1)

    def _error(self, diagnostic: Diagnostic) -> None:
        self.errors.setdefault((diagnostic.message, diagnostic.span), diagnostic)


def _spelled(text: str) -> str | None:
    """The feature spelling ``text`` starts with (``requires`` in ``requires(...)``), if any."""
    head = text.split("(", 1)[0].strip()
    return head if head in feature_spellings() and "(" in text else None
