"""Text-level LLVM IR: read, edit, write and verify modules (knows nothing of SYCL)."""

from propslower.ir.attributes import Attribute, AttributeGroup
from propslower.ir.body import Call, Gep, Instruction, Operand
from propslower.ir.constants import Constant, ConstantError, parse_constant, parse_value
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem, GlobalParts
from propslower.ir.headers import FunctionHeader, Parameter
from propslower.ir.items import Item, ItemKind
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.module import Module

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
