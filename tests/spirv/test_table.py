"""The built-in table against the SPIR-V grammar; --map validation, positions and merging."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.properties.model import Site
from propslower.spirv.model import GrammarKind, IdRef, Rule, RuleTarget
from propslower.spirv.table import (
    builtin_table,
    builtin_text,
    load_extra_map,
    load_table,
    merge_tables,
    parse_table,
)

GRAMMAR = Path("/usr/include/spirv/unified1/spirv.core.grammar.json")
TRANSLATOR_INTERNAL = {6147: "HostAccessINTEL", 6148: "InitModeINTEL", 6149: "ImplementInCSRINTEL"}
TABLE = builtin_table()


def _grammar() -> dict[GrammarKind, dict[int, set[str]]]:
    if not GRAMMAR.exists():
        message = f"{GRAMMAR} is missing (CI installs spirv-headers through apt-get)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    kinds = {k["kind"]: k for k in json.loads(GRAMMAR.read_text())["operand_kinds"]}
    names: dict[GrammarKind, dict[int, set[str]]] = {}
    for kind in GrammarKind:
        table = names.setdefault(kind, {})
        for enumerant in kinds[kind.value]["enumerants"]:
            table.setdefault(enumerant["value"], set()).add(enumerant["enumerant"])
    return names


def _refs() -> Iterator[tuple[Rule, GrammarKind, IdRef]]:
    for rule in TABLE.rules:
        kind = rule.target.grammar_kind
        assert kind is not None or not list(rule.id_refs()), rule
        for ref in rule.id_refs():
            assert kind is not None
            yield rule, kind, ref


REFS = list(_refs())


@pytest.mark.parametrize(
    ("rule", "kind", "ref"),
    REFS,
    ids=[f"{r.property_name}-{r.target.value}-{ref.id}" for r, _, ref in REFS],
)
def test_standard_ids_match_the_grammar(rule: Rule, kind: GrammarKind, ref: IdRef) -> None:
    grammar = _grammar()[kind]
    if ref.internal:
        assert TRANSLATOR_INTERNAL.get(ref.id) == ref.spirv_name
        return
    if ref.id in grammar:
        assert ref.spirv_name in grammar[ref.id], f"{kind.value} {ref.id} is {grammar[ref.id]}"
        return
    assert ref.newer_headers, f"{kind.value} {ref.id} ({ref.spirv_name}) is not in {GRAMMAR}"


def test_translator_internal_ids_are_marked() -> None:
    for _, _, ref in REFS:
        assert ref.internal == (ref.id in TRANSLATOR_INTERNAL), ref


def test_newer_header_ids_really_are_missing() -> None:
    """Once Debian's headers list an id, the mark must go (the grammar test then checks it)."""
    grammar = _grammar()
    stale = [ref for _, kind, ref in REFS if ref.newer_headers and ref.id in grammar[kind]]
    assert not stale


def test_every_rule_has_an_id_or_a_name() -> None:
    for rule in TABLE.rules:
        if rule.target.uses_id:
            assert rule.ref is not None or rule.encoding in {"bitmask", "pipelined"}, rule
            assert rule.name is None
        else:
            assert rule.name and rule.ref is None, rule


def test_production_table_complete_in_dpcpp() -> None:
    production = {
        "sycl-init-mode": 6148,
        "sycl-implement-in-csr": 6149,
        "sycl-buffer-location": 5921,
        "sycl-conduit": 6175,
        "sycl-register-map": 6176,
        "sycl-awidth": 6177,
        "sycl-dwidth": 6178,
        "sycl-latency": 6179,
        "sycl-read-write-mode": 6180,
        "sycl-maxburst": 6181,
        "sycl-alignment": 44,
        "sycl-wait-request": 6182,
        "sycl-stable": 6183,
        "sycl-strict": 19,
        "sycl-latency-anchor-id": 6172,
        "sycl-latency-constraint": 6173,
        "sycl-datapath": 5825,
        "sycl-resource": 5826,
        "sycl-num-banks": 5827,
        "sycl-ram-stitching": 5836,
        "sycl-max-private-copies": 5829,
        "sycl-num-replicates": 5832,
        "sycl-bi-directional-ports-false": 5833,
        "sycl-clock-2x-false": 5830,
        "sycl-clock-2x-true": 5831,
        "sycl-stride-size": 5883,
        "sycl-word-size": 5884,
        "sycl-bi-directional-ports-true": 5885,
        "sycl-prefetch-hint": 6442,
        "sycl-prefetch-hint-nt": 6442,
        "sycl-cache-read-hint": 6442,
        "sycl-cache-read-assertion": 6442,
        "sycl-cache-write-hint": 6443,
    }
    assert len(production) == 33
    for prop, ident in production.items():
        rules = TABLE.rules_for("dpcpp", prop, Site.GLOBAL_VARIABLE)
        assert [rule.id for rule in rules] == [ident], prop


