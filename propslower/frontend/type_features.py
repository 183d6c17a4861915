"""Which aspects a C++ type brings under the design's use rules, and from which decorated type.

The rules are in docs/design/aspects.md, "Which uses count".

A type *U* uses the aspects of *T* (a class, alias or ``double`` with
``uses_aspects``) when *U* is *T*, cv-qualified *T*, an array of, pointer to or reference to
*T*, a class derived from *T*, or a class with a non-static member of such a type —
recursively. Aliases are seen through the type sugar libclang keeps; ``auto`` keeps only the
alias's spelling, which is matched and checked against the canonical type. Substituted
template parameters keep nothing in libclang 18, so an alias-only decoration is not seen
through them (decorating the class covers those uses). Bases of implicit template
instantiations, which libclang does not list, are learned from their constructors
(``learn_base``).
"""

from __future__ import annotations

from typing import Any

from clang.cindex import CursorKind, TypeKind

from propslower.frontend.cindex import Cursor
from propslower.frontend.cursors import children, specialized_template
from propslower.frontend.feature_markers import FeatureReader
from propslower.frontend.names import qualified_name
from propslower.properties.spellings import AttributeKind

Type = Any
"""A ``clang.cindex.Type``."""

Origins = dict[int, str]
"""Aspect value → the decorated type that brings it (``sycl::half``, ``double``)."""

_POINTERS = frozenset(
    {
        TypeKind.POINTER,
        TypeKind.LVALUEREFERENCE,
        TypeKind.RVALUEREFERENCE,
        TypeKind.BLOCKPOINTER,
    }
)
_ELEMENTS = frozenset(
    {
        TypeKind.CONSTANTARRAY,
        TypeKind.INCOMPLETEARRAY,
        TypeKind.VARIABLEARRAY,
        TypeKind.DEPENDENTSIZEDARRAY,
        TypeKind.VECTOR,
        TypeKind.EXTVECTOR,
        TypeKind.COMPLEX,
    }
)
_SUGAR = frozenset({TypeKind.UNEXPOSED, TypeKind.AUTO})
_NOTHING = frozenset(
    {
        TypeKind.INVALID,
        TypeKind.VOID,
        TypeKind.BOOL,
        TypeKind.INT,
        TypeKind.UINT,
        TypeKind.LONG,
        TypeKind.ULONG,
        TypeKind.CHAR_S,
        TypeKind.FLOAT,
        TypeKind.NULLPTR,
        TypeKind.FUNCTIONPROTO,
        TypeKind.FUNCTIONNOPROTO,
        TypeKind.DEPENDENT,
        TypeKind.ENUM,
    }
)
_QUALIFIERS = ("const ", "volatile ", "restrict ")
_BASE = CursorKind.CXX_BASE_SPECIFIER


