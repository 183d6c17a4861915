from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from propslower.ir.attributes import (
    AttributeGroup,
    enum_attribute,
    merge,
    parse_attributes,
    render_group_body,
    string_attribute,
    string_attributes,
)


def test_parse_enum_and_string_attributes() -> None:
    text = (
        "noinline memory(inaccessiblemem: readwrite) align 8 dereferenceable(8) alignstack=16 "
        '"frame-pointer"="all" "k" "we\\22ird"="a\\5Cb"'
    )
    attributes = parse_attributes(text)
    assert [a.key for a in attributes if not a.is_string] == [
        "noinline",
        "memory(inaccessiblemem: readwrite)",
        "align 8",
        "dereferenceable(8)",
        "alignstack=16",
    ]
    assert string_attributes(attributes) == {"frame-pointer": "all", "k": None, 'we"ird': "a\\b"}


def test_group_body_sorts_strings_after_enums() -> None:
    body = render_group_body(
        [string_attribute("z", "1"), enum_attribute("nounwind"), string_attribute("a")]
    )
    assert body == '{ nounwind "a" "z"="1" }'


def test_merge_replaces_same_key_and_skips_duplicate_enums() -> None:
    old = [enum_attribute("noalias"), string_attribute("k", "1")]
    new = [enum_attribute("noalias"), string_attribute("k", "2")]
    assert merge(old, new) == [enum_attribute("noalias"), string_attribute("k", "2")]


def test_attribute_group_item() -> None:
    group = AttributeGroup.create(7, [string_attribute('q"', "v\n")])
    assert group.text == 'attributes #7 = { "q\\22"="v\\0A" }\n'
    assert group.group_id == 7
    assert string_attributes(group.attributes) == {'q"': "v\n"}


def test_an_equals_sign_ending_the_list_is_kept_not_a_crash() -> None:
    # invalid IR (the verifier says so), but every command reads attribute groups first
    assert [a.key for a in parse_attributes("nounwind =")] == ["nounwind ="]
    assert [a.key for a in parse_attributes('"k" =')] == ["k", "="]


@given(st.lists(st.sampled_from(["nounwind", "=", "(8)", '"k"', '"v"', "align", "8", "#0"])))
def test_any_token_sequence_parses(tokens: list[str]) -> None:
    attributes = parse_attributes(" ".join(tokens))
    assert all(attribute.key for attribute in attributes)
