"""The front-end's feature metadata onto clang's IR: allowed, used, required sizes, types.

Per function present in the module: the profile's allowed-aspects list from ``requires`` /
``device_has`` (``!{}`` for an empty list), its used-aspects list from its own uses (the
propagation over calls is ``propslower aspects``' job), ``!reqd_work_group_size`` and
``!intel_reqd_sub_group_size`` as the profile writes them (``design``: the attribute's values;
DPC++: the work-group size reversed and padded to three, with ``!work_group_num_dim``;
``propslower parse`` shows the same form). For ``dpcpp`` also
``!sycl_types_that_use_aspects`` for decorated non-template classes the module defines, with
the ``!sycl_aspects`` table DPC++'s pass needs beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from propslower.aspects.aspect_metadata import (
    ASPECT_NAMES_METADATA,
    TYPES_METADATA,
    ListWriter,
    types_that_use_aspects,
)
from propslower.frontend.feature_model import TableLoader, TranslationUnitFeatures
from propslower.ir.function_attachments import set_function_attachment
from propslower.ir.functions import FunctionItem
from propslower.ir.items import ItemKind
from propslower.ir.metadata import metadata_string
from propslower.ir.module import Module
from propslower.ir.strings import name_of
from propslower.lowering.attribute_text import kernel_size_metadata
from propslower.properties.profiles import Profile
from propslower.properties.spellings import AttributeKind


def write_feature_metadata(
    module: Module, features: TranslationUnitFeatures, profile: Profile, table: TableLoader
) -> int:
    """Attach every function's feature metadata; the number of functions changed."""
    lists = ListWriter(module)
    sizes: dict[tuple[int, ...], str] = {}
    changed = 0
    for function in features.functions:
        item = module.function(function.ir_name)
        if item is None:
            continue
        before = item.text
        if function.allowed is not None:
            node = lists.node_for(function.allowed.values)
            set_function_attachment(item, profile.allowed_aspects_metadata, f"!{node.node_id}")
        if function.uses:
            node = lists.node_for(function.used_values)
            set_function_attachment(item, profile.used_aspects_metadata, f"!{node.node_id}")
        for kind, attribute in (
            (AttributeKind.WORK_GROUP_SIZE, function.work_group_size),
            (AttributeKind.SUB_GROUP_SIZE, function.sub_group_size),
        ):
            if attribute is None:
                continue
            for name, values in kernel_size_metadata(profile, kind, attribute.values):
                _attach_sizes(module, item, name, values, sizes)
        changed += item.text != before
    if profile.types_that_use_aspects:
        _types_metadata(module, features, table)
    return changed


def _attach_sizes(
    module: Module,
    item: FunctionItem,
    kind: str,
    values: Sequence[int],
    nodes: dict[tuple[int, ...], str],
) -> None:
    key = tuple(values)
    ref = nodes.get(key)
    if ref is None:
        node = module.metadata.add_node([f"i32 {value}" for value in values])
        ref = nodes[key] = f"!{node.node_id}"
    set_function_attachment(item, kind, ref)


def _types_metadata(module: Module, features: TranslationUnitFeatures, table: TableLoader) -> None:
    defined = {
        name_of(item.key) for item in module.items() if item.kind is ItemKind.TYPE and item.key
    }
    listed = {entry.type_name for entry in types_that_use_aspects(module)}
    operands: list[str] = []
    for entry in features.types:
        if entry.ir_type not in defined or entry.ir_type in listed or not entry.aspects:
            continue
        listed.add(entry.ir_type)
        values = [f"i32 {value}" for value in entry.aspects]
        node = module.metadata.add_node([metadata_string(entry.ir_type), *values])
        operands.append(f"!{node.node_id}")
    if not operands:
        return
    module.metadata.add_named(TYPES_METADATA[0], operands)
    if not module.metadata.named(ASPECT_NAMES_METADATA):
        pairs = [
            module.metadata.add_node([metadata_string(aspect.name), f"i32 {aspect.value}"])
            for aspect in table()
        ]
        module.metadata.add_named(ASPECT_NAMES_METADATA, [f"!{p.node_id}" for p in pairs])
