"""Hypothesis strategies for every input format: attribute text, specs, maps, configs, .prop, IR."""

from __future__ import annotations

import base64

import yaml
from hypothesis import strategies as st

from tests.fuzz.corpus import Seed, seeds_of
from tests.fuzz.mutate import KIND_TOKENS, MUTATORS, mutate

PROPERTY_NAMES = (
    "sycl-host-access",
    "sycl-device-image-scope",
    "sycl-buffer-location",
    "sycl-work-group-size",
    "sycl-sub-group-size",
    "sycl-alignment",
    "sycl-no-alias",
    "sycl-init-mode",
    "sycl-implement-in-csr",
    "sycl-cache-config",
    "sycl-latency",
    "foo",
    "",
)
ASPECTS = ("fp16", "fp64", "gpu", "cpu", "atomic64", "ext_intel_esimd", "bogus", "host")
SPELLINGS = (
    "add_ir_global_variable_attributes",
    "add_ir_kernel_parameter_attributes",
    "add_ir_function_attributes",
    "add_ir_member_annotation",
    "add_ir_attributes_global_variable",
    "add_ir_attributes_kernel_parameter",
    "add_ir_attributes_function",
    "add_ir_annotations_member",
    "__add_ir_function_attributes__",
)

property_names = st.one_of(st.sampled_from(PROPERTY_NAMES), st.text(max_size=10))
scalar_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(("read", "write", "read_write", "none", "8,4,2", "16", "", "0x10", "-1")),
    st.text(max_size=12),
)


def _c_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


c_literals = st.one_of(
    property_names.map(_c_string),
    st.integers(-(2**70), 2**70).map(str),
    st.integers(0, 2**64).map(hex),
    st.tuples(st.integers(0, 10**6), st.sampled_from(("", "u", "l", "ul", "ull", "LL", "z"))).map(
        lambda p: f"{p[0]}{p[1]}"
    ),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.sampled_from(
        (
            "true",
            "false",
            "nullptr",
            "'a'",
            "'\\n'",
            "L'x'",
            'u8"a" "b"',
            "0x1p-3",
            "1'000",
            "(char)65",
            "(unsigned)-1",
            "-7",
            "ns::E::v",
            '"\\x41"',
        )
    ),
    st.sampled_from(KIND_TOKENS["attribute"]),
)


SITE_SPELLINGS = {
    "globals": ("add_ir_global_variable_attributes", "add_ir_attributes_global_variable"),
    "functions": ("add_ir_function_attributes", "add_ir_attributes_function"),
    "kernel_parameters": (
        "add_ir_kernel_parameter_attributes",
        "add_ir_attributes_kernel_parameter",
    ),
    "members": ("add_ir_member_annotation", "add_ir_annotations_member"),
}


@st.composite
def attribute_texts(draw: st.DrawFn, spellings: tuple[str, ...] = SPELLINGS) -> str:
    """Attribute text: a spelling, a list of C++ literals (names then values, or not), wrappers."""
    spelling = draw(st.sampled_from(spellings))
    if spellings != SPELLINGS:
        names = draw(st.lists(st.sampled_from(PROPERTY_NAMES[:-2]).map(_c_string), max_size=3))
        values = draw(st.lists(c_literals, min_size=len(names), max_size=len(names)))
        return f"[[__sycl_detail__::{spelling}({', '.join([*names, *values])})]]"
    if draw(st.booleans()):
        names = draw(st.lists(property_names.map(_c_string), max_size=4))
        values = draw(st.lists(c_literals, min_size=len(names), max_size=len(names)))
        arguments = [*names, *values]
    else:
        arguments = draw(st.lists(c_literals, max_size=6))
    if spelling.startswith("add_ir_attributes") and draw(st.booleans()):
        arguments.insert(0, "{" + ", ".join(draw(st.lists(c_literals, max_size=3))) + "}")
    text = f"{spelling}({', '.join(arguments)})"
    if draw(st.booleans()):
        aspects = ", ".join(f"aspect::{a}" for a in draw(st.lists(st.sampled_from(ASPECTS))))
        text = draw(
            st.sampled_from(
                (
                    f"[[sycl::requires(has({aspects}))]]",
                    f"[[sycl::device_has({aspects})]]",
                    f"[[sycl::reqd_work_group_size({', '.join(arguments[:3]) or '1'})]]",
                    f"[[sycl::reqd_sub_group_size({arguments[0] if arguments else ''})]]",
                )
            )
        )
    elif draw(st.booleans()):
        text = f"[[__sycl_detail__::{text}]]"
    return text


DEVICE_SITES = {
    "globals": ("dm1", "nowhere", ""),
    "functions": ("_ZTS8MyKernel", "nothing"),
    "kernel_parameters": ("_ZTS8MyKernel",),
    "members": ("class.annotated_ptr", "struct.none"),
}
"""Site names of examples/ir/device.ll, and some that are not in it."""


