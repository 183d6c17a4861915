"""State shared by the SPIR-V handlers during one run: table, lists, findings, diagnostics."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from propslower.diagnostics import Diagnostic, Span
from propslower.ir.items import Item
from propslower.ir.module import Module
from propslower.properties.model import Site
from propslower.properties.profiles import Profile
from propslower.spirv.encoders import EncodeContext, EncodingError, encode
from propslower.spirv.irtext import ModuleTarget
from propslower.spirv.lists import MetadataLists
from propslower.spirv.model import AnnotationStyle, Entry, Rule, Table
from propslower.spirv.report import Finding

_CONTEXTUAL = frozenset({"host_access"})
"""Encodings whose result depends on the entity, not only on the rule and the value."""


@dataclass
class SpirvRun:
    """One run of the pass over one module."""

    module: Module
    table: Table
    profile: Profile
    member_metadata: bool = False
    """Member annotations become ``!spirv.Decorations`` on the call instead of a new string."""
    record: bool = True
    """Keep a finding per property (``--explain``, ``-v``); off, large modules run faster."""
    target: ModuleTarget = field(init=False)
    lists: MetadataLists = field(init=False)
    findings: list[Finding] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    _rules: dict[tuple[str, Site], tuple[Rule, ...]] = field(default_factory=dict)
    _known: dict[tuple[str, Site], bool] = field(default_factory=dict)
    _encoded: dict[tuple[int, str | None], tuple[Entry, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.target = ModuleTarget.of(self.module.source)
        self.lists = MetadataLists(self.module)

    @property
    def style(self) -> AnnotationStyle:
        return self.table.profile(self.profile.name).annotation_style

    @property
    def arch(self) -> str:
        return self.target.triple.split("-", 1)[0]

    def rules(self, prop: str, site: Site) -> tuple[Rule, ...]:
        """The profile's rules for ``prop`` at ``site`` that apply to this module's triple."""
        found = self._rules.get((prop, site))
        if found is None:
            found = tuple(
                rule
                for rule in self.table.rules_for(self.profile.name, prop, site)
                if rule.applies_to_triple(self.target.triple)
            )
            self._rules[prop, site] = found
        return found

    def knows(self, prop: str, site: Site) -> bool:
        """Whether the table has any rule for ``prop`` at ``site`` in this profile."""
        found = self._known.get((prop, site))
        if found is None:
            found = self._known[prop, site] = bool(
                self.table.rules_for(self.profile.name, prop, site)
            )
        return found

    def encode(
        self,
        rule: Rule,
        value: str | None,
        context: EncodeContext,
        where: Item | Span | None,
    ) -> tuple[Entry, ...] | None:
        """The rule's entries, or None after recording an error diagnostic."""
        cacheable = rule.encoding not in _CONTEXTUAL
        key = (id(rule), value)
        if cacheable and key in self._encoded:
            return self._encoded[key]
        try:
            entries = encode(rule, value, context)
        except EncodingError as error:
            if isinstance(where, Item):
                diagnostic = property_error(self.module, where, rule.property_name, str(error))
            else:
                diagnostic = Diagnostic.error(str(error), where)
            self.diagnostics.append(diagnostic)
            self.note(context.entity, rule.property_name, value, f"error: {error}", lowered=False)
            return None
        if cacheable:
            self._encoded[key] = entries
        return entries

    def cached_entries(self, rule: Rule, value: str | None) -> tuple[Entry, ...] | None:
        """The entries when they depend only on the rule and the value and encode cleanly."""
        if rule.encoding in _CONTEXTUAL:
            return None
        key = (id(rule), value)
        if key not in self._encoded:
            try:
                self._encoded[key] = encode(rule, value, EncodeContext("?"))
            except EncodingError:
                return None
        return self._encoded[key]

    def note(
        self,
        entity: str,
        prop: str,
        value: str | None,
        outcome: str,
        *,
        lowered: bool = True,
        unknown: bool = False,
    ) -> None:
        if self.record:
            self.findings.append(Finding(entity, prop, value, outcome, lowered, unknown))

    def unknown(self, entity: str, prop: str, value: str | None, site: Site) -> None:
        why = f"no rule for a {site.value} in the '{self.profile.name}' profile"
        self.note(entity, prop, value, why, lowered=False, unknown=True)


def span_of(item: Item) -> Span | None:
    """The item's first line, or None for an item an edit created."""
    return None if item.is_new else Span(item.file, item.line, 1)


def property_error(module: Module, item: Item, prop: str, message: str) -> Diagnostic:
    """An error at the ``"prop"`` attribute itself: in the item's first line, else in one of
    the attribute groups that line refers to, with a note at the item."""
    at = span_of(item)
    if at is None:
        return Diagnostic.error(message, None)
    needle = f'"{prop}"'
    head = item.text.partition("\n")[0]
    found = _attribute_span(item, head, needle)
    if found is not None:
        return Diagnostic.error(message, found)
    for reference in _GROUP_REFERENCE.finditer(head):
        group_id = reference.group(1)
        group = module.attribute_group(int(group_id))
        if group is None or group.is_new:
            continue
        found = _attribute_span(group, group.text, needle)
        if found is not None:
            here = Span(item.file, item.line, reference.start() + 1, item.line, reference.end())
            return Diagnostic.error(
                message,
                found,
                Diagnostic.note(f"'{item.key}' uses attribute group #{group_id}", here),
            )
    return Diagnostic.error(message, at)


def _attribute_span(item: Item, text: str, needle: str) -> Span | None:
    """The span of ``"name"`` or ``"name"="value"`` on the first line of ``item``."""
    start = text.find(needle)
    if start < 0:
        return None
    end = start + len(needle)
    value = _VALUE.match(text, end)
    if value is not None:
        end = value.end()
    return Span(item.file, item.line, start + 1, item.line, end)


_GROUP_REFERENCE = re.compile(r"#(\d+)\b")
_VALUE = re.compile(r'="[^"]*"')


def sycl_properties(strings: Mapping[str, str | None]) -> list[tuple[str, str | None]]:
    """The ``sycl-*`` string attributes, in attribute-set order (byte-wise by key)."""
    return sorted((k, v) for k, v in strings.items() if k.startswith("sycl-"))
