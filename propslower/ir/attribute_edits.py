"""Reading and adding attributes on globals, functions and parameters (shared groups kept)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from propslower.ir.attributes import (
    Attribute,
    AttributeGroup,
    enum_attribute,
    merge,
    render_group_body,
    string_attribute,
    string_attributes,
)
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.header_edits import set_group_refs, set_parameter_attributes

if TYPE_CHECKING:
    from propslower.ir.module import Module


class AttributeState:
    """What an ``AttributeEditor`` remembers between uses (the module keeps it)."""

    __slots__ = ("added", "by_content")

    def __init__(self) -> None:
        self.by_content: dict[str, int] | None = None
        """Group text → group id, for reuse."""
        self.added: dict[tuple[tuple[str | None, ...], tuple[tuple[str, str | None], ...]], int]
        self.added = {}
        """(groups' texts, added strings) → the group id the addition gave."""


class AttributeEditor:
    """Attribute access for one module (``module.attributes``).

    Adding attributes to a function or global never edits an attribute group in place:
    the item gets a group holding its old attributes plus the new ones, reusing an existing
    group with exactly that content or allocating a fresh id.
    """

    def __init__(self, module: Module, state: AttributeState | None = None) -> None:
        self._module = module
        self._state = state or AttributeState()

    # -- reading -----------------------------------------------------------------------------

    def _group_attributes(self, group_ids: Iterable[int]) -> list[Attribute]:
        out: list[Attribute] = []
        for group_id in group_ids:
            group = self._module.attribute_group(group_id)
            if group is not None:
                out.extend(group.attributes)
        return out

    def of_function(self, function: FunctionItem) -> list[Attribute]:
        """Every function attribute: those of its groups, then the inline ones."""
        header = function.parsed_shape
        return self._group_attributes(header.group_refs) + header.inline_attributes

    def of_global(self, variable: GlobalItem) -> list[Attribute]:
        """Every attribute of the global: its ``#N`` group's, then the inline ones."""
        ref = variable.group_ref
        grouped = [] if ref is None else self._group_attributes([ref])
        return grouped + variable.inline_attributes

    def of_parameter(self, function: FunctionItem, index: int) -> list[Attribute]:
        """The attributes written on parameter ``index``."""
        return function.parsed_shape.parameters[index].attributes

    def strings_of_function(self, function: FunctionItem) -> dict[str, str | None]:
        """String attributes of a function: key → value (None for a bare ``"key"``)."""
        return string_attributes(self.of_function(function))

    def strings_of_global(self, variable: GlobalItem) -> dict[str, str | None]:
        """String attributes of a global: key → value (None for a bare ``"key"``)."""
        return string_attributes(self.of_global(variable))

    def strings_of_parameter(self, function: FunctionItem, index: int) -> dict[str, str | None]:
        """String attributes of parameter ``index``: key → value."""
        return string_attributes(self.of_parameter(function, index))

    # -- adding ------------------------------------------------------------------------------

    def add_to_function(self, function: FunctionItem, strings: Mapping[str, str | None]) -> int:
        """Add string attributes to a function; return the id of the group it now uses."""
        group_id = self._group_adding(function.parsed_shape.group_refs, strings)
        set_group_refs(function, group_id)
        return group_id

    def add_to_global(self, variable: GlobalItem, strings: Mapping[str, str | None]) -> int:
        """Add string attributes to a global; return the id of the group it now uses."""
        ref = variable.group_ref
        group_id = self._group_adding([] if ref is None else [ref], strings)
        variable.set_group_ref(group_id)
        return group_id

    def _group_adding(self, group_ids: list[int], strings: Mapping[str, str | None]) -> int:
        """The group for the attributes of ``group_ids`` plus ``strings`` (same additions to
        the same groups, as with every kernel of a module, are worked out once)."""
        groups = [self._module.attribute_group(group_id) for group_id in group_ids]
        key = (tuple(None if g is None else g.text for g in groups), tuple(strings.items()))
        found = self._state.added.get(key)
        if found is not None and self._module.attribute_group(found) is not None:
            return found
        group_id = self._group_for(merge(self._group_attributes(group_ids), _strings(strings)))
        self._state.added[key] = group_id
        return group_id

    def add_to_parameter(
        self,
        function: FunctionItem,
        index: int,
        strings: Mapping[str, str | None] | None = None,
        enums: Sequence[str] = (),
    ) -> None:
        """Add string attributes and enum attributes (``noalias``) inline on parameter ``index``."""
        new = [enum_attribute(text) for text in enums] + _strings(strings or {})
        set_parameter_attributes(function, index, new)

    def _group_for(self, attributes: list[Attribute]) -> int:
        """A group holding exactly ``attributes``: an existing identical one, or a new one."""
        content = render_group_body(attributes)
        by_content = self._content_index()
        found = by_content.get(content)
        if found is not None and self._module.attribute_group(found) is not None:
            return found
        group_id = self._module.fresh_group_id()
        self._module.insert(AttributeGroup.create(group_id, attributes))
        by_content[content] = group_id
        return group_id

    def _content_index(self) -> dict[str, int]:
        if self._state.by_content is None:
            self._state.by_content = {}
            for group in self._module.attribute_groups():
                key = render_group_body(group.attributes)
                self._state.by_content.setdefault(key, group.group_id)
        return self._state.by_content


def _strings(strings: Mapping[str, str | None]) -> list[Attribute]:
    return [string_attribute(key, value) for key, value in strings.items()]
