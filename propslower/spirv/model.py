"""The property→SPIR-V table model: targets, rules, encoding parameters, profiles."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from propslower.diagnostics import Span
from propslower.properties.model import Site

Operand = int | str
"""One operand of an encoded entry: an integer literal or a string literal."""

Entry = tuple[Operand, ...]
"""One encoded entry; for id targets the first element is the SPIR-V id."""


class GrammarKind(enum.Enum):
    """The SPIR-V grammar operand kind an id belongs to."""

    EXECUTION_MODE = "ExecutionMode"
    DECORATION = "Decoration"


class RuleTarget(enum.Enum):
    """Where a property goes; the value is the name used in the YAML table."""

    EXECUTION_MODE = "execution_mode"
    FUNCTION_DECORATION = "function_decoration"
    PARAMETER_DECORATION = "parameter_decoration"
    GLOBAL_DECORATION = "global_decoration"
    MEMBER_DECORATION = "member_decoration"
    ACCESS_DECORATION = "access_decoration"
    FUNCTION_METADATA = "function_metadata"
    PARAMETER_ATTRIBUTE = "parameter_attribute"
    ACCESS_ATTRIBUTE = "access_attribute"

    @property
    def site(self) -> Site:
        """The kind of IR entity whose property this target consumes."""
        return _TARGET_INFO[self][0]

    @property
    def grammar_kind(self) -> GrammarKind | None:
        """The grammar kind of this target's id, or ``None`` for targets named by ``name``."""
        return _TARGET_INFO[self][1]

    @property
    def uses_id(self) -> bool:
        return self.grammar_kind is not None


_TARGET_INFO: dict[RuleTarget, tuple[Site, GrammarKind | None]] = {
    RuleTarget.EXECUTION_MODE: (Site.FUNCTION, GrammarKind.EXECUTION_MODE),
    RuleTarget.FUNCTION_DECORATION: (Site.FUNCTION, GrammarKind.DECORATION),
    RuleTarget.PARAMETER_DECORATION: (Site.KERNEL_PARAMETER, GrammarKind.DECORATION),
    RuleTarget.GLOBAL_DECORATION: (Site.GLOBAL_VARIABLE, GrammarKind.DECORATION),
    RuleTarget.MEMBER_DECORATION: (Site.MEMBER, GrammarKind.DECORATION),
    RuleTarget.ACCESS_DECORATION: (Site.MEMBER, GrammarKind.DECORATION),
    RuleTarget.FUNCTION_METADATA: (Site.FUNCTION, None),
    RuleTarget.PARAMETER_ATTRIBUTE: (Site.KERNEL_PARAMETER, None),
    RuleTarget.ACCESS_ATTRIBUTE: (Site.MEMBER, None),
}


class AnnotationStyle(enum.Enum):
    """How member-decoration blocks write their operands."""

    TYPED = "typed"
    """``{ID:20,"text"}``: integers bare, strings quoted (the design document)."""
    QUOTED = "quoted"
    """``{ID:"20,text"}``: all operands in one quoted value (the production pass)."""


@dataclass(frozen=True)
class ProfileSettings:
    """Per-profile settings that are not tied to one property."""

    name: str
    annotation_style: AnnotationStyle = AnnotationStyle.TYPED
    no_rules_for: tuple[str, ...] = ()
    """Properties of the table this profile deliberately does not lower."""
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class IdRef:
    """A SPIR-V id with its grammar enumerant name and provenance."""

    id: int
    spirv_name: str
    internal: bool = False
    """The id exists only inside the SPIR-V LLVM translator (e.g. 6147-6149)."""
    newer_headers: bool = False
    """A registered id that Debian's spirv-headers (1.3.239) does not list yet."""


@dataclass(frozen=True)
class BitExpansion:
    """One bit (or field) of a bitmask encoding and the entries it expands to, in order: it
    fires when the value's bits under ``mask`` equal ``equals`` (default: all set)."""

    mask: int
    ref: IdRef
    operands: tuple[tuple[Operand, ...], ...] = ((),)
    equals: int | None = None

    def fires(self, value: int) -> bool:
        """Whether ``value`` selects this expansion."""
        return value & self.mask == (self.mask if self.equals is None else self.equals)


