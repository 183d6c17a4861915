"""Writing the front-end's feature metadata onto a module, in both profiles."""

from propslower.aspects.aspect_metadata import aspect_names, aspect_values, types_that_use_aspects
from propslower.aspects.def_file import default_table
from propslower.aspects.propagation import used_aspects
from propslower.frontend.feature_metadata import write_feature_metadata
from propslower.frontend.feature_model import (
    AspectUse,
    FeatureAttribute,
    FunctionFeatures,
    TranslationUnitFeatures,
    TypeEntry,
)
from propslower.ir.function_attachments import header_attachments
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.postlink.function_facts import FactsReader
from propslower.properties.profiles import DESIGN, DPCPP
from propslower.properties.spellings import AttributeKind

MODULE = """\
target triple = "spir64-unknown-unknown"

%class.Tile = type { [4 x i32] }

define spir_kernel void @kernel() {
  call spir_func void @f()
  ret void
}

define spir_func void @f() {
  call spir_func void @g()
  call spir_func void @ext()
  ret void
}

define spir_func void @g() {
  %t = alloca %class.Tile
  ret void
}

declare spir_func void @ext()
"""


def attribute(kind: AttributeKind, *values: int) -> FeatureAttribute:
    return FeatureAttribute("x", kind, values)


FEATURES = TranslationUnitFeatures(
    (
        FunctionFeatures(
            "kernel",
            "kernel",
            True,
            work_group_size=attribute(AttributeKind.WORK_GROUP_SIZE, 8, 4, 2),
            sub_group_size=attribute(AttributeKind.SUB_GROUP_SIZE, 16),
        ),
        FunctionFeatures("f", "f", True, allowed=attribute(AttributeKind.ALLOWED_ASPECTS, 6, 5)),
        FunctionFeatures("g", "g", True, uses=(AspectUse(58, "r"), AspectUse(5, "r"))),
        FunctionFeatures("ext", "ext", False, allowed=attribute(AttributeKind.ALLOWED_ASPECTS)),
        FunctionFeatures("missing", "missing", True, uses=(AspectUse(6, "r"),)),
    ),
    (TypeEntry("class.Tile", (58,)), TypeEntry("class.Absent", (5,))),
)


def written(profile_name: str) -> Module:
    module = Module.parse(MODULE, "m.ll")
    profile = DESIGN if profile_name == "design" else DPCPP
    write_feature_metadata(module, FEATURES, profile, default_table)
    text = module.render()
    assert verify_text(text, "m.ll") == []
    return Module.parse(text, "m.ll")


def test_design_metadata() -> None:
    module = written("design")
    reader = FactsReader(module)
    f, g, ext, kernel = (module.function(n) for n in ("f", "g", "ext", "kernel"))
    assert f is not None and g is not None and ext is not None and kernel is not None
    assert reader.ints(f, "intel_allowed_aspects") == (5, 6)  # ascending
    assert used_aspects(module, g, DESIGN) == {5, 58}
    ref = header_attachments(ext)["!intel_allowed_aspects"]  # on a declaration
    assert aspect_values(module, ref) == []  # device_has(): the empty node
    assert ext.text.startswith("declare !intel_allowed_aspects")
    assert reader.ints(kernel, "reqd_work_group_size") == (8, 4, 2)
    assert reader.ints(kernel, "intel_reqd_sub_group_size") == (16,)
    assert types_that_use_aspects(module) == []  # only dpcpp lists classes
    assert "missing" not in module.render()  # functions clang did not emit are skipped


def test_dpcpp_metadata_and_class_list() -> None:
    module = written("dpcpp")
    f = module.function("f")
    assert f is not None
    assert FactsReader(module).ints(f, "sycl_declared_aspects") == (5, 6)
    entries = types_that_use_aspects(module)
    assert [(e.type_name, e.aspects) for e in entries] == [("class.Tile", (58,))]
    assert {a.name: a.value for a in aspect_names(module)}["fp64"] == 6
    assert len(aspect_names(module)) == len(default_table())


def test_a_second_write_keeps_one_attachment_per_kind() -> None:
    module = written("dpcpp")
    write_feature_metadata(module, FEATURES, DPCPP, default_table)
    g = module.function("g")
    assert g is not None
    assert g.text.splitlines()[0].count("!sycl_used_aspects") == 1
    assert len(types_that_use_aspects(module)) == 1
    assert verify_text(module.render(), "m.ll") == []