def test_kernel_properties_per_profile() -> None:
    design = TABLE.rules_for("design", "sycl-sub-group-size")
    assert [(r.target, r.id) for r in design] == [(RuleTarget.EXECUTION_MODE, 35)]
    dpcpp = TABLE.rules_for("dpcpp", "sycl-sub-group-size")
    assert [(r.target, r.name) for r in dpcpp] == [
        (RuleTarget.FUNCTION_METADATA, "intel_reqd_sub_group_size")
    ]


def test_rules_for_site_filters() -> None:
    rules = TABLE.rules_for("dpcpp", "sycl-alignment", Site.KERNEL_PARAMETER)
    assert [(r.target, r.name) for r in rules] == [(RuleTarget.PARAMETER_ATTRIBUTE, "align")]


def test_profiles() -> None:
    assert TABLE.profile_names() == ("design", "dpcpp")
    assert TABLE.profile("dpcpp").annotation_style.value == "quoted"
    with pytest.raises(KeyError):
        TABLE.profile("nope")


def test_builtin_is_cached() -> None:
    assert builtin_table() is TABLE


# ---- --map files ------------------------------------------------------------------------


def _errors(text: str) -> list[Diagnostic]:
    with pytest.raises(DiagnosticError) as info:
        load_extra_map(text, "extra.yaml")
    return list(info.value.diagnostics)