@dataclass(frozen=True)
class Params:
    """Encoding parameters; which ones an encoding reads is listed in ``encoders.ENCODINGS``."""

    values: tuple[tuple[str, tuple[Operand, ...]], ...] = ()
    accept_numbers: bool = False
    on_unknown: str = "error"
    bits: tuple[BitExpansion, ...] = ()
    controls: tuple[int, ...] = ()
    control: int = 0
    zero: tuple[Operand, ...] = ()
    nonzero: tuple[Operand, ...] = ()
    operands: tuple[Operand, ...] = ()
    enable: IdRef | None = None
    interval: IdRef | None = None
    value_from: str | None = None
    name_from: str | None = None
    default: int | None = None
    ignore_value: bool = False
    count: int | None = None
    auto_base: bool = False

    def lookup(self, key: str) -> tuple[Operand, ...] | None:
        """The operands an enum name maps to, or ``None``."""
        return next((ops for name, ops in self.values if name == key), None)


@dataclass(frozen=True)
class Rule:
    """One way a property is lowered: a target, an id or name, an encoding, the profiles."""

    property_name: str
    target: RuleTarget
    encoding: str
    profiles: frozenset[str]
    ref: IdRef | None = None
    """The SPIR-V id, for targets that use one (``RuleTarget.uses_id``)."""
    name: str | None = None
    """The metadata or LLVM attribute name, for targets that do not use an id."""
    int_type: str = "i32"
    """Width of integer operands in metadata: ``i32`` or ``ptr`` (the data layout's pointer)."""
    triples: tuple[str, ...] = ()
    """Only for these target-triple architectures (e.g. ``spir64_fpga``); empty means all."""
    skip_esimd: bool = False
    last: bool = False
    """Emitted after every other entry of the same list (device-global host access)."""
    key_operands: int | None = 0
    """How many operands after the id identify an entry on one target: a new entry replaces
    an existing one with the same id and these operands (0: the decoration or mode may appear
    once, a new value replaces the old; 1: once per cache level or float width). ``None``
    (``all`` in the table): repeatable, entries merge and only exact duplicates are skipped."""
    params: Params = Params()
    span: Span | None = field(default=None, compare=False)

    @property
    def id(self) -> int | None:
        return None if self.ref is None else self.ref.id

    def applies_to_triple(self, triple: str) -> bool:
        """Whether the rule applies to a module with target triple ``triple``."""
        return not self.triples or triple.split("-", 1)[0] in self.triples

    def id_refs(self) -> Iterator[IdRef]:
        """Every SPIR-V id the rule can emit: its own and those in its parameters."""
        if self.ref is not None:
            yield self.ref
        yield from (bit.ref for bit in self.params.bits)
        yield from (ref for ref in (self.params.enable, self.params.interval) if ref)


@dataclass(frozen=True)
class Table:
    """Rules by property and profile, plus per-profile settings."""

    profiles: tuple[ProfileSettings, ...]
    rules: tuple[Rule, ...]

    @cached_property
    def _index(self) -> dict[tuple[str, str], tuple[Rule, ...]]:
        index: dict[tuple[str, str], list[Rule]] = {}
        for rule in self.rules:
            for profile in rule.profiles:
                index.setdefault((profile, rule.property_name), []).append(rule)
        return {key: tuple(rules) for key, rules in index.items()}

    def profile(self, name: str) -> ProfileSettings:
        """The settings of profile ``name``; ``KeyError`` when unknown."""
        found = next((p for p in self.profiles if p.name == name), None)
        if found is None:
            raise KeyError(name)
        return found

    def profile_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.profiles)

    def rules_for(self, profile: str, prop: str, site: Site | None = None) -> tuple[Rule, ...]:
        """The rules for ``prop`` in ``profile``, in table order, optionally for one site."""
        rules = self._index.get((profile, prop), ())
        if site is None:
            return rules
        return tuple(rule for rule in rules if rule.target.site is site)

    def properties(self) -> tuple[str, ...]:
        """Every property name in the table, in first-appearance order."""
        return tuple(dict.fromkeys(rule.property_name for rule in self.rules))
