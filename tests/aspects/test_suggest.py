"""The note after an unknown name."""

from __future__ import annotations

from propslower.aspects.suggest import did_you_mean


def test_closest_name() -> None:
    note = did_you_mean("intel_gpu_pvx", ["intel_gpu_dg1", "intel_gpu_pvc"], "targets")
    assert note.message == "did you mean 'intel_gpu_pvc'?"
    assert note.span is None


def test_known_names_listed_sorted_and_cut() -> None:
    assert did_you_mean("zzz", ["b", "a", "b"], "aspects").message == "known aspects: a, b"
    assert did_you_mean("zzz", [], "targets").message == "known targets: (none)"
    many = [f"name{n:03}" for n in range(100)]
    message = did_you_mean("zzz", many, "targets").message
    assert message.startswith("known targets: name000, name001,")
    assert message.endswith("name059, and 40 more")