def _at(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of ``needle`` in ``text``."""
    offset = text.index(needle)
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def _where(diagnostic: Diagnostic) -> tuple[int, int]:
    assert diagnostic.span is not None
    assert diagnostic.span.file == "extra.yaml"
    return diagnostic.span.line, diagnostic.span.column


def test_map_unknown_target() -> None:
    text = (
        "properties:\n  sycl-x:\n    - {target: kernel, id: 5921, spirv_name: B, encoding: none}\n"
    )
    [error] = _errors(text)
    assert "unknown target 'kernel'" in error.message
    assert _where(error) == _at(text, "kernel") == (3, 16)


def test_map_bad_id_type() -> None:
    text = (
        "properties:\n  sycl-x:\n    target: global_decoration\n"
        "    id: five\n    spirv_name: B\n    encoding: integer\n"
    )
    [error] = _errors(text)
    assert error.message == "id must be an integer"
    assert _where(error) == _at(text, "five") == (4, 9)


def test_map_negative_id() -> None:
    text = (
        "properties:\n  sycl-x: {target: global_decoration, id: -1, spirv_name: B, encoding: none}"
    )
    [error] = _errors(text)
    assert "outside" in error.message
    assert _where(error) == _at(text, "-1")


def test_map_unknown_encoding() -> None:
    text = (
        "properties:\n  sycl-x: {target: global_decoration, id: 1, spirv_name: B, encoding: int}\n"
    )
    [error] = _errors(text)
    assert "unknown encoding 'int'" in error.message
    assert _where(error) == _at(text, "int}")


def test_map_duplicate_key() -> None:
    text = (
        "properties:\n"
        "  sycl-x: {target: global_decoration, id: 1, spirv_name: B, encoding: integer}\n"
        "  sycl-x: {target: global_decoration, id: 2, spirv_name: C, encoding: integer}\n"
    )
    [error] = _errors(text)
    assert error.message == "duplicate key 'sycl-x' in properties"
    assert _where(error) == (3, 3)
    assert error.notes[0].span is not None and error.notes[0].span.line == 2


def test_map_duplicate_key_inside_a_rule() -> None:
    text = (
        "properties:\n"
        "  sycl-x: {target: global_decoration, id: 1, id: 2, spirv_name: B, encoding: none}\n"
    )
    [error] = _errors(text)
    assert "duplicate key 'id'" in error.message


def test_map_reports_every_mistake() -> None:
    text = (
        "profiles:\n"
        "  mine: {annotation_style: fancy}\n"
        "properties:\n"
        "  sycl-a: {target: function_metadata, name: m, encoding: enum}\n"
        "  sycl-b: {target: global_decoration, id: 1, spirv_name: B, encoding: integer,"
        " zero: [1]}\n"
        "  sycl-c: {target: [global_decoration, function_metadata], id: 1, encoding: none}\n"
        "  sycl-d: {target: execution_mode, id: 17, spirv_name: LocalSize, encoding: integer,"
        " profiles: [other], colour: red}\n"
        "extra: 1\n"
    )
    messages = [(e.message, _where(e)) for e in _errors(text)]
    expected_fragments = [
        "unknown annotation style 'fancy'",
        "lacks 'values', which encoding 'enum' needs",
        "'zero' is not a parameter of encoding 'integer'",
        "cannot mix targets",
        "lacks 'spirv_name'",
        "unknown profile 'other'",
        "unknown key 'colour'",
        "unknown top-level key 'extra'",
    ]
    for fragment in expected_fragments:
        assert any(fragment in message for message, _ in messages), (fragment, messages)
    assert all(line >= 1 and column >= 1 for _, (line, column) in messages)


def test_map_yaml_syntax_error_is_positioned() -> None:
    [error] = _errors("properties:\n  sycl-x: [unclosed\n")
    assert error.message.startswith("invalid YAML")
    assert error.span is not None and error.span.line >= 2


def test_map_bad_bits_and_operands() -> None:
    text = (
        "properties:\n"
        "  sycl-fp:\n"
        "    target: execution_mode\n"
        "    encoding: bitmask\n"
        "    bits:\n"
        "      - {mask: one, id: 4462, spirv_name: RoundingModeRTE, operands: [[64]]}\n"
        "      - {mask: 2, spirv_name: X, operands: [[{a: 1}]], width: 3}\n"
    )
    messages = [e.message for e in _errors(text)]
    assert "mask must be an integer" in messages
    assert "a bit lacks 'id'" in messages
    assert "a bit operand must be an integer or a string" in messages
    assert any("unknown key 'width' in a bit" in m for m in messages)


def test_map_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(
        DiagnosticError, match=r"cannot read .*missing\.yaml.: No such file or directory"
    ):
        load_extra_map(tmp_path / "missing.yaml")


def test_map_empty_file_is_empty() -> None:
    table = load_extra_map("", "extra.yaml")
    assert table.rules == () and table.profiles == ()


# ---- merging ----------------------------------------------------------------------------


def test_map_overrides_one_profile_and_adds(tmp_path: Path) -> None:
    path = tmp_path / "extra.yaml"
    path.write_text(
        "properties:\n"
        "  sycl-sub-group-size:\n"
        "    - {target: execution_mode, profiles: [dpcpp], id: 35, spirv_name: SubgroupSize,"
        " encoding: integer}\n"
        "  sycl-my-thing: {target: global_decoration, id: 5635, spirv_name: UserSemantic,"
        " encoding: string}\n"
    )
    table = load_table([path])
    [dpcpp] = table.rules_for("dpcpp", "sycl-sub-group-size")
    assert (dpcpp.target, dpcpp.id) == (RuleTarget.EXECUTION_MODE, 35)
    assert dpcpp.span is not None and dpcpp.span.file == str(path)
    [design] = table.rules_for("design", "sycl-sub-group-size")
    assert design.target is RuleTarget.EXECUTION_MODE
    assert {r.profiles for r in table.rules_for("design", "sycl-my-thing")} == {
        frozenset({"design", "dpcpp"})
    }
    assert len(table.rules_for("design", "sycl-buffer-location")) == len(
        TABLE.rules_for("design", "sycl-buffer-location")
    )


def test_map_can_add_a_profile() -> None:
    extra = load_extra_map(
        "profiles:\n  mine: {annotation_style: quoted}\n"
        "properties:\n  sycl-x: {target: global_decoration, profiles: [mine], id: 44,"
        " spirv_name: Alignment, encoding: integer}\n",
        "extra.yaml",
    )
    merged = merge_tables(TABLE, extra)
    assert merged.profile_names() == ("design", "dpcpp", "mine")
    assert merged.rules_for("mine", "sycl-x")[0].id == 44
    assert merged.rules_for("design", "sycl-x") == ()


def test_builtin_text_parses_identically() -> None:
    assert parse_table(builtin_text(), "x").rules == TABLE.rules


def test_map_errors_sorted_and_id_checked_without_target() -> None:
    text = "properties:\n  sycl-x: {target: kernel, id: five, spirv_name: B, encoding: int}\n"
    errors = _errors(text)
    assert [_where(e) for e in errors] == [
        _at(text, "kernel"),
        _at(text, "five"),
        _at(text, "int}"),
    ]


# ---- key_operands: which existing entry a new one replaces ---------------------------------


def test_key_operands_defaults_to_once_per_target() -> None:
    [rule] = TABLE.rules_for("design", "sycl-buffer-location", Site.KERNEL_PARAMETER)
    assert rule.key_operands == 0
    [mode] = TABLE.rules_for("design", "sycl-sub-group-size", Site.FUNCTION)
    assert mode.key_operands == 0


def test_cache_controls_and_float_modes_are_once_per_first_operand() -> None:
    by_id: dict[int, set[int | None]] = {}
    for rule in TABLE.rules:
        for ref in rule.id_refs():
            by_id.setdefault(ref.id, set()).add(rule.key_operands)
    assert by_id[6442] == by_id[6443] == {1}  # per cache level
    assert by_id[4462] == by_id[4459] == {1}  # per float width
    assert all(len(keys) == 1 for keys in by_id.values()), by_id  # one answer per id


def _rule_with(key: str) -> str:
    return (
        "properties:\n  sycl-x: {target: parameter_decoration, id: 6, spirv_name: UserSemantic, "
        f"encoding: string, key_operands: {key}}}\n"
    )


@pytest.mark.parametrize(("key", "expected"), [("0", 0), ("2", 2), ("all", None)])
def test_map_key_operands_values(key: str, expected: int | None) -> None:
    [rule] = load_extra_map(_rule_with(key), "extra.yaml").rules
    assert rule.key_operands == expected


@pytest.mark.parametrize("key", ["-1", "some", "1.5", "[1]", "true"])
def test_map_key_operands_must_be_a_count_or_all(key: str) -> None:
    text = _rule_with(key)
    [error] = _errors(text)
    assert error.message == "key_operands must be a count of operands (0, 1, ...) or 'all'"
    assert _where(error) == _at(text, f"{key}}}")


def test_map_key_operands_only_with_an_id() -> None:
    text = (
        "properties:\n  sycl-x: {target: function_metadata, name: m, encoding: integer, "
        "key_operands: 1}\n"
    )
    [error] = _errors(text)
    assert error.message == "'key_operands' is not allowed with target 'function_metadata'"
    assert _where(error) == _at(text, "1}")


def test_map_bit_equals_must_lie_inside_its_mask() -> None:
    text = (
        "properties:\n"
        "  sycl-fp:\n"
        "    target: execution_mode\n"
        "    encoding: bitmask\n"
        "    bits:\n"
        "      - {mask: 0x30, equals: 0x40, id: 4462, spirv_name: RoundingModeRTE}\n"
        "      - {mask: 0x30, equals: x, id: 4462, spirv_name: RoundingModeRTE}\n"
    )
    messages = [e.message for e in _errors(text)]
    assert "equals 0x40 sets bits outside mask 0x30" in messages
    assert "equals must be an integer" in messages
