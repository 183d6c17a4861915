"""The compile-time aspect check over hand-built call graphs, and against a reference."""

from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.aspects.def_file import default_table
from propslower.diagnostics import Severity, Span
from propslower.frontend.feature_check import missing_aspect_warnings
from propslower.frontend.feature_model import (
    AspectUse,
    CallSite,
    FeatureAttribute,
    FunctionFeatures,
    TranslationUnitFeatures,
)
from propslower.properties.profiles import DESIGN, DPCPP, Profile
from propslower.properties.spellings import AttributeKind
from tests.profiles import EVERY_PROFILE

FP16, FP64, ATOMIC64 = 5, 6, 28


def at(line: int, column: int = 1) -> Span:
    return Span("t.cpp", line, column)


def requires(*values: int, line: int = 1) -> FeatureAttribute:
    return FeatureAttribute("requires", AttributeKind.ALLOWED_ASPECTS, values, at(line, 3))


def function(
    name: str,
    *,
    allowed: FeatureAttribute | None = None,
    uses: tuple[AspectUse, ...] = (),
    calls: tuple[tuple[str, int], ...] = (),
) -> FunctionFeatures:
    sites = tuple(CallSite(callee, at(line, 5)) for callee, line in calls)
    return FunctionFeatures(name, name, True, allowed, uses, sites)


def half_use(line: int) -> tuple[AspectUse, ...]:
    return (AspectUse(FP16, "through the type 'sycl::half'", at(line, 3)),)


CHAIN = TranslationUnitFeatures(
    (
        function("kernel", calls=(("f", 2),)),
        function("f", allowed=requires(FP64, line=10), calls=(("g", 11),)),
        function("g", uses=half_use(21)),
    )
)


def test_the_chain_warning_with_both_positions() -> None:
    (warning,) = missing_aspect_warnings(CHAIN, DESIGN, default_table)
    assert warning.severity is Severity.WARNING
    assert warning.message == (
        "function 'f' uses aspect 'fp16' not listed in its [[sycl::requires()]] attribute"
    )
    assert warning.span == at(10, 3)
    assert [(n.message, n.span) for n in warning.notes] == [
        ("'f' calls 'g', which uses it", at(11, 5)),
        ("'g' uses aspect 'fp16' through the type 'sycl::half'", at(21, 3)),
    ]


def test_dpcpp_wording() -> None:
    (warning,) = missing_aspect_warnings(CHAIN, DPCPP, default_table)
    assert warning.message == (
        "function 'f' uses aspect 'fp16' not listed in its 'sycl::device_has' attribute"
    )
    assert warning.notes[0].message == "propagated from call to function 'g'"


def test_a_direct_use_has_only_the_use_note() -> None:
    features = TranslationUnitFeatures((function("f", allowed=requires(FP64), uses=half_use(3)),))
    (warning,) = missing_aspect_warnings(features, DESIGN, default_table)
    assert [n.span for n in warning.notes] == [at(3, 3)]


def test_callees_allowed_lists_count_in_the_design_profile_only() -> None:
    features = TranslationUnitFeatures(
        (
            function("f", allowed=requires(FP64, line=1), calls=(("h", 2),)),
            function("h", allowed=requires(FP16, line=5)),
        )
    )
    (warning,) = missing_aspect_warnings(features, DESIGN, default_table)
    assert warning.notes[-1].message == (
        "'h' lists aspect 'fp16' in its [[sycl::requires()]] attribute"
    )
    assert warning.notes[-1].span == at(5, 3)
    assert missing_aspect_warnings(features, DPCPP, default_table) == []


def test_every_missing_aspect_in_a_stable_order() -> None:
    uses = (
        AspectUse(ATOMIC64, "through the type 'a'", at(30)),
        AspectUse(FP16, "through the type 'b'", at(31)),
    )
    features = TranslationUnitFeatures(
        (
            function("late", allowed=requires(line=9), calls=(("leaf", 9),)),
            function("early", allowed=requires(FP16, line=2), calls=(("leaf", 2),)),
            function("leaf", uses=uses),
        )
    )
    warnings = missing_aspect_warnings(features, DESIGN, default_table)
    assert [(w.span.line if w.span else 0, w.message.split("'")[3]) for w in warnings] == [
        (2, "atomic64"),
        (9, "fp16"),
        (9, "atomic64"),
    ][:1] + [(9, "fp16"), (9, "atomic64")][::-1][::-1]