@st.composite
def specs(draw: st.DrawFn) -> str:
    """An ``annotate --props`` spec for examples/ir/device.ll, as YAML."""
    spec: dict[str, object] = {}
    for section in draw(st.lists(st.sampled_from(sorted(DEVICE_SITES)), unique=True, max_size=4)):
        mappings = st.dictionaries(
            st.sampled_from(PROPERTY_NAMES[:-1]) | property_names, scalar_values, max_size=3
        )
        lists = st.one_of(mappings, mappings, attribute_texts(SITE_SPELLINGS[section]))
        names = st.sampled_from(DEVICE_SITES[section])
        if section in ("kernel_parameters", "members"):
            indexes = st.one_of(st.integers(0, 1), st.sampled_from((-1, 2, 4, 2**64, "0", "x")))
            spec[section] = draw(
                st.dictionaries(names, st.dictionaries(indexes, lists, max_size=2), max_size=2)
            )
        else:
            spec[section] = draw(st.dictionaries(names, lists, max_size=2))
    return yaml.safe_dump(spec, allow_unicode=True)


@st.composite
def device_configs(draw: st.DrawFn) -> str:
    """A ``--device-config`` file: target → aspects, sub-group sizes, flags, AOT keys."""
    entry = st.fixed_dictionaries(
        {},
        optional={
            "aspects": st.lists(st.one_of(st.sampled_from(ASPECTS), st.integers(-2, 100))),
            "sub-group-sizes": st.lists(st.integers(-(2**33), 2**33), max_size=4),
            "may_support_other_aspects": st.one_of(st.booleans(), st.sampled_from(("x", 1))),
            "aot-toolchain": st.sampled_from(("ocloc", "", "a b")),
            "aot-toolchain-options": st.text(max_size=8),
            "aot-compiler-id": st.sampled_from(("gen-spir64", "")),
        },
    )
    targets = st.one_of(st.sampled_from(("intel_gpu_pvc", "my_gpu", "spir64")), st.text(max_size=8))
    return yaml.safe_dump(draw(st.dictionaries(targets, entry, max_size=3)), allow_unicode=True)


@st.composite
def maps(draw: st.DrawFn) -> str:
    """A ``spirv --map`` file: properties → rules, optionally profiles."""
    rule = st.fixed_dictionaries(
        {
            "target": st.sampled_from(
                (
                    "execution_mode",
                    "function_decoration",
                    "parameter_decoration",
                    "global_decoration",
                    "member_decoration",
                    "function_metadata",
                    "parameter_attribute",
                    "bogus",
                )
            ),
            "encoding": st.sampled_from(
                ("none", "integer", "boolean", "string", "raw", "dims3_reversed", "enum", "x")
            ),
        },
        optional={
            "id": st.integers(-1, 70000),
            "spirv_name": st.sampled_from(("BufferLocationINTEL", "X", "")),
            "name": st.sampled_from(("m", "align", "")),
            "profiles": st.lists(st.sampled_from(("design", "dpcpp", "other")), max_size=2),
            "values": st.dictionaries(st.text(max_size=4), st.integers(0, 9), max_size=2),
            "internal": st.booleans(),
        },
    )
    document: dict[str, object] = {
        "properties": draw(st.dictionaries(property_names, st.lists(rule, max_size=2), max_size=3))
    }
    if draw(st.booleans()):
        document["profiles"] = {
            "design": {"annotation_style": draw(st.sampled_from(("typed", "x")))}
        }
    return yaml.safe_dump(document, allow_unicode=True)


def _prop_value(kind: int, payload: bytes | int) -> str:
    if isinstance(payload, int):
        return f"{kind}|{payload}"
    return f"{kind}|{base64.b64encode(payload).decode()}"


@st.composite
def prop_files(draw: st.DrawFn) -> str:
    """A ``.prop`` property-set file: sections of ``name=type|value`` lines."""
    sections = st.sampled_from(
        (
            "SYCL/image-requirements",
            "SYCL/kernel reqs",
            "SYCL/device requirements",
            "SYCL/misc properties",
            "x",
        )
    )
    names = st.sampled_from(("aspect", "reqd_sub_group_size", "reqd_work_group_size", "k0", "x"))
    lines = []
    for section in draw(st.lists(sections, max_size=3)):
        lines.append(f"[{section}]")
        for name in draw(st.lists(names, max_size=3)):
            kind = draw(st.integers(0, 4))
            payload = draw(st.one_of(st.binary(max_size=24), st.integers(-(2**40), 2**40)))
            lines.append(f"{name}={_prop_value(kind, payload)}")
    return "".join(line + "\n" for line in lines)


@st.composite
def mutated_seeds(draw: st.DrawFn, kind: str) -> tuple[Seed, bytes]:
    """A seed of ``kind`` and a mutation of it (the mutators chosen by hypothesis)."""
    seed = draw(st.sampled_from(seeds_of(kind)))
    steps = draw(st.lists(st.sampled_from(sorted(MUTATORS)), min_size=1, max_size=3))
    return seed, mutate(seed.data, draw(st.integers(0, 2**32)), kind, only=steps).data