class TypeFeatures:
    """Aspects of types, memoised per class and per alias; cycle-safe."""

    def __init__(self, reader: FeatureReader) -> None:
        self.reader = reader
        self._fp64: tuple[int | None] | None = None
        self._records: dict[str, Origins] = {}
        self._aliases: dict[Cursor, Origins] = {}
        self._by_spelling: dict[str, list[Cursor]] = {}
        self._learned: dict[str, list[Type]] = {}
        self._used: dict[tuple[int, int | None, int | None], Origins] = {}

    def add_alias(self, alias: Cursor) -> None:
        """Make a decorated alias findable by its spelling (for types without sugar)."""
        name = qualified_name(alias)
        self._by_spelling.setdefault(name, []).append(alias)
        short = name.rsplit("::", 1)[-1]
        if short != name:
            self._by_spelling.setdefault(short, []).append(alias)

    def learn_base(self, derived: Type, base: Type) -> None:
        """Record that objects of ``derived`` contain a ``base`` (seen in a constructor)."""
        key = derived.get_canonical().spelling
        if base.get_canonical().spelling != key:
            self._learned.setdefault(key, []).append(base)

    def of_use(self, type_: Type) -> Origins:
        """``of`` for a type a body uses, asked outside any other question: memoised.

        Its answer is a function of the type (kind, ``QualType``, translation unit) and of
        memo entries that are written once, so asking again gives the same answer.
        """
        data = type_.data
        identity = (type_._kind_id, data[0], data[1])
        found = self._used.get(identity)
        if found is None:
            found = self._used[identity] = self.of(type_)
        return found

    def of(self, type_: Type) -> Origins:
        """The aspects ``type_`` brings; call only after every base has been learned."""
        try:
            kind = type_.kind
        except ValueError:  # a kind the 18.1 bindings do not name (attributed types)
            kind = TypeKind.UNEXPOSED
        if kind in _NOTHING:
            return {}
        if kind is TypeKind.DOUBLE:
            fp64 = self.fp64
            return {} if fp64 is None else {fp64: "double"}
        if kind is TypeKind.ELABORATED:
            return self.of(type_.get_named_type())
        if kind is TypeKind.TYPEDEF:
            return self._alias(type_.get_declaration())
        if kind in _POINTERS:
            return self.of(type_.get_pointee())
        if kind in _ELEMENTS:
            return self.of(type_.element_type)
        if kind is TypeKind.RECORD:
            return self._record(type_)
        return self._unsugared(type_)

    @property
    def fp64(self) -> int | None:
        """The value of ``fp64`` in the aspect table (``double`` implies it)."""
        if self._fp64 is None:
            self._fp64 = (self.reader.table().value_of("fp64"),)
        return self._fp64[0]

    def _unsugared(self, type_: Type) -> Origins:
        canonical = type_.get_canonical()
        if canonical.kind in _SUGAR or canonical.kind is TypeKind.INVALID:
            return {}
        found: Origins = {}
        if type_.kind in _SUGAR:
            found.update(self._alias_by_spelling(type_, canonical))
        for value, origin in self.of(canonical).items():
            found.setdefault(value, origin)
        return found

    def _alias_by_spelling(self, type_: Type, canonical: Type) -> Origins:
        spelling = str(type_.spelling)
        while spelling.startswith(_QUALIFIERS):
            spelling = spelling.split(" ", 1)[1]
        found: Origins = {}
        for alias in self._by_spelling.get(spelling, ()):
            underlying = alias.underlying_typedef_type.get_canonical()
            if underlying.spelling == canonical.get_canonical().spelling:
                found.update(self._alias(alias))
        return found

    def _alias(self, alias: Cursor) -> Origins:
        found = self._aliases.get(alias)
        if found is not None:
            return found
        self._aliases[alias] = {}
        found = {value: qualified_name(alias) for value in self._own(alias)}
        for value, origin in self.of(alias.underlying_typedef_type).items():
            found.setdefault(value, origin)
        self._aliases[alias] = found
        return found

    def _own(self, declaration: Cursor) -> list[int]:
        values: list[int] = []
        for attribute in self.reader.attributes(declaration):
            if attribute.kind is AttributeKind.USED_ASPECTS:
                values.extend(attribute.values)
        return values

    def _record(self, type_: Type) -> Origins:
        canonical = type_.get_canonical()
        key = str(canonical.spelling)
        found = self._records.get(key)
        if found is not None:
            return found
        self._records[key] = {}
        found = {}
        declaration = canonical.get_declaration()
        for holder in _holders(declaration):
            for value in self._own(holder):
                found.setdefault(value, key)
        parts = [field.type for field in canonical.get_fields()]
        parts.extend(_written_bases(declaration.get_definition() or declaration))
        parts.extend(self._learned.get(key, ()))
        for part in parts:
            for value, origin in self.of(part).items():
                found.setdefault(value, origin)
        self._records[key] = found
        return found


def _holders(declaration: Cursor) -> list[Cursor]:
    """The class, its definition, and the templates it was instantiated from."""
    holders = [declaration]
    definition = declaration.get_definition()
    if definition is not None and definition != declaration:
        holders.append(definition)
    pattern = specialized_template(declaration)
    while pattern is not None and pattern not in holders:
        holders.append(pattern)
        pattern = specialized_template(pattern)
    return holders


def _written_bases(declaration: Cursor) -> list[Type]:
    """Bases libclang lists: on the class itself, else non-dependent ones of its pattern."""
    bases = [c.type for c in children(declaration) if c.kind is _BASE]
    if bases:
        return bases
    pattern = specialized_template(declaration)
    if pattern is None:
        return []
    return [
        c.type
        for c in children(pattern)
        if c.kind is _BASE and c.type.get_canonical().kind is TypeKind.RECORD
    ]
