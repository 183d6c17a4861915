from propslower.frontend.prelude import (
    ATTRIBUTE_SITES,
    FEATURE_ATTRIBUTES,
    attribute_name,
    feature_macro_definitions,
    feature_marker,
    feature_of_marker,
    feature_spellings,
    macro_definitions,
    marker,
    site_of_marker,
    spellings,
)
from propslower.properties.model import Site


def test_every_site_has_a_design_and_a_dpcpp_spelling() -> None:
    for site in Site:
        names = [name for name, s in ATTRIBUTE_SITES.items() if s is site]
        assert len(names) == 2


def test_markers_round_trip() -> None:
    for site in Site:
        assert site_of_marker(marker(site)) is site
    assert marker(Site.FUNCTION) == "propslower:function"
    assert site_of_marker("propslower:nothing") is None
    assert site_of_marker("sycl-properties") is None


def test_double_underscore_spellings() -> None:
    table = spellings()
    assert table["__add_ir_attributes_function__"] is Site.FUNCTION
    assert table["add_ir_member_annotation"] is Site.MEMBER
    assert attribute_name("__add_ir_member_annotation__") == "add_ir_member_annotation"
    assert attribute_name("add_ir_member_annotation") == "add_ir_member_annotation"


def test_macro_definitions_are_separate_arguments() -> None:
    args = macro_definitions()
    assert args[0] == "-D__sycl_detail__=clang"
    assert args[-1] == "-D__SYCL_DEVICE_ONLY__=1"
    assert (
        '-Dadd_ir_global_variable_attributes(...)=annotate("propslower:global_variable", '
        "__VA_ARGS__)"
    ) in args
    assert len(args) == 2 + 2 * len(ATTRIBUTE_SITES)
    assert all(arg.startswith("-D") for arg in args)


def test_feature_markers_round_trip() -> None:
    for name in FEATURE_ATTRIBUTES:
        assert feature_of_marker(feature_marker(name)) == name
    assert feature_marker("requires") == "propslower:requires"
    assert feature_of_marker("propslower:function") is None
    assert feature_of_marker("requires") is None


def test_feature_macros_close_the_namespace_and_carry_a_marker() -> None:
    args = feature_macro_definitions()
    assert len(args) == 2 * len(FEATURE_ATTRIBUTES)
    assert (
        '-Drequires(...)=requires]] [[clang::annotate("propslower:requires", #__VA_ARGS__)'
    ) in args
    assert (
        "-D__reqd_sub_group_size__(...)=__reqd_sub_group_size__]] "
        '[[clang::annotate("propslower:reqd_sub_group_size", __VA_ARGS__)'
    ) in args
    assert feature_spellings()["__uses_aspects__"] == "uses_aspects"


def test_cxx20_keywords_get_no_macro() -> None:
    kept = feature_macro_definitions(keywords=False)
    assert not any(arg.startswith(("-Drequires(", "-D__requires__(")) for arg in kept)
    assert len(kept) == len(feature_macro_definitions()) - 2
