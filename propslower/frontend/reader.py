"""Read one translation unit with libclang and bind every property list to its IR entity."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from clang.cindex import CursorKind

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.frontend.attribute_warnings import unknown_attribute_warnings
from propslower.frontend.cindex import (
    Cursor,
    has_global_storage,
    parse,
    resource_dir_args,
    resource_include_args,
)
from propslower.frontend.clang_errors import cpp_error
from propslower.frontend.cursors import (
    CHILDLESS,
    EXPRESSIONS,
    LITERALS,
    CursorKey,
    Lookups,
    cursor_key,
    definition,
    kind_ids,
    record_declaration,
    referenced,
    specialized_template,
)
from propslower.frontend.feature_graph import read_features
from propslower.frontend.feature_markers import FeatureReader
from propslower.frontend.feature_model import FeatureWork, TableLoader, TranslationUnitFeatures
from propslower.frontend.kernel_names import first_template_argument, kernel_name
from propslower.frontend.kernels import is_free_function_kernel
from propslower.frontend.marker_readings import MarkerReadings, marker_annotations
from propslower.frontend.markers import (
    EXTERNAL,
    FUNCTION_KINDS,
    KERNEL,
    Markers,
    find_markers,
)
from propslower.frontend.pointer_annotations import parameter_types
from propslower.frontend.preamble import PreambleCache
from propslower.frontend.prelude import (
    ENTRY_POINT_MARKER,
    entry_point_macro_definitions,
    feature_macro_definitions,
    macro_definitions,
)
from propslower.frontend.records import (
    EntryPoint,
    FunctionRef,
    PropertyRecord,
    ReadResult,
    UniqueGlobal,
)
from propslower.frontend.spans import SourceTexts, span_of
from propslower.frontend.special_classes import special_classes_in, unplaced_note
from propslower.frontend.sycl_compat import PTR_ANNOTATION_FUNCTION
from propslower.frontend.unique_ids import carries_unique_id_attribute, is_internal
from propslower.frontend.written_features import (
    keyword_notices,
    keywords_allowed,
    split_lambda_errors,
)
from propslower.ir.nogc import gc_paused
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
_FUNCTIONS = kind_ids(FUNCTION_KINDS)
_STOPS = kind_ids(FUNCTION_KINDS | PATTERN_KINDS)
_VAR = CursorKind.VAR_DECL.value
_VARIABLES = kind_ids([CursorKind.VAR_DECL, CursorKind.UNEXPOSED_DECL])
"""libclang 18 shows a variable template's specialization as an unexposed declaration."""
_FIELD = CursorKind.FIELD_DECL.value
_ANNOTATE = CursorKind.ANNOTATE_ATTR.value
_TEMPLATE = CursorKind.FUNCTION_TEMPLATE.value
_VISITED = _FUNCTIONS | {_VAR, _FIELD} | (EXPRESSIONS - LITERALS)
"""The kinds ``_Walker._visit`` acts on."""
_PASSED = _STOPS | CHILDLESS
"""Kinds whose children the walk does not list (or that have none)."""


def reader_args(args: Sequence[str] = ()) -> list[str]:
    """The full libclang argument list: base, resource directory, prelude, ``args``, then the
    resource headers as a system directory (see ``resource_include_args``)."""
    return [
        *BASE_ARGS,
        *resource_dir_args(),
        *macro_definitions(),
        *entry_point_macro_definitions(),
        *args,
        *resource_include_args(),
    ]


def read(
    path: str | Path,
    args: Sequence[str] = (),
    unsaved: Mapping[str, str] | None = None,
    *,
    features: TableLoader | None = None,
    preambles: PreambleCache | None = None,
) -> ReadResult:
    """Every property record, kernel and SYCL_EXTERNAL function of ``path``.

    With an aspect table loader as ``features``, also the optional-kernel-feature facts of every
    function (``requires``, ``uses_aspects``, type uses, calls, required sizes). With
    ``preambles``, libclang may read the leading ``#include <...>`` lines from a saved AST.
    Raises ``DiagnosticError`` for C++ errors and for attribute misuse.
    """
    with gc_paused():  # tens of thousands of cursors, no cycles: collections only cost time
        result, work = read_records(path, args, unsaved, features=features, preambles=preambles)
        found = None if work is None else work()
        del work  # the cursors go now: freeing them with the collector on costs 0.3 s more
        return result if found is None else replace(result, features=found)


