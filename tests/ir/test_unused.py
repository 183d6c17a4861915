"""Unused private globals: counted by text search or by a scan alike, removed in cascade."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.ir.module import Module
from propslower.ir.strings import name_of
from propslower.ir.unused import reference_counts, remove_unused_globals, scanned_reference_counts
from tests.ir.helpers import ALL_INPUTS, assert_verifies, load

MODULE = """\
@.str = private unnamed_addr constant [2 x i8] c"a\\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [2 x i8] c"b\\00", section "llvm.metadata"
@.str.10 = private unnamed_addr constant [2 x i8] c"c\\00", section "llvm.metadata"
@"odd name" = private unnamed_addr constant [2 x i8] c"d\\00", section "llvm.metadata"
@.args = private unnamed_addr constant { ptr, ptr } { ptr @.str.1, ptr @.str.1 }, section "llvm.metadata"
@kept = internal constant ptr @.str.10
@public = constant [2 x i8] c"e\\00"

define void @f() {
entry:
  %0 = load ptr, ptr @"odd name", align 8
  ret void
}
"""
NAMES = {".str", ".str.1", ".str.10", "odd name", ".args", "kept", "public", "missing"}


def test_counts_include_the_definition_and_respect_name_ends() -> None:
    counts = reference_counts(Module(MODULE, "m.ll"), NAMES)
    assert counts == {
        ".str": 1,
        ".str.1": 3,
        ".str.10": 2,
        "odd name": 2,
        ".args": 1,
        "kept": 1,
        "public": 1,
        "missing": 0,
    }


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(ALL_INPUTS), st.data())
def test_search_and_scan_count_alike(name: str, data: st.DataObject) -> None:
    module = load(name)
    symbols = sorted({name_of(g.key) for g in module.globals() if g.key})
    chosen = set(data.draw(st.lists(st.sampled_from(symbols), max_size=8))) if symbols else set()
    assert reference_counts(module, chosen) == scanned_reference_counts(module, chosen)


def test_unreferenced_private_globals_go_with_what_only_they_used() -> None:
    module = Module(MODULE, "m.ll")
    remove_unused_globals(module, NAMES - {"missing"})
    kept = {g.key for g in module.globals()}
    # .args went, and with it .str.1, which only .args used; @kept is internal but
    # unreferenced too, and took .str.10 with it. Public and used globals stay.
    assert kept == {'@"odd name"', "@public"}
    assert_verifies(module)


def test_nothing_to_remove_reads_nothing() -> None:
    module = Module(MODULE, "m.ll")
    remove_unused_globals(module, set())
    assert len(module.globals()) == 7
