"""The any/all-device macros for a target list: the design's sets and the DPC++ driver's variant.

The rules are in docs/design/aspects.md, "The any/all-device macros".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from propslower.aspects.table import AspectTable
from propslower.postlink.device_config import DeviceConfig
from propslower.properties.profiles import DESIGN, MacroSetRule, Profile

ALL_PREFIX = "__SYCL_ALL_DEVICES_HAVE_"
ANY_PREFIX = "__SYCL_ANY_DEVICE_HAS_"
ANY_ASPECT = "__SYCL_ANY_DEVICE_HAS_ANY_ASPECT__"


@dataclass(frozen=True)
class MacroSets:
    """Intersection of A_all, union of A_any (aspect values), and whether ANY_ASPECT is set."""

    all_devices_have: frozenset[int]
    any_device_has: frozenset[int]
    any_aspect: bool


def design_sets(targets: Sequence[str], config: DeviceConfig, table: AspectTable) -> MacroSets:
    """The design's sets: a target without an exact entry has A_all = ∅, A_any = every aspect."""
    everything = table.values
    all_sets: list[frozenset[int]] = []
    any_union: set[int] = set()
    for name in targets:
        entry = config.get(name)
        listed = frozenset(entry.aspects) if entry is not None else frozenset()
        all_sets.append(listed)
        open_ended = entry is None or entry.may_support_other_aspects
        any_union |= everything if open_ended else listed
    if not all_sets:
        return MacroSets(frozenset(), frozenset(), True)
    common = frozenset.intersection(*all_sets)
    return MacroSets(common, frozenset(any_union), any_union >= everything)


def driver_sets(targets: Sequence[str], config: DeviceConfig, table: AspectTable) -> MacroSets:
    """DPC++'s driver: lookup drops trailing ``-components``; unknown targets are skipped."""
    found = [entry for entry in map(config.lookup, targets) if entry is not None]
    counts: Counter[int] = Counter()
    for entry in found:
        counts.update(set(entry.aspects))
    any_aspect = not found or any(entry.may_support_other_aspects for entry in found)
    common = frozenset(value for value, count in counts.items() if count == len(found))
    known = frozenset(value for value in counts if value in table.values)
    return MacroSets(common & known, known, any_aspect)


def macro_sets(
    targets: Sequence[str], config: DeviceConfig, table: AspectTable, profile: Profile = DESIGN
) -> MacroSets:
    """The any/all-device sets of ``targets`` by the profile's rule (``Profile.macro_sets``)."""
    return _SET_RULES[profile.macro_sets](targets, config, table)


def macro_name(prefix: str, value: int, table: AspectTable, numeric: bool = False) -> str:
    """``__SYCL_ALL_DEVICES_HAVE_fp64__`` (or ``_6__`` with ``numeric``)."""
    name = table.name_of(value)
    suffix = str(value) if numeric or name is None else name
    return f"{prefix}{suffix}__"


def macro_flags(sets: MacroSets, table: AspectTable, numeric: bool = False) -> list[str]:
    """``-D…=1`` options: ANY_ASPECT or one ANY_DEVICE_HAS per aspect, then ALL_DEVICES_HAVE."""
    flags = [f"-D{ANY_ASPECT}=1"] if sets.any_aspect else []
    if not sets.any_aspect:
        flags.extend(
            f"-D{macro_name(ANY_PREFIX, v, table, numeric)}=1" for v in sorted(sets.any_device_has)
        )
    flags.extend(
        f"-D{macro_name(ALL_PREFIX, v, table, numeric)}=1" for v in sorted(sets.all_devices_have)
    )
    return flags


_SET_RULES = {MacroSetRule.DESIGN: design_sets, MacroSetRule.DRIVER: driver_sets}