def read_records(
    path: str | Path,
    args: Sequence[str] = (),
    unsaved: Mapping[str, str] | None = None,
    *,
    features: TableLoader | None = None,
    preambles: PreambleCache | None = None,
) -> tuple[ReadResult, FeatureWork | None]:
    """``read`` but for its last step: the result without features, and what reads them
    (``None`` when ``features`` is; ``feature_fork.py`` may call it in a child). Call it
    with the collector paused, as ``read`` does."""
    keywords = keywords_allowed(args)
    extra = feature_macro_definitions(keywords=keywords) if features is not None else []
    # unknown-attribute warnings mark kernels and unread attributes: keep them on, and keep
    # them warnings (the user's -Werror is applied to what is reported, not to the read)
    arguments = reader_args([*extra, *args, "-Wunknown-attributes", "-Wno-error"])
    files = dict(unsaved or {})
    if preambles is None:
        tu = parse(str(path), arguments, list(files.items()))
    else:
        tu = preambles.parse(str(path), arguments, files)
    texts = SourceTexts(files)
    written, errors = split_lambda_errors(tu.diagnostics, texts)
    if errors:
        raise DiagnosticError([cpp_error(d) for d in errors])
    lookups = Lookups()
    walker = _Walker(find_markers(tu, lookups.children), texts, lookups)
    walker.run(tu.cursor)
    result = replace(walker.result(), warnings=tuple(unknown_attribute_warnings(tu.diagnostics)))
    if features is None:
        return result, None
    reader = FeatureReader(texts, features, written, lookups.children)
    kernels = frozenset(kernel.ir_name for kernel in result.kernels)
    entries = list(walker.entries.values())

    def work() -> TranslationUnitFeatures:
        found = read_features(tu, reader, entries, kernels, lookups)
        notices = () if keywords else tuple(keyword_notices(tu.diagnostics))
        return replace(found, notices=notices)

    return result, work


