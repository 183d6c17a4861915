"""Read one translation unit with libclang and bind every property list to its IR entity."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from clang.cindex import CursorKind, TypeKind

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.frontend.cindex import (
    Cursor,
    has_global_storage,
    parse,
    resource_dir_args,
    specialized_template,
)
from propslower.frontend.feature_graph import read_features
from propslower.frontend.feature_markers import FeatureReader
from propslower.frontend.feature_model import TableLoader
from propslower.frontend.markers import EXTERNAL, FUNCTION_KINDS, KERNEL, Markers, find_markers
from propslower.frontend.prelude import (
    feature_macro_definitions,
    macro_definitions,
    site_of_marker,
)
from propslower.frontend.records import FunctionRef, PropertyRecord, ReadResult
from propslower.frontend.rules import property_list
from propslower.frontend.spans import SourceTexts, span_of
from propslower.frontend.written_features import (
    keyword_notices,
    keywords_allowed,
    split_lambda_errors,
)
from propslower.properties.model import Site

BASE_ARGS = (
    "-x",
    "c++",
    "-std=c++17",
    "-target",
    "spir64-unknown-unknown",
    "-Xclang",
    "-fsycl-is-device",
)
"""What the reader parses with before the prelude and the caller's arguments."""

PATTERN_KINDS = frozenset(
    {
        CursorKind.CLASS_TEMPLATE,
        CursorKind.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION,
        CursorKind.FUNCTION_TEMPLATE,
        CursorKind.TYPE_ALIAS_TEMPLATE_DECL,
    }
)
_ARRAY_KINDS = frozenset({TypeKind.CONSTANTARRAY, TypeKind.INCOMPLETEARRAY})
_ANNOTATE_CONSTANT = "'annotate' attribute requires parameter"
_FILTER_NOTE = (
    'a filter list (\'{"a", "b"}\') as the first argument is not supported: the prelude '
    "turns the attribute into clang::annotate, which accepts only constant expressions"
)


def reader_args(args: Sequence[str] = ()) -> list[str]:
    """The full libclang argument list: base, resource headers, prelude, then ``args``."""
    return [*BASE_ARGS, *resource_dir_args(), *macro_definitions(), *args]


def read(
    path: str | Path,
    args: Sequence[str] = (),
    unsaved: Mapping[str, str] | None = None,
    *,
    features: TableLoader | None = None,
) -> ReadResult:
    """Every property record, kernel and SYCL_EXTERNAL function of ``path``.

    With an aspect table loader as ``features``, also the optional-kernel-feature facts of every
    function (``requires``, ``uses_aspects``, type uses, calls, required sizes).
    Raises ``DiagnosticError`` for C++ errors and for attribute misuse.
    """
    files = dict(unsaved or {})
    keywords = keywords_allowed(args)
    extra = feature_macro_definitions(keywords=keywords) if features is not None else []
    # unknown-attribute warnings mark kernels and unread attributes: keep them on
    arguments = reader_args([*extra, *args, "-Wunknown-attributes"])
    tu = parse(str(path), arguments, list(files.items()))
    texts = SourceTexts(files)
    written, errors = split_lambda_errors(tu.diagnostics, texts)
    if errors:
        raise DiagnosticError([_error(d) for d in errors])
    walker = _Walker(find_markers(tu), texts)
    walker.run(tu.cursor)
    result = walker.result()
    if features is None:
        return result
    reader = FeatureReader(texts, features, written)
    kernels = frozenset(kernel.ir_name for kernel in result.kernels)
    entries = list(walker.entries.values())
    found = read_features(tu, reader, entries, kernels)
    notices = () if keywords else tuple(keyword_notices(tu.diagnostics))
    return replace(result, features=replace(found, notices=notices))


def _error(diagnostic: Any) -> Diagnostic:
    span = _diagnostic_span(diagnostic)
    if not diagnostic.spelling.startswith(_ANNOTATE_CONSTANT):
        return Diagnostic.error(diagnostic.spelling, span)
    return Diagnostic.error(diagnostic.spelling, span, Diagnostic.note(_FILTER_NOTE, span))


def _diagnostic_span(diagnostic: Any) -> Span | None:
    location = diagnostic.location
    if location.file is None:
        return None
    return Span(str(location.file.name), location.line, location.column)


def marker_annotations(cursor: Cursor, site: Site) -> Iterator[Cursor]:
    """The ANNOTATE_ATTR children of ``cursor`` carrying the prelude marker of ``site``."""
    for child in cursor.get_children():
        if child.kind is CursorKind.ANNOTATE_ATTR and site_of_marker(child.spelling) is site:
            yield child


def _is_dependent(annotation: Cursor) -> bool:
    return any(a.type.kind is TypeKind.DEPENDENT for a in annotation.get_children())


