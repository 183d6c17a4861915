"""Global variables: their properties → the global's ``!spirv.Decorations``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from propslower.ir.attributes import string_attributes
from propslower.ir.globals import GlobalItem
from propslower.ir.strings import name_of
from propslower.properties.model import Site
from propslower.spirv.context import Lowering, sycl_properties
from propslower.spirv.encoders import EncodeContext
from propslower.spirv.irtext import entry_operands
from propslower.spirv.model import Entry, Rule, Target

_GROUP_AT_END = re.compile(r"#(\d+)\s*$")


@dataclass(frozen=True, slots=True)
class _Step:
    """One property of a group: its rule and, unless they depend on the global, its entries."""

    prop: str
    value: str | None
    rule: Rule | None
    entries: tuple[Entry, ...] | None
    operands: tuple[tuple[str, ...], ...] = ()
    """The entries' metadata operand texts (when the entries are known)."""


class GlobalLowering:
    """Lowers every global variable whose attribute group holds ``sycl-*`` attributes.

    Globals share attribute groups, so what a group's properties become is worked out once
    per group; only entries naming the global (host access) are encoded per global.
    """

    def __init__(self, run: Lowering) -> None:
        self.run = run
        self._groups: dict[int, tuple[dict[str, str | None], list[_Step]]] = {}

    def lower_all(self) -> None:
        for variable in self.run.module.globals():
            match = _GROUP_AT_END.search(variable.text)
            if match is None:
                continue
            strings, steps = self._group(int(match.group(1)))
            if steps:
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
                    steps.append(_Step(prop, value, rule, entries, texts))
        return steps

    def lower(
        self, variable: GlobalItem, strings: dict[str, str | None], steps: list[_Step]
    ) -> None:
        run = self.run
        name = variable.key or variable.parts.name
        context: EncodeContext | None = None
        first: list[tuple[str, ...]] = []
        last: list[tuple[str, ...]] = []
        for step in steps:
            if step.rule is None:
                run.unknown(name, step.prop, step.value, Site.GLOBAL_VARIABLE)
                continue
            operands = step.operands
            if step.entries is None:
                context = context or EncodeContext(name, strings, symbol=name_of(name))
                entries = run.encode(step.rule, step.value, context, variable)
                if entries is None:
                    continue
                operands = tuple(tuple(entry_operands(e)) for e in entries)
            (last if step.rule.last else first).extend(operands)
            if run.record:
                shown = ", ".join("!{" + ", ".join(o) + "}" for o in operands)
                run.note(name, step.prop, step.value, f"!spirv.Decorations {shown}")
        ordered = first + last
        if ordered:
            run.lists.extend_decorations(variable, ordered)
