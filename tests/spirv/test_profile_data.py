"""Every registered profile has data in the SPIR-V table; a profile without it fails here."""

from __future__ import annotations

from propslower.properties.model import Site
from propslower.properties.profiles import DESIGN, DPCPP, Profile
from propslower.properties.spellings import ATTRIBUTES
from propslower.spirv.table import builtin_table, builtin_text, parse_table, profile_gaps
from tests.profiles import ADDED, every_profile, table_text_with


@every_profile
def test_every_registered_profile_has_a_rule_or_a_no_rules_for_entry_per_property(
    profile: Profile,
) -> None:
    assert profile_gaps(builtin_table(), profile) == []


@every_profile
def test_every_registered_profile_reads_a_bare_list_as_a_property_attribute_of_its_site(
    profile: Profile,
) -> None:
    for site in Site:
        spec = ATTRIBUTES[profile.property_attribute(site)]
        assert (spec.site, spec.leading_pointer) == (site, False)


def test_a_profile_the_table_does_not_know_has_gaps() -> None:
    [gap] = profile_gaps(builtin_table(), ADDED)
    assert gap == "profile 'design-noalias' has no settings in the table's profiles section"


def test_a_profile_with_settings_but_no_rows_has_a_gap_per_row_it_needs() -> None:
    text = table_text_with(ADDED, DESIGN, builtin_text())
    rows_named = text.replace(f"profiles: [{DESIGN.name}, {ADDED.name}]", "profiles: [design]")
    gaps = profile_gaps(parse_table(rows_named, "t.yaml"), ADDED)
    assert "'sycl-work-group-size' has no rule in profile 'design-noalias'" in gaps
    assert "'sycl-buffer-location' has no rule in profile 'design-noalias'" not in gaps


def test_with_its_settings_and_rows_an_added_profile_has_no_gaps() -> None:
    table = parse_table(table_text_with(ADDED, DESIGN, builtin_text()), "t.yaml")
    assert profile_gaps(table, ADDED) == []


def test_no_rules_for_must_name_properties_without_rules() -> None:
    text = builtin_text().replace("no_rules_for: [sycl-host-access]", "no_rules_for: [sycl-x]")
    assert profile_gaps(parse_table(text, "t.yaml"), DPCPP) == [
        "'sycl-x' in no_rules_for is not in the table",
        "'sycl-host-access' has no rule in profile 'dpcpp'",
    ]
    text = builtin_text().replace(
        "no_rules_for: [sycl-host-access]", "no_rules_for: [sycl-latency]"
    )
    assert "'sycl-latency' has rules but is in no_rules_for in profile 'dpcpp'" in profile_gaps(
        parse_table(text, "t.yaml"), DPCPP
    )