def test_shortest_chain_first_callee_on_ties_and_recursion() -> None:
    features = TranslationUnitFeatures(
        (
            function("f", allowed=requires(), calls=(("a", 2), ("b", 3), ("c", 4))),
            function("a", calls=(("a2", 5),)),
            function("a2", calls=(("a", 6), ("leaf", 7))),
            function("b", calls=(("leaf", 8), ("b", 9))),
            function("c", calls=(("leaf", 10),)),
            function("leaf", uses=half_use(11)),
        )
    )
    (warning,) = missing_aspect_warnings(features, DESIGN, default_table)
    assert [n.message for n in warning.notes] == [
        "'f' calls 'b', which uses it",
        "'b' calls 'leaf', which uses it",
        "'leaf' uses aspect 'fp16' through the type 'sycl::half'",
    ]


def test_calls_to_unknown_functions_are_ignored() -> None:
    features = TranslationUnitFeatures(
        (function("f", allowed=requires(FP16), calls=(("elsewhere", 1),)),)
    )
    assert missing_aspect_warnings(features, DESIGN, default_table) == []


ASPECTS = (1, 2, FP16, FP64, ATOMIC64)


@st.composite
def graphs(draw: st.DrawFn) -> TranslationUnitFeatures:
    count = draw(st.integers(1, 8))
    names = [f"f{i}" for i in range(count)]
    functions = []
    for i, name in enumerate(names):
        callees = draw(st.lists(st.sampled_from(names), max_size=4, unique=True))
        own = draw(st.lists(st.sampled_from(ASPECTS), max_size=2, unique=True))
        allowed = draw(st.none() | st.lists(st.sampled_from(ASPECTS), max_size=3, unique=True))
        uses = tuple(AspectUse(v, "through the type 't'", at(100 + i)) for v in own)
        attribute = None if allowed is None else requires(*allowed, line=i + 1)
        calls = tuple((callee, 200 + i) for callee in callees)
        functions.append(function(name, allowed=attribute, uses=uses, calls=calls))
    return TranslationUnitFeatures(tuple(functions))


def reference_used(features: TranslationUnitFeatures, counts_allowed: bool) -> dict[str, set[int]]:
    """A plain fixpoint: repeat until nothing changes."""
    used = {f.ir_name: set(f.used_values) for f in features.functions}
    for f in features.functions:
        if counts_allowed and f.allowed is not None:
            used[f.ir_name] |= set(f.allowed.values)
    changed = True
    while changed:
        changed = False
        for f in features.functions:
            for call in f.calls:
                extra = used[call.callee] - used[f.ir_name]
                if extra:
                    used[f.ir_name] |= extra
                    changed = True
    return used


@settings(max_examples=200, deadline=None)
@given(graphs(), st.sampled_from(EVERY_PROFILE))
def test_warnings_match_a_reference_fixpoint(
    features: TranslationUnitFeatures, profile: Profile
) -> None:
    table = default_table()
    used = reference_used(features, profile.allowed_counts_as_use)
    by_name = features.by_name()
    expected = {
        (f.ir_name, table.name_of(v))
        for f in features.functions
        if f.allowed is not None
        for v in used[f.ir_name] - set(f.allowed.values)
    }
    warnings = missing_aspect_warnings(features, profile, default_table)
    found = {(w.message.split("'")[1], w.message.split("'")[3]) for w in warnings}
    assert found == expected
    assert len(found) == len(warnings)
    for warning in warnings:
        name, aspect = warning.message.split("'")[1], warning.message.split("'")[3]
        value = table.value_of(aspect)
        # the notes walk real call edges down to a function that uses the aspect itself
        chain = [name]
        for note in warning.notes[:-1]:
            callee = note.message.split("'")[-2]
            assert callee in {c.callee for c in by_name[chain[-1]].calls}
            chain.append(callee)
        leaf = by_name[chain[-1]]
        own = set(leaf.used_values)
        if profile.allowed_counts_as_use and leaf.allowed is not None:
            own |= set(leaf.allowed.values)
        assert value in own