class _Walker:
    """Walks the written AST plus every instantiated function reached from it."""

    def __init__(self, markers: Markers, texts: SourceTexts) -> None:
        self.markers = markers
        self.texts = texts
        self.records: dict[tuple[Site, str, int | None], PropertyRecord] = {}
        self.kernels: dict[str, FunctionRef] = {}
        self.externals: dict[str, FunctionRef] = {}
        self.entries: dict[str, Cursor] = {}
        """Definitions of the kernels and SYCL_EXTERNAL functions (device code's roots)."""
        self.errors: dict[tuple[str, Span | None], Diagnostic] = {}
        self.seen: set[str] = set()
        self.pending: deque[Cursor] = deque()

    def run(self, root: Cursor) -> None:
        self.pending.append(root)
        while self.pending:
            for node in _preorder(self.pending.popleft()):
                self._visit(node)
        if self.errors:
            raise DiagnosticError(self.errors.values())

    def result(self) -> ReadResult:
        return ReadResult(
            tuple(self.records.values()),
            tuple(self.kernels.values()),
            tuple(self.externals.values()),
        )

    def _visit(self, node: Cursor) -> None:
        kind = node.kind
        if kind is CursorKind.VAR_DECL:
            self._variable(node)
        elif kind is CursorKind.FIELD_DECL:
            self._member(node)
        elif kind in FUNCTION_KINDS:
            self._function(node)
        elif kind.is_expression():
            self._reference(node.referenced)

    def _reference(self, target: Cursor | None) -> None:
        if target is None:
            return
        if target.kind in FUNCTION_KINDS:
            self._function(target)
        elif target.kind is CursorKind.FIELD_DECL:
            self._member(target)

    def _variable(self, variable: Cursor) -> None:
        if not has_global_storage(variable):
            return
        declaration = _record_declaration(variable.type, strip_arrays=True)
        if declaration is not None:
            self._add(Site.GLOBAL_VARIABLE, declaration, variable.mangled_name, None)

    def _member(self, field: Cursor) -> None:
        parent = field.semantic_parent
        if parent is None or parent.kind in PATTERN_KINDS:
            return
        name = f"{parent.type.get_canonical().spelling}::{field.spelling}"
        self._add(Site.MEMBER, field, name, None)

    def _function(self, function: Cursor) -> None:
        if function.kind is CursorKind.FUNCTION_TEMPLATE:
            return
        definition = function.get_definition()
        if definition is None or definition.kind is CursorKind.FUNCTION_TEMPLATE:
            return
        key = f"{definition.get_usr()}|{definition.mangled_name}"
        if key in self.seen:
            return
        self.seen.add(key)
        self.pending.append(definition)
        name = definition.mangled_name
        self._add(Site.FUNCTION, definition, name, None)
        usrs = _usrs(definition)
        if any(self.markers.has(EXTERNAL, usr) for usr in usrs):
            self.externals.setdefault(name, FunctionRef(name, span_of(definition)))
            self.entries.setdefault(name, definition)
        if any(self.markers.has(KERNEL, usr) for usr in usrs):
            self.kernels.setdefault(name, FunctionRef(name, span_of(definition)))
            self.entries.setdefault(name, definition)
            self._kernel_parameters(definition)

    def _kernel_parameters(self, kernel: Cursor) -> None:
        offset = 1 if _has_this(kernel) else 0
        for index, parameter in enumerate(kernel.get_arguments()):
            declaration = _record_declaration(parameter.type, strip_arrays=False)
            if declaration is not None:
                self._add(Site.KERNEL_PARAMETER, declaration, kernel.mangled_name, index + offset)

    def _add(self, site: Site, holder: Cursor, ir_name: str, index: int | None) -> None:
        for annotation in marker_annotations(holder, site):
            if _is_dependent(annotation):
                continue
            key = (site, ir_name, index)
            if key in self.records:
                continue
            span = span_of(annotation)
            attribute = self.texts.attribute_at(span, site)
            arguments = list(annotation.get_children())
            try:
                properties = property_list(attribute, arguments, span)
            except DiagnosticError as error:
                for diagnostic in error.diagnostics:
                    self.errors.setdefault((diagnostic.message, diagnostic.span), diagnostic)
                continue
            if properties:
                self.records[key] = PropertyRecord(
                    site, ir_name, index, properties, span, attribute
                )


def _preorder(root: Cursor) -> Iterator[Cursor]:
    """Cursors under ``root`` (itself first), not entering templates or other functions."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        if node is not root and (node.kind in FUNCTION_KINDS or node.kind in PATTERN_KINDS):
            continue
        stack.extend(reversed(list(node.get_children())))


def _record_declaration(type_: Any, *, strip_arrays: bool) -> Cursor | None:
    canonical = type_.get_canonical()
    while strip_arrays and canonical.kind in _ARRAY_KINDS:
        canonical = canonical.element_type.get_canonical()
    if canonical.kind is not TypeKind.RECORD:
        return None
    declaration = canonical.get_declaration()
    return None if declaration.kind.is_invalid() else declaration


def _usrs(function: Cursor) -> set[str]:
    usrs = {function.get_usr(), function.canonical.get_usr()}
    pattern = specialized_template(function)
    while pattern is not None:
        usrs.add(pattern.get_usr())
        pattern = specialized_template(pattern)
    return usrs


def _has_this(function: Cursor) -> bool:
    if function.kind not in (CursorKind.CXX_METHOD, CursorKind.CONVERSION_FUNCTION):
        return function.kind is CursorKind.CONSTRUCTOR
    return not function.is_static_method()
