"""Global variables: their properties → the global's ``!spirv.Decorations``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from propslower.ir.attributes import string_attributes
from propslower.ir.globals import GlobalItem
from propslower.ir.items import ItemKind
from propslower.ir.metadata import metadata_string
from propslower.ir.strings import name_of
from propslower.properties.model import Site
from propslower.spirv.context import Lowering, sycl_properties
from propslower.spirv.encoders import (
    SYMBOL,
    EncodeContext,
    EncodingError,
    encode,
    symbol_template,
)
from propslower.spirv.irtext import entry_operands
from propslower.spirv.model import Entry, Rule, Target

_GROUP_AT_END = re.compile(r"#(\d+)\s*$")
_SYMBOL_TEXT = metadata_string(SYMBOL)


@dataclass(frozen=True, slots=True)
class _Step:
    """One property of a group: its rule and, unless they depend on the global, its entries."""

    prop: str
    value: str | None
    rule: Rule | None
    entries: tuple[Entry, ...] | None
    operands: tuple[tuple[str, ...], ...] = ()
    """The entries' metadata operand texts (when the entries are known)."""
    template: tuple[tuple[str, ...], ...] | None = None
    """For entries that name the global: their operand texts with ``_SYMBOL_TEXT`` for it."""


class GlobalLowering:
    """Lowers every global variable whose attribute group holds ``sycl-*`` attributes.

    Globals share attribute groups, so what a group's properties become is worked out once
    per group; only entries naming the global (host access) are encoded per global.
    """

    def __init__(self, run: Lowering) -> None:
        self.run = run
        self._groups: dict[int, tuple[dict[str, str | None], list[_Step]]] = {}
        self._plans: dict[int, tuple[tuple[tuple[str, ...], bool], ...] | None] = {}
        """By ``id`` of a group's steps: its entries in order, each with whether it names the
        global (None when some entry must be encoded for each global)."""

    def lower_all(self) -> None:
        module = self.run.module
        for number, text, start, end in module.store.texts_containing("", (ItemKind.GLOBAL,)):
            match = _GROUP_AT_END.search(text, start, end)
            if match is None:
                continue
            strings, steps = self._group(int(match.group(1)))
            if steps and not self._lower_unmade(number, strings, steps, text[start:end]):
                variable = module.store.item(number)
                assert isinstance(variable, GlobalItem)
                self.lower(variable, strings, steps)

    def _group(self, group_id: int) -> tuple[dict[str, str | None], list[_Step]]:
        found = self._groups.get(group_id)
        if found is None:
            group = self.run.module.attribute_group(group_id)
            strings: dict[str, str | None] = {}
            if group is not None and '"sycl-' in group.text:
                strings = string_attributes(group.attributes)
            found = self._groups[group_id] = (strings, self._steps(strings))
        return found

    def _steps(self, strings: dict[str, str | None]) -> list[_Step]:
        run = self.run
        steps: list[_Step] = []
        for prop, value in sycl_properties(strings):
            if not run.knows(prop, Site.GLOBAL_VARIABLE):
                steps.append(_Step(prop, value, None, None))
                continue
            for rule in run.rules(prop, Site.GLOBAL_VARIABLE):
                if rule.target is Target.GLOBAL_DECORATION:
                    entries = run.cached_entries(rule, value)
                    texts = tuple(tuple(entry_operands(e)) for e in entries or ())
                    found = None if entries else symbol_template(rule, value, strings)
                    template = (
                        None if found is None else tuple(tuple(entry_operands(e)) for e in found)
                    )
                    steps.append(_Step(prop, value, rule, entries, texts, template))
        return steps

    def _lower_unmade(
        self, number: int, strings: dict[str, str | None], steps: list[_Step], text: str
    ) -> bool:
        """``lower`` for a global whose text is ``text`` if no object was made for it;
        False, having done nothing, where ``lower`` would record findings, report an error
        or attach the list other than by inserting it before the ``#N``."""
        run = self.run
        module = run.module
        name = module.store.read_key(number)
        if run.record or name is None or not module.store.is_unmade(number):
            return False
        symbol = name_of(name)
        plan = self._plan(steps)
        if plan is not None and symbol:
            shown = metadata_string(symbol)
            ordered = [
                tuple(shown if o == _SYMBOL_TEXT else o for o in entry) if named else entry
                for entry, named in plan
            ]
        else:
            found = self._entries(steps, strings, name, None)
            if found is None:
                return False
            ordered = found[0]
        if not ordered:
            return True
        new = run.lists.decorate_text(text, ordered)
        if new is None:
            return False
        module.store.rewrite(number, new)
        return True

    def _plan(self, steps: list[_Step]) -> tuple[tuple[tuple[str, ...], bool], ...] | None:
        key = id(steps)
        if key not in self._plans:
            first: list[tuple[tuple[str, ...], bool]] = []
            last: list[tuple[tuple[str, ...], bool]] = []
            plan: tuple[tuple[tuple[str, ...], bool], ...] | None = None
            for step in steps:
                if step.rule is None:
                    continue
                if step.entries is not None:
                    entries = [(entry, False) for entry in step.operands]
                elif step.template is not None:
                    entries = [(entry, _SYMBOL_TEXT in entry) for entry in step.template]
                else:
                    break
                (last if step.rule.last else first).extend(entries)
            else:
                plan = tuple(first + last)
            self._plans[key] = plan
        return self._plans[key]

    def _entries(
        self,
        steps: list[_Step],
        strings: dict[str, str | None],
        name: str,
        variable: GlobalItem | None,
    ) -> tuple[list[tuple[str, ...]], list[int | None]] | None:
        """The entries of the global ``name`` in the table's order (each rule's ``last``
        entries at the end), with each entry's key operand count. An entry that cannot be
        encoded is an error on ``variable``; without one (a global not made), None."""
        run = self.run
        symbol = name_of(name)
        first: list[tuple[str, ...]] = []
        last: list[tuple[str, ...]] = []
        keys_first: list[int | None] = []
        keys_last: list[int | None] = []
        context: EncodeContext | None = None
        for step in steps:
            if step.rule is None:
                run.unknown(name, step.prop, step.value, Site.GLOBAL_VARIABLE)
                continue
            operands = step.operands
            if step.entries is None and step.template is not None and symbol:
                shown = metadata_string(symbol)
                operands = tuple(
                    tuple(shown if o == _SYMBOL_TEXT else o for o in entry)
                    for entry in step.template
                )
            elif step.entries is None:
                context = context or EncodeContext(name, strings, symbol=symbol)
                entries = self._encode(step, context, variable)
                if entries is None and variable is None:
                    return None
                if entries is None:
                    continue
                operands = tuple(tuple(entry_operands(e)) for e in entries)
            (last if step.rule.last else first).extend(operands)
            (keys_last if step.rule.last else keys_first).extend(
                [step.rule.key_operands] * len(operands)
            )
            if run.record:
                shown_entries = ", ".join("!{" + ", ".join(o) + "}" for o in operands)
                run.note(name, step.prop, step.value, f"!spirv.Decorations {shown_entries}")
        return first + last, keys_first + keys_last

    def _encode(
        self, step: _Step, context: EncodeContext, variable: GlobalItem | None
    ) -> tuple[Entry, ...] | None:
        """The step's entries for one global; None on an error (reported on ``variable``)."""
        assert step.rule is not None
        if variable is not None:
            return self.run.encode(step.rule, step.value, context, variable)
        try:
            return encode(step.rule, step.value, context)
        except EncodingError:
            return None

    def lower(
        self, variable: GlobalItem, strings: dict[str, str | None], steps: list[_Step]
    ) -> None:
        name = variable.key or variable.parts.name
        found = self._entries(steps, strings, name, variable)
        assert found is not None
        ordered, keys = found
        if ordered:
            self.run.lists.extend_decorations(variable, ordered, keys)
