"""Lowering a simple spec's rows: string attributes from (name, IR value) pairs, by shape.

A generated spec puts the same properties on thousands of kernels whose headers differ only
in the name, and on globals of a few shapes. What a row does to a header is worked out once
per (header without the name, pairs) and replayed on the next header of that shape; for a
global, once per (kind, attribute group, pairs). A row that would report an error (missing
target, conflicting value) is left to the general lowering, which reports it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.functions import FunctionItem
from propslower.ir.module import Module
from propslower.lowering.placements import Placement
from propslower.lowering.spec_lines import FUNCTION, GLOBAL, PARAMETER, SpecRows
from propslower.lowering.string_attributes import RESTRICT, added_pairs, noalias_unless_present
from propslower.properties.profiles import Profile

Pairs = Sequence[tuple[str, str | None]]
_GroupTexts = tuple[str | None, ...]


def apply_rows(
    module: Module,
    rows: SpecRows,
    profile: Profile,
    general: Callable[[Placement], None],
) -> list[Diagnostic]:
    """Lower every row; ``general`` lowers (and reports) a row the pairs could not."""
    diagnostics: list[Diagnostic] = []
    kinds, indices, flows, flow_pairs = rows.kinds, rows.indices, rows.flows, rows.flow_pairs
    text, name_starts, name_ends = rows.text, rows.name_starts, rows.name_ends
    lowering = _RowLowering(module, profile)
    for row in range(len(rows)):
        kind, pairs = kinds[row], flow_pairs[flows[row]]
        name = text[name_starts[row] : name_ends[row]]
        try:
            if kind == GLOBAL:
                done = lowering.global_row(name, pairs)
            elif kind == FUNCTION:
                done = lowering.function_row(name, pairs)
            elif kind == PARAMETER:
                done = lowering.parameter_row(name, indices[row], pairs)
            else:
                done = False
        except DiagnosticError as error:
            diagnostics.extend(error.diagnostics)
            continue
        if not done:
            try:
                general(rows[row])
            except DiagnosticError as error:
                diagnostics.extend(error.diagnostics)
    return diagnostics


class _RowLowering:
    """The row lowerings of one run, with what each shape of target became.

    Each returns False, having changed nothing, where the general lowering would report an
    error; errors raised while changing the module propagate as they would there.
    """

    def __init__(self, module: Module, profile: Profile) -> None:
        self.module = module
        self.profile = profile
        self._functions: dict[
            tuple[str, str, Pairs],
            tuple[tuple[int, ...], _GroupTexts, int | None, tuple[str, str] | None],
        ] = {}
        """(before name, after name, pairs) → group refs, their texts, the group the function
        then uses, and the header before and after the name (None: unchanged)."""
        self._parameters: dict[tuple[str, str, int, Pairs, bool], tuple[str, str] | None] = {}
        """(before name, after name, index, pairs, noalias) → the header before and after the
        name (None: unchanged)."""
        self._globals: dict[tuple[int | None, Pairs], tuple[_GroupTexts, int | None]] = {}
        """(group ref, pairs) of a variable → the group's text and the group it then uses."""
        self._group_texts: dict[tuple[int, ...], tuple[int, _GroupTexts]] = {}
        """Group refs → (``module.groups_changed`` when read, the groups' texts)."""

    def _texts(self, refs: tuple[int, ...]) -> _GroupTexts:
        """The texts of groups ``refs`` (None for a missing one), as of the last group added
        or removed (rows never edit a group's text)."""
        known = self._group_texts.get(refs)
        if known is not None and known[0] == self.module.groups_changed:
            return known[1]
        groups = (self.module.attribute_group(ref) for ref in refs)
        texts = tuple(None if group is None else group.text for group in groups)
        self._group_texts[refs] = (self.module.groups_changed, texts)
        return texts

    def _exists(self, group_id: int | None) -> bool:
        return group_id is None or self.module.attribute_group(group_id) is not None

    def global_row(self, name: str, pairs: Pairs) -> bool:
        module = self.module
        variable = module.variables.get(name)
        try:
            if variable is None or not variable.is_variable:
                return False
            ref = variable.group_ref
        except DiagnosticError:
            return False
        refs = () if ref is None else (ref,)
        key = (ref, pairs)
        known = self._globals.get(key)
        if known is not None and known[0] == self._texts(refs) and self._exists(known[1]):
            if known[1] is not None:
                variable.set_group_ref(known[1])
            return True
        texts = self._texts(refs)
        item = variable.item()
        try:
            added = added_pairs(pairs, module.attributes.strings_of_global(item))
        except DiagnosticError:
            return False
        if added is None:
            return False
        group_id = module.attributes.add_to_global(item, added) if added else None
        self._globals[key] = (texts, group_id)
        return True

    def function_row(self, name: str, pairs: Pairs) -> bool:
        module = self.module
        function = module.function(name)
        if function is None or not function.is_definition:
            return False
        split = function.header_parts()
        key = None if split is None else (split[0], split[2], pairs)
        known = None if key is None else self._functions.get(key)
        if split is not None and known is not None:
            refs, texts, group_id, parts = known
            if self._texts(refs) == texts and self._exists(group_id):
                if parts is not None:
                    function.set_header_parts(parts[0], _name(function, split), parts[1])
                return True
        try:
            refs = tuple(function.parsed_shape.group_refs)
            added = added_pairs(pairs, module.attributes.strings_of_function(function))
        except DiagnosticError:
            return False
        if added is None:
            return False
        texts = self._texts(refs)
        group_id = module.attributes.add_to_function(function, added) if added else None
        if split is not None and key is not None:
            parts = _parts(function, split) if added else None
            if parts is not None or not added:
                self._functions[key] = (refs, texts, group_id, parts)
        return True

    def parameter_row(self, name: str, index: int, pairs: Pairs) -> bool:
        module = self.module
        function = module.function(name)
        if function is None or not function.is_definition:
            return False
        noalias = self.profile.restrict_adds_noalias and any(k == RESTRICT for k, _ in pairs)
        split = function.header_parts()
        key = None if split is None else (split[0], split[2], index, pairs, noalias)
        if split is not None and key is not None and key in self._parameters:
            parts = self._parameters[key]
            if parts is not None:
                function.set_header_parts(parts[0], _name(function, split), parts[1])
            return True
        try:
            if not 0 <= index < len(function.parsed_shape.parameters):
                return False
            added = added_pairs(pairs, module.attributes.strings_of_parameter(function, index))
            enums = noalias_unless_present(module, function, index) if noalias else ()
        except DiagnosticError:
            return False
        if added is None:
            return False
        changed = bool(added or enums)
        if changed:
            module.attributes.add_to_parameter(function, index, added, enums)
        if split is not None and key is not None:
            parts = _parts(function, split) if changed else None
            if parts is not None or not changed:
                self._parameters[key] = parts
        return True


def _parts(function: FunctionItem, split: tuple[str, str, str]) -> tuple[str, str] | None:
    """The edited header before and after the name, when the edit left all up to it alone;
    the header is then kept in parts (``before`` and ``after`` shared by its shape)."""
    header = function.header_text
    head = split[0] + split[1]
    if not header.startswith(head):
        return None
    parts = (split[0], header[len(head) :])
    function.set_header_parts(parts[0], _name(function, split), parts[1])
    return parts


def _name(function: FunctionItem, split: tuple[str, str, str]) -> str:
    """The name as written in the header: the item's key when equal (one string for both)."""
    return function.key if function.key == split[1] and function.key is not None else split[1]
