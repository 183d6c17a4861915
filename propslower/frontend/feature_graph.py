"""Device functions of a translation unit with their feature attributes, own uses and calls.

Device code is what the kernels, the SYCL_EXTERNAL functions and the functions with an
allowed list (``requires`` / ``device_has``) reach through calls: definitions written in the
TU, the instantiations their bodies call (libclang shows instantiated bodies through the
call) and called declarations. Bodies are walked first; types become aspects afterwards,
once constructors have shown the bases of class template instantiations.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from clang.cindex import CursorKind, TypeKind

from propslower.frontend.body_uses import BodyFacts, Type, span_of_use, walk_body
from propslower.frontend.cindex import Cursor, has_attributes
from propslower.frontend.cursors import (
    ChildLister,
    CursorKey,
    Lookups,
    cursor_key,
    definition,
    kind_ids,
)
from propslower.frontend.feature_markers import FeatureReader
from propslower.frontend.feature_model import (
    AspectUse,
    CallSite,
    FeatureAttribute,
    FunctionFeatures,
    TranslationUnitFeatures,
    TypeEntry,
)
from propslower.frontend.markers import FUNCTION_KINDS
from propslower.frontend.names import ir_struct_name, qualified_name
from propslower.frontend.type_features import TypeFeatures
from propslower.properties.spellings import AttributeKind

_SCOPES = frozenset(
    {
        CursorKind.TRANSLATION_UNIT,
        CursorKind.NAMESPACE,
        CursorKind.LINKAGE_SPEC,
        CursorKind.UNEXPOSED_DECL,
    }
)
_RECORDS = frozenset({CursorKind.CLASS_DECL, CursorKind.STRUCT_DECL, CursorKind.UNION_DECL})
_ALIASES = frozenset({CursorKind.TYPE_ALIAS_DECL, CursorKind.TYPEDEF_DECL})
_DEFINABLE = FUNCTION_KINDS - {CursorKind.FUNCTION_TEMPLATE}
_REFERENCES = frozenset({TypeKind.LVALUEREFERENCE, TypeKind.RVALUEREFERENCE})
_SIZE_KINDS = frozenset({AttributeKind.WORK_GROUP_SIZE, AttributeKind.SUB_GROUP_SIZE})
_SCOPE_IDS = kind_ids(_SCOPES)
_RECORD_IDS = kind_ids(_RECORDS)
_ALIAS_IDS = kind_ids(_ALIASES)
_DEFINABLE_IDS = kind_ids(_DEFINABLE)
_TEMPLATE = CursorKind.FUNCTION_TEMPLATE.value


@dataclass
class _Function:
    """A function found so far: its cursor (the definition when there is one) and its facts."""

    cursor: Cursor
    key: str
    facts: BodyFacts | None = None


class _Functions:
    """Functions by IR name in discovery order, with a cache from cursors to IR names."""

    def __init__(self, lookups: Lookups) -> None:
        self.lookups = lookups
        self.found: dict[str, _Function] = {}
        self.pending: deque[_Function] = deque()
        self._keys: dict[CursorKey, _Function | None] = {}

    def add(self, function: Cursor) -> _Function | None:
        """The entry for ``function`` (a declaration or a reference's target), walked later."""
        identity = cursor_key(function)
        if identity in self._keys:
            return self._keys[identity]
        found = definition(function)
        cursor = found if found is not None else function
        entry: _Function | None = None
        if cursor._kind_id != _TEMPLATE:
            mangled = self.lookups.mangled_name(cursor)
            key = str(mangled or cursor.get_usr() or cursor.spelling)
            entry = self.found.get(key)
            if entry is None:
                entry = self.found[key] = _Function(cursor, key)
                if cursor.is_definition():
                    self.pending.append(entry)
        self._keys[identity] = entry
        return entry


def read_features(
    tu: Any,
    reader: FeatureReader,
    entries: Iterable[Cursor],
    kernels: frozenset[str],
    lookups: Lookups,
) -> TranslationUnitFeatures:
    """The features of the device functions of ``tu``.

    ``entries`` are the definitions of kernels and SYCL_EXTERNAL functions, ``kernels`` the
    kernels' IR names, ``lookups`` the reading's memoised answers.
    """
    types = TypeFeatures(reader)
    functions = _Functions(lookups)
    for entry in entries:
        functions.add(entry)
    decorated: dict[str, TypeEntry] = {}
    for declaration in _declarations(tu.cursor, lookups.children):
        if declaration._kind_id in _ALIAS_IDS:
            if _used(reader, declaration):
                types.add_alias(declaration)
        elif declaration._kind_id in _RECORD_IDS:
            values = _used(reader, declaration)
            if values:
                name = ir_struct_name(declaration)
                decorated.setdefault(name, TypeEntry(name, tuple(values)))
        elif any(a.kind is AttributeKind.ALLOWED_ASPECTS for a in reader.attributes(declaration)):
            functions.add(declaration)
    while functions.pending:
        function = functions.pending.popleft()
        facts = function.facts = walk_body(function.cursor, lookups.children)
        for callee, _node in facts.calls:
            functions.add(callee)
        for derived, base in facts.bases:
            types.learn_base(derived, base)
    entries_found = list(functions.found.values())
    found = tuple(_features(entry, reader, types, kernels, functions) for entry in entries_found)
    reader.raise_if_errors()
    return TranslationUnitFeatures(found, tuple(decorated.values()))


def _declarations(root: Cursor, children: ChildLister) -> Iterator[Cursor]:
    """Aliases, classes, and function definitions with attributes, outside templates and
    function bodies."""
    stack = list(reversed(children(root)))
    while stack:
        node = stack.pop()
        kind = node._kind_id
        if kind in _SCOPE_IDS:
            stack.extend(reversed(children(node)))
        elif kind in _RECORD_IDS:
            if node.is_definition():
                stack.extend(reversed(children(node)))
            if has_attributes(node):
                yield node
        elif (kind in _ALIAS_IDS or (kind in _DEFINABLE_IDS and node.is_definition())) and (
            has_attributes(node)
        ):
            yield node


def _used(reader: FeatureReader, declaration: Cursor) -> list[int]:
    values: list[int] = []
    for attribute in reader.attributes(declaration):
        if attribute.kind is AttributeKind.USED_ASPECTS:
            values.extend(v for v in attribute.values if v not in values)
    return values


def _features(
    entry: _Function,
    reader: FeatureReader,
    types: TypeFeatures,
    kernels: frozenset[str],
    functions: _Functions,
) -> FunctionFeatures:
    cursor = entry.cursor
    attributes = _attributes(entry, reader)
    sizes = {a.kind: a for a in attributes if a.kind in _SIZE_KINDS}
    if entry.key in kernels:
        for operator in _functor_operators(entry, functions):
            for attribute in _attributes(operator, reader):
                if attribute.kind in _SIZE_KINDS:
                    sizes.setdefault(attribute.kind, attribute)
    return FunctionFeatures(
        ir_name=entry.key,
        name=qualified_name(cursor),
        is_definition=entry.facts is not None,
        allowed=next((a for a in attributes if a.kind is AttributeKind.ALLOWED_ASPECTS), None),
        uses=_uses(attributes, entry.facts, types),
        calls=_calls(entry.facts, functions),
        work_group_size=sizes.get(AttributeKind.WORK_GROUP_SIZE),
        sub_group_size=sizes.get(AttributeKind.SUB_GROUP_SIZE),
    )


def _attributes(entry: _Function, reader: FeatureReader) -> list[FeatureAttribute]:
    function = entry.cursor
    facts = entry.facts
    found = list(reader.attributes(function, None if facts is None else facts.annotations))
    if function.spelling == "operator()" and facts is not None:
        parent = function.semantic_parent
        if parent.kind is CursorKind.CLASS_DECL and parent.spelling.startswith("(lambda"):
            body = next(
                (c for c in reader.children(function) if c.kind is CursorKind.COMPOUND_STMT), None
            )
            found.extend(reader.lambda_attributes(function, body))
    return found


def _uses(
    attributes: list[FeatureAttribute], facts: BodyFacts | None, types: TypeFeatures
) -> tuple[AspectUse, ...]:
    uses: dict[int, AspectUse] = {}
    for attribute in attributes:
        if attribute.kind is AttributeKind.USED_ASPECTS:
            reason = f"through its {attribute.spelling} attribute"
            for value in attribute.values:
                uses.setdefault(value, AspectUse(value, reason, attribute.span))
    for type_, node in facts.type_uses if facts is not None else ():
        for value, origin in types.of_use(type_).items():
            if value not in uses:
                uses[value] = AspectUse(value, _reason(type_, origin), span_of_use(node))
    return tuple(uses.values())


def _reason(type_: Type, origin: str) -> str:
    shown = str(type_.spelling)
    if origin in shown:
        return f"through the type '{shown}'"
    return f"through the type '{shown}', which uses '{origin}'"


def _calls(facts: BodyFacts | None, functions: _Functions) -> tuple[CallSite, ...]:
    calls: dict[str, CallSite] = {}
    for callee, node in facts.calls if facts is not None else ():
        entry = functions.add(callee)
        if entry is not None and entry.key not in calls:
            calls[entry.key] = CallSite(entry.key, span_of_use(node))
    return tuple(calls.values())


def _functor_operators(kernel: _Function, functions: _Functions) -> list[_Function]:
    """The ``operator()`` of a kernel's function-object parameter, when the kernel calls it."""
    if kernel.facts is None:
        return []
    parameters = set()
    for parameter in kernel.cursor.get_arguments():
        type_ = parameter.type.get_canonical()
        if type_.kind in _REFERENCES:
            type_ = type_.get_pointee().get_canonical()
        parameters.add(str(type_.spelling).removeprefix("const "))
    operators: list[_Function] = []
    for callee, _node in kernel.facts.calls:
        if callee.spelling != "operator()":
            continue
        if str(callee.semantic_parent.type.get_canonical().spelling) in parameters:
            entry = functions.add(callee)
            if entry is not None:
                operators.append(entry)
    return operators
