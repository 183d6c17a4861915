"""The mutators: deterministic from a seed, bounded in size, each doing what its name says."""

from __future__ import annotations

import random

import pytest

from tests.fuzz import mutate as m
from tests.fuzz.corpus import KINDS, seeds_of

SAMPLE = (
    b"define void @f() #0 {\n"
    b"  %x = add i32 1, 2\n"
    b"  ret void\n"
    b"}\n"
    b'attributes #0 = { "sycl-sub-group-size"="16" }\n'
    b"!0 = !{i32 5}\n"
)


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines()


@pytest.mark.parametrize("name", sorted(m.MUTATORS))
def test_each_mutator_is_deterministic(name: str) -> None:
    first = m.MUTATORS[name](SAMPLE, random.Random(7), "ll")
    second = m.MUTATORS[name](SAMPLE, random.Random(7), "ll")
    assert first == second


@pytest.mark.parametrize("name", sorted(m.MUTATORS))
def test_each_mutator_changes_a_typical_input_for_some_seed(name: str) -> None:
    outputs = {m.MUTATORS[name](SAMPLE, random.Random(seed), "ll") for seed in range(20)}
    assert outputs - {SAMPLE}


@pytest.mark.parametrize("name", sorted(m.MUTATORS))
def test_each_mutator_copes_with_empty_and_one_line_inputs(name: str) -> None:
    for data in (b"", b"x", b"\n", b"one line without end"):
        assert isinstance(m.MUTATORS[name](data, random.Random(1), "spec"), bytes)


def test_mutate_is_deterministic_and_records_its_steps() -> None:
    a = m.mutate(SAMPLE, 42, "ll")
    b = m.mutate(SAMPLE, 42, "ll")
    assert a == b
    assert a.steps and all(step in m.MUTATORS for step in a.steps)
    assert {m.mutate(SAMPLE, seed, "ll").data for seed in range(30)} != {a.data}


def test_mutate_respects_only_and_count() -> None:
    result = m.mutate(SAMPLE, 3, "ll", count=4, only=["delete_line"])
    assert result.steps == ("delete_line",) * 4
    assert len(_lines(result.data)) == len(_lines(SAMPLE)) - 4


def test_mutations_stay_bounded() -> None:
    for seed in range(200):
        result = m.mutate(SAMPLE, seed, "ll", count=3)
        assert len(result.data) <= 2 * len(SAMPLE) + m.MAX_GROWTH


def test_delete_duplicate_and_swap_lines() -> None:
    rng = random.Random(5)
    assert len(_lines(m.delete_line(SAMPLE, rng, "ll"))) == len(_lines(SAMPLE)) - 1
    assert len(_lines(m.duplicate_line(SAMPLE, rng, "ll"))) == len(_lines(SAMPLE)) + 1
    swapped = {m.swap_lines(SAMPLE, random.Random(s), "ll") for s in range(10)} - {SAMPLE}
    assert swapped
    assert all(sorted(_lines(d)) == sorted(_lines(SAMPLE)) for d in swapped)


def test_token_swap_keeps_the_tokens() -> None:
    for seed in range(10):
        out = m.token_swap(SAMPLE, random.Random(seed), "ll")
        assert sorted(out.split()) == sorted(SAMPLE.split())


def test_line_endings_make_crlf_and_cr() -> None:
    outputs = {m.line_endings(SAMPLE, random.Random(s), "ll") for s in range(40)}
    assert any(b"\r\n" in o for o in outputs)
    assert any(b"\r" in o and b"\n" not in o.replace(b"\n\r", b"") for o in outputs)
    crlf = SAMPLE.replace(b"\n", b"\r\n")
    back = {m.line_endings(crlf, random.Random(s), "ll") for s in range(40)}
    assert SAMPLE in back


def test_name_change_renames_names_and_value_change_numbers() -> None:
    names = {m.name_change(SAMPLE, random.Random(s), "ll") for s in range(30)}
    assert any(b"@f" not in n or b"#0" not in n or b"!0" not in n for n in names)
    values = {m.value_change(SAMPLE, random.Random(s), "ll") for s in range(30)}
    assert any(b'"16"' not in v or b"i32 5" not in v for v in values)


def test_byte_flip_changes_few_bytes() -> None:
    out = m.byte_flip(SAMPLE, random.Random(9), "ll")
    assert len(out) == len(SAMPLE)
    assert 1 <= sum(a != b for a, b in zip(out, SAMPLE, strict=True)) <= 4


def test_insert_token_uses_the_kind_vocabulary() -> None:
    outs = [m.insert_token(b"x y z\n", random.Random(s), "prop") for s in range(40)]
    assert any(any(t.encode() in o for t in m.KIND_TOKENS["prop"]) for o in outs)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_seeds(kind: str) -> None:
    assert seeds_of(kind), f"no seeds of kind {kind}"
