from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from propslower.aspects.def_file import default_table
from propslower.postlink.device_config import DeviceConfig, TargetInfo, builtin_config
from propslower.postlink.macros import (
    MacroSets,
    design_sets,
    driver_sets,
    macro_flags,
    macro_name,
    macro_sets,
)
from propslower.properties.profiles import DPCPP

TABLE = default_table()
ALL = set(TABLE.values)
CONFIG = builtin_config(TABLE).extended(
    {
        "closed_all": {"aspects": tuple(sorted(ALL))},  # lists every aspect
        "closed_few": {"aspects": (1, 2)},
        "open_few": {"aspects": (2, 6), "may_support_other_aspects": True},
    }
)
KNOWN = sorted(CONFIG.targets)
target_lists = st.lists(
    st.sampled_from([*KNOWN, "unknown_target", "spir64_gen-unknown-unknown"]), max_size=6
)


def design_by_hand(targets: list[str], config: DeviceConfig) -> tuple[set[int], set[int], bool]:
    """The set definitions of docs/design/aspects.md, written out directly."""
    a_all = []
    a_any = []
    for t in targets:
        entry = config.targets.get(t)
        a_all.append(set(entry.aspects) if entry else set())
        if entry is not None and not entry.may_support_other_aspects:
            a_any.append(set(entry.aspects))
        else:
            a_any.append(set(ALL))
    all_have = set.intersection(*a_all) if a_all else set()
    any_has = set().union(*a_any)
    return all_have, any_has, any_has == ALL


def flags_to_sets(flags: list[str]) -> tuple[set[str], set[str], bool]:
    all_have, any_has, any_aspect = set(), set(), False
    for flag in flags:
        assert flag.startswith("-D") and flag.endswith("__=1")
        macro = flag[2:-2]
        if macro == "__SYCL_ANY_DEVICE_HAS_ANY_ASPECT__":
            any_aspect = True
        elif macro.startswith("__SYCL_ALL_DEVICES_HAVE_"):
            all_have.add(macro.removeprefix("__SYCL_ALL_DEVICES_HAVE_").removesuffix("__"))
        else:
            any_has.add(macro.removeprefix("__SYCL_ANY_DEVICE_HAS_").removesuffix("__"))
    return all_have, any_has, any_aspect


@given(target_lists, st.booleans())
def test_design_matches_definition(targets: list[str], numeric: bool) -> None:
    all_have, any_has, any_aspect = (
        design_by_hand(targets, CONFIG) if targets else (set(), set(), True)
    )
    sets = design_sets(targets, CONFIG, TABLE)
    assert sets.all_devices_have == all_have
    assert sets.any_aspect == any_aspect
    if not any_aspect:
        assert sets.any_device_has == any_has
    spell = str if numeric else TABLE.name_of
    got_all, got_any, got_any_aspect = flags_to_sets(macro_flags(sets, TABLE, numeric))
    assert got_all == {spell(v) for v in all_have}
    assert got_any_aspect == any_aspect
    assert got_any == (set() if any_aspect else {spell(v) for v in any_has})


@given(st.lists(st.sampled_from([k for k in KNOWN if k != "closed_all"]), min_size=1, max_size=6))
def test_driver_agrees_when_every_target_is_known(targets: list[str]) -> None:
    design = design_sets(targets, CONFIG, TABLE)
    driver = driver_sets(targets, CONFIG, TABLE)
    assert driver.all_devices_have == design.all_devices_have
    assert driver.any_aspect == design.any_aspect
    if not driver.any_aspect:
        assert driver.any_device_has == design.any_device_has


def test_driver_ignores_unknown_targets_when_one_is_found() -> None:
    sets = driver_sets(["intel_gpu_pvc", "no_such"], CONFIG, TABLE)
    assert not sets.any_aspect
    assert {TABLE.name_of(v) for v in sets.all_devices_have} == {
        "ext_intel_esimd",
        "fp16",
        "fp64",
        "atomic64",
    }
    design = design_sets(["intel_gpu_pvc", "no_such"], CONFIG, TABLE)
    assert design == MacroSets(frozenset(), frozenset(ALL), True)


def test_driver_component_lookup_and_no_targets() -> None:
    assert driver_sets(["spir64_gen-unknown-unknown"], CONFIG, TABLE).any_aspect
    assert driver_sets([], CONFIG, TABLE) == MacroSets(frozenset(), frozenset(), True)
    assert macro_sets(["closed_all"], CONFIG, TABLE).any_aspect  # union covers every aspect
    assert not macro_sets(["closed_all"], CONFIG, TABLE, DPCPP).any_aspect


def test_flag_spelling_and_order() -> None:
    sets = design_sets(["intel_gpu_pvc", "intel_gpu_dg1"], CONFIG, TABLE)
    assert macro_flags(sets, TABLE) == [
        "-D__SYCL_ANY_DEVICE_HAS_fp16__=1",
        "-D__SYCL_ANY_DEVICE_HAS_fp64__=1",
        "-D__SYCL_ANY_DEVICE_HAS_atomic64__=1",
        "-D__SYCL_ANY_DEVICE_HAS_ext_intel_esimd__=1",
        "-D__SYCL_ALL_DEVICES_HAVE_fp16__=1",
        "-D__SYCL_ALL_DEVICES_HAVE_atomic64__=1",
        "-D__SYCL_ALL_DEVICES_HAVE_ext_intel_esimd__=1",
    ]
    sets = design_sets(["nvidia_gpu_sm_80", "open_few"], CONFIG, TABLE)
    assert macro_flags(sets, TABLE, numeric=True) == [
        "-D__SYCL_ANY_DEVICE_HAS_ANY_ASPECT__=1",
        "-D__SYCL_ALL_DEVICES_HAVE_2__=1",
        "-D__SYCL_ALL_DEVICES_HAVE_6__=1",
    ]
    assert macro_name("__SYCL_ALL_DEVICES_HAVE_", 6, TABLE) == "__SYCL_ALL_DEVICES_HAVE_fp64__"


def test_target_info_default() -> None:
    assert TargetInfo("x").aspects == ()