class _Walker:
    """Walks the written AST plus every instantiated function reached from it."""

    def __init__(self, markers: Markers, texts: SourceTexts, lookups: Lookups) -> None:
        self.markers = markers
        self.texts = texts
        self.lookups = lookups
        self.children = lookups.children
        self.records: dict[tuple[Site, str, int | None], PropertyRecord] = {}
        self.kernels: dict[str, FunctionRef] = {}
        self.externals: dict[str, FunctionRef] = {}
        self.entry_points: dict[str, EntryPoint] = {}
        """``sycl_kernel_entry_point`` functions by IR name, with their kernel's name."""
        self.pointer_annotations: dict[str, tuple[str, ...]] = {}
        """The pointer-annotation shim's specialisations: IR name → parameter kinds."""
        self.unique_globals: dict[str, UniqueGlobal] = {}
        """Device globals and host pipes by IR name (they get ``"sycl-unique-id"``)."""
        self.unique_types: dict[CursorKey, bool] = {}
        """Whether each class declaration asks for a unique id (read from its tokens)."""
        self.unique_texts: dict[tuple[str, int, int], bool] = {}
        """The same, by the written text it was read from (file, start and name offsets)."""
        self.entries: dict[str, Cursor] = {}
        """Definitions of the kernels and SYCL_EXTERNAL functions (device code's roots)."""
        self.errors: dict[tuple[str, Span | None], Diagnostic] = {}
        self.seen: set[str] = set()
        self.done: set[CursorKey] = set()
        """Functions and fields already looked at (a second look changes nothing)."""
        self.patterns: dict[CursorKey, frozenset[str]] = {}
        """USRs of each template pattern's chain, by pattern."""
        self.pending: deque[Cursor] = deque()
        self.deferred: dict[str, Cursor] = {}
        """Functions defined in system headers that no walked body has referred to yet (by
        USR and name): their bodies are walked only once one does."""
        self.deferred_cursors: dict[CursorKey, str] = {}
        self.readings = MarkerReadings(self.children, texts)
        self.unplaced: dict[str, Diagnostic] = {}
        """Notes on special classes whose kernel-parameter properties have no IR parameter."""

    def run(self, root: Cursor) -> None:
        """Each pending root's cursors in preorder, not entering templates or other functions
        (``_visit`` adds the functions to walk next). Only the kinds ``_visit`` acts on are
        handed to it, and references and literals (a third of a translation unit's cursors)
        are not asked for children: they have none."""
        pending, children = self.pending, self.children
        pending.append(root)
        while pending:
            start = pending.popleft()
            stack = [start]
            while stack:
                node = stack.pop()
                kind = node._kind_id
                if kind in _VISITED:
                    self._visit(node)
                if kind in _PASSED and node is not start:
                    continue
                stack.extend(reversed(children(node)))
        if self.errors:
            raise DiagnosticError(self.errors.values())

    def result(self) -> ReadResult:
        return ReadResult(
            tuple(self.records.values()),
            tuple(self.kernels.values()),
            tuple(self.externals.values()),
            unique_globals=tuple(self.unique_globals.values()),
            pointer_annotations=tuple(self.pointer_annotations.items()),
            entry_points=tuple(self.entry_points.values()),
            unplaced=tuple(self.unplaced.values()),
        )

    def _visit(self, node: Cursor) -> None:
        kind = node._kind_id
        if kind == _VAR:
            self._variable(node)
        elif kind == _FIELD:
            self._member(node)
        elif kind in _FUNCTIONS:
            self._function(node)
        elif kind in EXPRESSIONS and kind not in LITERALS:  # a literal names nothing
            self._reference(referenced(node))

    def _reference(self, target: Cursor | None) -> None:
        if target is None:
            return
        kind = target._kind_id
        if kind in _FUNCTIONS:
            if target.spelling == PTR_ANNOTATION_FUNCTION:
                self._pointer_annotation(target)
                return
            self._function(target, reached=True)
        elif kind == _FIELD:
            self._member(target)
        elif kind in _VARIABLES and self._first_look(target):
            self._variable(target)  # a variable template's instantiation is only referenced

    def _pointer_annotation(self, shim: Cursor) -> None:
        """Remember the value types of one ``__builtin_intel_sycl_ptr_annotation`` shim."""
        if self._first_look(shim):
            self.pointer_annotations[self.lookups.mangled_name(shim)] = parameter_types(shim)

    def _first_look(self, cursor: Cursor) -> bool:
        identity = cursor_key(cursor)
        if identity in self.done:
            return False
        self.done.add(identity)
        return True

    def _variable(self, variable: Cursor) -> None:
        if not has_global_storage(variable):
            return
        declaration = record_declaration(variable.type, strip_arrays=True)
        if declaration is not None:
            name = self.lookups.mangled_name(variable)
            self._add(Site.GLOBAL_VARIABLE, declaration, name, None)
            if name not in self.unique_globals and self._asks_for_unique_id(declaration):
                found = UniqueGlobal(name, is_internal(variable), span_of(variable))
                self.unique_globals[name] = found

    def _asks_for_unique_id(self, declaration: Cursor) -> bool:
        """Whether the class, or the template it was instantiated from, is a device global."""
        identity = cursor_key(declaration)
        found = self.unique_types.get(identity)
        if found is None:
            pattern = specialized_template(declaration)
            found = self._written_unique(declaration) or (
                pattern is not None and self._written_unique(pattern)
            )
            self.unique_types[identity] = found
        return found

    def _written_unique(self, declaration: Cursor) -> bool:
        """``carries_unique_id_attribute``, once per written text: every specialisation of a
        class template spans the template's tokens (reading them was a third of ``cc``'s
        read on 3,000 device globals)."""
        start, name = declaration.extent.start, declaration.location
        if start.file is None or name.file is None:
            return carries_unique_id_attribute(declaration)
        place = (str(start.file.name), start.offset, name.offset)
        found = self.unique_texts.get(place)
        if found is None:
            found = self.unique_texts[place] = carries_unique_id_attribute(declaration)
        return found

    def _member(self, field: Cursor) -> None:
        if not self._first_look(field):
            return
        parent = field.semantic_parent
        if parent is None or parent.kind in PATTERN_KINDS:
            return
        name = f"{parent.type.get_canonical().spelling}::{field.spelling}"
        self._add(Site.MEMBER, field, name, None)

    def _function(self, function: Cursor, *, reached: bool = False) -> None:
        """A function declared in a scope walked, or ``reached`` through a reference: its
        records, and its body walked (a body in a system header only once it is reached)."""
        if function._kind_id == _TEMPLATE:
            return
        if not self._first_look(function):
            if reached:
                self._reach(self.deferred_cursors.get(cursor_key(function)))
            return
        found = definition(function)
        if found is None or found._kind_id == _TEMPLATE:
            return
        usr = found.get_usr()
        name = self.lookups.mangled_name(found)
        key = f"{usr}|{name}"
        if key in self.seen:
            if reached:
                self._reach(key)
            return
        self.seen.add(key)
        if reached or not found.location.is_in_system_header:
            self.pending.append(found)
        else:
            self.deferred[key] = found
            self.deferred_cursors[cursor_key(function)] = key
        self._add(Site.FUNCTION, found, name, None)
        record = self.records.get((Site.FUNCTION, name, None))
        if record is not None and is_free_function_kernel(record.properties):
            self._kernel(found, name)
        entry = self._entry_annotation(found)
        if entry is not None:
            self._kernel(found, name)
            self._entry_point(found, name, entry, declared=True)
        if self.markers.roles:  # else nothing is marked: no USR can match
            self._marked_roles(found, usr, name)
        if name in self.entries:
            self._reach(key)  # an entry point's body is device code wherever it is written

    def _marked_roles(self, found: Cursor, usr: str, name: str) -> None:
        """``found`` is SYCL_EXTERNAL or a kernel when it, or its template, is marked so."""
        usrs = {usr, found.canonical.get_usr()}
        pattern = specialized_template(found)
        if pattern is not None:
            usrs |= self._pattern_usrs(pattern)
        if any(self.markers.has(EXTERNAL, usr) for usr in usrs):
            self.externals.setdefault(name, FunctionRef(name, span_of(found)))
            self.entries.setdefault(name, found)
        if any(self.markers.has(KERNEL, usr) for usr in usrs):
            self._kernel(found, name)
            if found.get_num_template_arguments() > 0 or pattern is not None:
                self._entry_point(found, name, "", declared=False)

    def _reach(self, key: str | None) -> None:
        """Walk the body of a deferred function now that something walked needs it."""
        found = None if key is None else self.deferred.pop(key, None)
        if found is not None:
            self.pending.append(found)

    def _entry_annotation(self, function: Cursor) -> str | None:
        """The template parameter a ``sycl_kernel_entry_point`` names (``""`` when unread),
        or ``None`` when the function has none (the reader's prelude makes it an annotate)."""
        for child in self.children(function):
            if child._kind_id == _ANNOTATE and child.spelling == ENTRY_POINT_MARKER:
                arguments = self.children(child)
                return arguments[0].spelling.strip('"') if arguments else ""
        return None

    def _entry_point(self, function: Cursor, name: str, parameter: str, *, declared: bool) -> None:
        """Record the kernel clang 22 generates for ``function`` (``_ZTS<KernelName>``)."""
        if name in self.entry_points:
            return
        index = 0
        pattern = specialized_template(function)
        if parameter and pattern is not None:
            parameters = [
                c.spelling
                for c in self.children(pattern)
                if c.kind is CursorKind.TEMPLATE_TYPE_PARAMETER
            ]
            index = parameters.index(parameter) if parameter in parameters else 0
        kernel = None
        if function.get_num_template_arguments() > index:
            entry_type = function.get_template_argument_type(index)
            kernel = kernel_name(entry_type, self.lookups.mangled_name)
        elif index == 0 and (first := first_template_argument(name)) is not None:
            kernel = f"_ZTS{first}"
        self.entry_points[name] = EntryPoint(name, kernel, span_of(function), declared)

    def _kernel(self, function: Cursor, name: str) -> None:
        """``function`` is a kernel: an entry point whose parameters may carry properties."""
        if name in self.kernels:
            return
        self.kernels[name] = FunctionRef(name, span_of(function))
        self.entries.setdefault(name, function)
        self._kernel_parameters(function)

    def _pattern_usrs(self, pattern: Cursor) -> frozenset[str]:
        """The USRs of ``pattern`` and the templates it comes from (shared by instantiations)."""
        identity = cursor_key(pattern)
        found = self.patterns.get(identity)
        if found is None:
            usrs = set()
            chain: Cursor | None = pattern
            while chain is not None:
                usrs.add(chain.get_usr())
                chain = specialized_template(chain)
            found = self.patterns[identity] = frozenset(usrs)
        return found

    def _kernel_parameters(self, kernel: Cursor) -> None:
        offset = 1 if _has_this(kernel) else 0
        for index, parameter in enumerate(kernel.get_arguments()):
            declaration = record_declaration(parameter.type, strip_arrays=False)
            name = self.lookups.mangled_name(kernel)
            if declaration is not None:
                self._add(Site.KERNEL_PARAMETER, declaration, name, index + offset)
            for special in special_classes_in(parameter.type, self.children, self._marked):
                self.unplaced.setdefault(special.get_usr(), unplaced_note(special))

    def _marked(self, cursor: Cursor, site: Site) -> bool:
        return next(marker_annotations(cursor, site, self.children), None) is not None

    def _add(self, site: Site, holder: Cursor, ir_name: str, index: int | None) -> None:
        for annotation in marker_annotations(holder, site, self.children):
            record_key = (site, ir_name, index)
            if record_key in self.records:
                continue
            found = self.readings.read(annotation, site)
            if found is None:
                continue
            for diagnostic in found.errors:
                self.errors.setdefault((diagnostic.message, diagnostic.span), diagnostic)
            if found.properties:
                self.records[record_key] = PropertyRecord(
                    site, ir_name, index, found.properties, found.span, found.attribute
                )


def _has_this(function: Cursor) -> bool:
    if function.kind not in (CursorKind.CXX_METHOD, CursorKind.CONVERSION_FUNCTION):
        return function.kind is CursorKind.CONSTRUCTOR
    return not function.is_static_method()
