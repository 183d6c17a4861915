"""Global variables: their properties → the global's ``!spirv.Decorations``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from propslower.ir.attributes import string_attributes
from propslower.ir.metadata import metadata_string
from propslower.ir.strings import name_of
from propslower.ir.variable_edits import Variable
from propslower.properties.model import Site
from propslower.spirv.context import SpirvRun, sycl_properties
from propslower.spirv.encoders import (
    SYMBOL,
    EncodeContext,
    EncodingError,
    encode,
    symbol_template,
)
from propslower.spirv.irtext import entry_operands
from propslower.spirv.lists import DECORATIONS
from propslower.spirv.model import Entry, Rule, RuleTarget

_Entries = tuple[tuple[str, ...], ...]
_Named = tuple[tuple[int, tuple[str, ...], tuple[str, ...]], ...]
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


@dataclass(frozen=True, slots=True)
class _Group:
    """An attribute group's string attributes and what its properties become."""

    strings: dict[str, str | None]
    steps: list[_Step]
    fresh: _Entries | None = None
    """A global's entries in order when no step is encoded per global (``_SYMBOL_TEXT`` for
    the global's name), for a global that has no ``!spirv.Decorations`` yet."""
    named: _Named = ()
    """The ``fresh`` entries that name the global: index, operands before and after it."""


class GlobalLowering:
    """Lowers every global variable whose attribute group holds ``sycl-*`` attributes.

    Globals share attribute groups, so what a group's properties become is worked out once
    per group; only entries naming the global (host access) are filled in per global, and
    only those whose encoding depends on more than its name are encoded per global.
    """

    def __init__(self, run: SpirvRun) -> None:
        self.run = run
        self._groups: dict[int, _Group] = {}

    def lower_all(self) -> None:
        run = self.run
        groups = self._groups
        fresh: list[tuple[Variable, _Entries]] = []
        for variable, symbol in run.module.variables.named():
            match = variable.search(_GROUP_AT_END)
            if match is None:
                continue
            group_id = int(match.group(1))
            group = groups.get(group_id) or self._group(group_id)
            if not group.steps:
                continue
            entries = None if run.record else self._fresh(variable, symbol, group)
            if entries is not None:
                fresh.append((variable, entries))
                continue
            self._decorate(fresh)
            self.lower(variable, group)
        self._decorate(fresh)

    def _fresh(self, variable: Variable, symbol: str, group: _Group) -> _Entries | None:
        """The entries of a global (``symbol``: its bare name) that has no
        ``!spirv.Decorations``, when they are ``group.fresh``; None for any other global."""
        entries = group.fresh
        if entries is None or variable.mentions_attachment(DECORATIONS):
            return None
        if group.named:
            if not symbol:
                return None
            shown = (metadata_string(symbol),)
            filled = list(entries)
            for index, before, after in group.named:
                filled[index] = before + shown + after
            return tuple(filled)
        return entries

    def _decorate(self, fresh: list[tuple[Variable, _Entries]]) -> None:
        """Attach their lists to globals that have none (in order: the nodes are numbered
        as ``lower`` numbers them), and forget them."""
        if not fresh:
            return
        lists = self.run.lists
        refs = lists.decorations_lists([entries for _, entries in fresh])
        pairs = zip(fresh, refs, strict=True)
        edits = [(variable, ref) for (variable, _), ref in pairs if ref is not None]
        for variable, ref in self.run.module.variables.splice_attachments(DECORATIONS, edits):
            lists.attach(variable, DECORATIONS, ref)
        fresh.clear()

    def _group(self, group_id: int) -> _Group:
        found = self._groups.get(group_id)
        if found is None:
            group = self.run.module.attribute_group(group_id)
            strings: dict[str, str | None] = {}
            if group is not None and '"sycl-' in group.text:
                strings = string_attributes(group.attributes)
            steps = self._steps(strings)
            found = self._groups[group_id] = _Group(strings, steps, *_fresh_entries(steps))
        return found

    def _steps(self, strings: dict[str, str | None]) -> list[_Step]:
        run = self.run
        steps: list[_Step] = []
        for prop, value in sycl_properties(strings):
            if not run.knows(prop, Site.GLOBAL_VARIABLE):
                steps.append(_Step(prop, value, None, None))
                continue
            for rule in run.rules(prop, Site.GLOBAL_VARIABLE):
                if rule.target is RuleTarget.GLOBAL_DECORATION:
                    entries = run.cached_entries(rule, value)
                    texts = tuple(tuple(entry_operands(e)) for e in entries or ())
                    found = None if entries else symbol_template(rule, value, strings)
                    template = (
                        None if found is None else tuple(tuple(entry_operands(e)) for e in found)
                    )
                    steps.append(_Step(prop, value, rule, entries, texts, template))
        return steps

    def lower(self, variable: Variable, group: _Group) -> None:
        """Merge the global's entries into its ``!spirv.Decorations``."""
        name = variable.name
        ordered, keys = self._entries(group, name, variable)
        if ordered:
            self.run.lists.extend_decorations(variable, ordered, keys)

    def _entries(
        self, group: _Group, name: str, variable: Variable
    ) -> tuple[list[tuple[str, ...]], list[int | None]]:
        """The entries of the global ``name`` in the table's order (each rule's ``last``
        entries at the end), with each entry's key operand count; an entry that cannot be
        encoded is an error on ``variable``."""
        run = self.run
        symbol = name_of(name)
        shown = metadata_string(symbol) if symbol else None
        first: list[tuple[str, ...]] = []
        last: list[tuple[str, ...]] = []
        keys_first: list[int | None] = []
        keys_last: list[int | None] = []
        context: EncodeContext | None = None
        for step in group.steps:
            if step.rule is None:
                run.unknown(name, step.prop, step.value, Site.GLOBAL_VARIABLE)
                continue
            operands = step.operands
            if step.entries is None and step.template is not None and shown is not None:
                operands = tuple(
                    tuple(shown if o == _SYMBOL_TEXT else o for o in entry)
                    for entry in step.template
                )
            elif step.entries is None:
                context = context or EncodeContext(name, group.strings, symbol=symbol)
                entries = self._encode(step, context, variable)
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
        self, step: _Step, context: EncodeContext, variable: Variable
    ) -> tuple[Entry, ...] | None:
        """The step's entries for one global; None on an error (reported on ``variable``,
        whose item is made only then)."""
        assert step.rule is not None
        try:
            return encode(step.rule, step.value, context)
        except EncodingError:
            return self.run.encode(step.rule, step.value, context, variable.item())


def _fresh_entries(steps: list[_Step]) -> tuple[_Entries | None, _Named]:
    """``_Group.fresh`` and ``_Group.named`` of a group's steps ((None, ()) when some step's
    entries are encoded per global, or name it more than once): what ``_entries`` gives a
    global, worked out once."""
    first: list[tuple[tuple[str, ...], bool]] = []
    last: list[tuple[tuple[str, ...], bool]] = []
    for step in steps:
        if step.rule is None:
            continue
        if step.entries is None and step.template is None:
            return None, ()
        by_name = step.entries is None
        found = step.template if by_name and step.template is not None else step.operands
        (last if step.rule.last else first).extend((entry, by_name) for entry in found)
    ordered = first + last
    named: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = []
    for index, (entry, by_name) in enumerate(ordered):
        if by_name and entry.count(_SYMBOL_TEXT) != 1:
            return None, ()
        if by_name:
            at = entry.index(_SYMBOL_TEXT)
            named.append((index, entry[:at], entry[at + 1 :]))
    return tuple(entry for entry, _ in ordered), tuple(named)
