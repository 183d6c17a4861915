"""Text-level LLVM IR: read, edit, write and verify modules (knows nothing of SYCL).

The names below load their modules when first used: importing one module of the package
(``propslower.ir.verify_worker``) does not load the rest.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from propslower.ir.attributes import Attribute, AttributeGroup
    from propslower.ir.body import Call, Gep, Instruction, Operand
    from propslower.ir.constants import Constant, ConstantError, parse_constant, parse_value
    from propslower.ir.functions import FunctionItem
    from propslower.ir.globals import GlobalItem, GlobalParts
    from propslower.ir.headers import FunctionHeader, Parameter
    from propslower.ir.items import Item, ItemKind
    from propslower.ir.metadata import MetadataNode, NamedMetadata
    from propslower.ir.module import Module

_HOMES = {
    "Attribute": "attributes",
    "AttributeGroup": "attributes",
    "Call": "body",
    "Constant": "constants",
    "ConstantError": "constants",
    "FunctionHeader": "headers",
    "FunctionItem": "functions",
    "Gep": "body",
    "GlobalItem": "globals",
    "GlobalParts": "globals",
    "Instruction": "body",
    "Item": "items",
    "ItemKind": "items",
    "MetadataNode": "metadata",
    "Module": "module",
    "NamedMetadata": "metadata",
    "Operand": "body",
    "Parameter": "headers",
    "parse_constant": "constants",
    "parse_value": "constants",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'propslower.ir' has no attribute '{name}'")
    return getattr(importlib.import_module(f"propslower.ir.{home}"), name)


__all__ = [
    "Attribute",
    "AttributeGroup",
    "Call",
    "Constant",
    "ConstantError",
    "FunctionHeader",
    "FunctionItem",
    "Gep",
    "GlobalItem",
    "GlobalParts",
    "Instruction",
    "Item",
    "ItemKind",
    "MetadataNode",
    "Module",
    "NamedMetadata",
    "Operand",
    "Parameter",
    "parse_constant",
    "parse_value",
]
