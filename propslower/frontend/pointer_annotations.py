"""``__builtin_intel_sycl_ptr_annotation`` calls turned into ``@llvm.ptr.annotation``.

Stock clang has no such builtin, so the compatibility layer declares it as a function template,
``__propslower_sycl_ptr_annotation(ptr, names..., values...)``, and clang emits a call to one of
its specialisations. DPC++'s clang emits one ``@llvm.ptr.annotation`` on the pointer value
instead, whose result replaces the builtin's (intel/llvm
``clang/test/CodeGenSYCL/intel-sycl-ptr-annotation*.cpp``): the annotation string
``"sycl-properties"`` and an args struct of the name and value strings (``dpcpp`` profile); the
``design`` profile writes its member encoding (``sycl-properties:name=value,...``). Each call is
rewritten in place, so the spirv pass's alignment rule (``align N`` on the loads and stores
through the annotated pointer) applies to the headers' ``annotated_ptr``.

The values' C++ types come from libclang (``parameter_types``: the specialisation's parameter
types), so an ``unsigned`` ``4294967295`` stays that, not the ``-1`` of its IR constant.
The call's file and line operands are the translation unit's source name and the line of its
``!dbg`` location (0 without ``-g``): DPC++ writes the header line of the builtin's call.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Mapping

from clang.cindex import TypeKind

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.frontend.cindex import Cursor
from propslower.frontend.sycl_compat import PTR_ANNOTATION_FUNCTION
from propslower.ir.body import Call, Instruction, Operand
from propslower.ir.functions import FunctionItem
from propslower.ir.items import ItemKind
from propslower.ir.module import Module
from propslower.ir.unused import remove_unused_globals
from propslower.lowering.annotation_calls import (
    AnnotationShape,
    AnnotationStrings,
    shape_of,
    source_file_name,
    string_value,
)
from propslower.properties.member_annotation import MemberAnnotation, encode_member_annotation
from propslower.properties.model import Property, PropertyList
from propslower.properties.profiles import Profile
from propslower.properties.values import (
    BoolValue,
    FloatingValue,
    IntegerValue,
    NullptrValue,
    PropertyValue,
    StringValue,
)

SIGNED, UNSIGNED, BOOL, FLOAT, DOUBLE, POINTER, NULLPTR = (
    "signed",
    "unsigned",
    "bool",
    "float",
    "double",
    "pointer",
    "nullptr",
)

TYPE_KINDS: dict[TypeKind, str] = {
    TypeKind.BOOL: BOOL,
    TypeKind.CHAR_S: SIGNED,
    TypeKind.SCHAR: SIGNED,
    TypeKind.SHORT: SIGNED,
    TypeKind.INT: SIGNED,
    TypeKind.LONG: SIGNED,
    TypeKind.LONGLONG: SIGNED,
    TypeKind.CHAR_U: UNSIGNED,
    TypeKind.UCHAR: UNSIGNED,
    TypeKind.USHORT: UNSIGNED,
    TypeKind.UINT: UNSIGNED,
    TypeKind.ULONG: UNSIGNED,
    TypeKind.ULONGLONG: UNSIGNED,
    TypeKind.FLOAT: FLOAT,
    TypeKind.DOUBLE: DOUBLE,
    TypeKind.POINTER: POINTER,
    TypeKind.NULLPTR: NULLPTR,
}
"""A parameter's canonical C++ type → how its IR constant prints (an enum: its underlying type)."""

Signatures = Mapping[str, tuple[str, ...]]
"""The shim specialisation's IR name → its value parameters' kinds (``TYPE_KINDS`` values)."""

_SHIM = re.compile(rf"@_Z\d+{PTR_ANNOTATION_FUNCTION}\w*")
_GLOBAL = re.compile(r'@((?:[-\w$.]+)|"[^"]*")')
_GLOBALS_SPACE = re.compile(r'^target datalayout = ".*?-G(\d+)', re.MULTILINE)
_DILOCATION_LINE = re.compile(r"\bline:\s*(\d+)")


def parameter_types(function: Cursor) -> tuple[str, ...]:
    """The kinds of a shim specialisation's parameters (``""`` for a type none fits)."""
    kinds: list[str] = []
    for parameter in function.type.argument_types():
        canonical = parameter.get_canonical()
        if canonical.kind is TypeKind.ENUM:
            canonical = canonical.get_declaration().enum_type.get_canonical()
        kinds.append(TYPE_KINDS.get(canonical.kind, ""))
    return tuple(kinds)


def lower_pointer_annotations(
    module: Module, signatures: Signatures, profile: Profile
) -> list[Diagnostic]:
    """Rewrite every call of the shim into ``@llvm.ptr.annotation``; errors for calls whose
    arguments are not constants (nothing is rewritten then)."""
    callers = [
        f for f in module.functions() if f.is_definition and f.contains(PTR_ANNOTATION_FUNCTION)
    ]
    if not callers:
        return []
    writer = _Writer(module, _shape(module), profile, signatures)
    diagnostics: list[Diagnostic] = []
    for function in callers:
        for instruction in function.find_instructions(PTR_ANNOTATION_FUNCTION):
            call = instruction.call()
            if call is None or not _SHIM.fullmatch(call.callee):
                continue
            try:
                writer.rewrite(function, instruction, call)
            except DiagnosticError as error:
                diagnostics.extend(error.diagnostics)
    if not diagnostics:
        for name in writer.callees:
            declaration = module.function(name)
            if declaration is not None and not declaration.is_definition:
                module.remove(declaration)
        remove_unused_globals(module, writer.operands)
    return diagnostics


class _Writer:
    """Builds the annotation calls of one module (strings and structs shared)."""

    def __init__(
        self, module: Module, shape: AnnotationShape, profile: Profile, signatures: Signatures
    ) -> None:
        self.module = module
        self.shape = shape
        self.profile = profile
        self.signatures = signatures
        self.strings = AnnotationStrings(module, shape)
        self.file = source_file_name(module)
        self.declared: set[int] = set()
        self.callees: set[str] = set()
        self.operands: set[str] = set()
        """Globals the shim calls named (their strings, once unused, go)."""

    def rewrite(self, function: FunctionItem, instruction: Instruction, call: Call) -> None:
        """Replace the shim call by the annotation call on its first argument."""
        arguments = call.arguments
        if len(arguments) % 2 == 0:
            raise instruction.error(
                f"'{call.callee}' takes a pointer and as many property names as values"
            )
        callee = call.callee.lstrip("@")
        kinds = self.signatures.get(callee, ())
        count = (len(arguments) - 1) // 2
        names = [self._name(instruction, a) for a in arguments[1 : 1 + count]]
        values = [
            self._value(instruction, a, kinds[1 + count + i] if 1 + count + i < len(kinds) else "")
            for i, a in enumerate(arguments[1 + count :])
        ]
        properties = PropertyList(tuple(Property(n, v) for n, v in zip(names, values, strict=True)))
        annotation = encode_member_annotation(self.profile, properties)
        pointer = arguments[0]
        space = _address_space(pointer.type_text)
        anchor = instruction
        target = function.fresh_local("annotated")
        for line in self._call_text(
            function,
            instruction=instruction,
            pointer=pointer,
            space=space,
            annotation=annotation,
            target=target,
        ):
            anchor = function.insert_after(anchor, line)
        if instruction.result is not None:
            function.replace_uses_after(anchor, instruction.result, target)
        function.remove_instruction(instruction)  # (later numbered values are renumbered)
        self.callees.add(callee)

    def _call_text(
        self,
        function: FunctionItem,
        *,
        instruction: Instruction,
        pointer: Operand,
        space: int,
        annotation: MemberAnnotation,
        target: str,
    ) -> list[str]:
        if space not in self.declared:
            self.module.symbols.declare(self.shape.declaration(space))
            self.declared.add(space)
        string = self.shape.string_operand(self.strings.string(annotation.string))
        file = self.shape.string_operand(self.strings.string(self.file))
        fifth = self.strings.fifth_operand(annotation)
        annotated = self.shape.pointer(space)
        line = self._line(instruction)
        operand = pointer.value
        lines: list[str] = []
        if not self.shape.opaque and pointer.type_text != annotated:
            operand = function.fresh_local("annotated.i8")
            lines.append(f"{operand} = bitcast {pointer.type_text} {pointer.value} to {annotated}")
        called = target
        if not self.shape.opaque and pointer.type_text != annotated:
            called = function.fresh_local("annotated.i8.result")
        lines.append(
            f"{called} = call {annotated} @{self.shape.intrinsic(space)}({annotated} {operand}, "
            f"{string}, {file}, i32 {line}, {fifth})"
        )
        if called != target:
            lines.append(f"{target} = bitcast {annotated} {called} to {pointer.type_text}")
        return lines

    def _line(self, instruction: Instruction) -> int:
        if "!dbg" not in instruction.text:
            return 0
        reference = instruction.attachments.get("!dbg")
        node = self.module.metadata_node(reference) if reference else None
        match = _DILOCATION_LINE.search(node.text) if node is not None else None
        return int(match.group(1)) if match else 0

    def _string(self, operand: Operand) -> str | None:
        match = _GLOBAL.search(operand.value)
        if match is not None:
            self.operands.add(match.group(1).strip('"'))
        variable = self.module.global_variable(match.group(1).strip('"')) if match else None
        value = string_value(variable) if variable is not None else None
        return None if value is None else value.decode("utf-8", errors="replace")

    def _name(self, instruction: Instruction, operand: Operand) -> str:
        name = self._string(operand)
        if name is None:
            raise instruction.error(
                f"cannot read the property name '{operand.value}': not a string constant"
            )
        return name

    def _value(self, instruction: Instruction, operand: Operand, kind: str) -> PropertyValue:
        text = operand.value
        value = _constant(operand, kind)
        if value is not None:
            return value
        string = self._string(operand)
        if string is None:
            raise instruction.error(f"cannot read the property value '{text}': not a constant")
        return StringValue(string)


def _shape(module: Module) -> AnnotationShape:
    """The module's annotation shape; without annotation strings yet, clang's: strings in the
    target's default globals address space (``G1`` in SPIR's data layout)."""
    shape = shape_of(module)
    if shape.string_space != 0:
        return shape
    for item in module.items_of((ItemKind.HEADER,)):
        match = _GLOBALS_SPACE.search(item.text)
        if match is not None:
            return AnnotationShape(shape.opaque, int(match.group(1)))
    return shape


def _address_space(type_text: str) -> int:
    match = re.search(r"addrspace\((\d+)\)", type_text)
    return int(match.group(1)) if match else 0


def _constant(operand: Operand, kind: str) -> PropertyValue | None:
    """An integer, boolean, floating or null constant as its C++ type prints it."""
    type_text, text = operand.type_text, operand.value
    if text == "null" or kind == NULLPTR:
        return NullptrValue() if text in ("null", "zeroinitializer") else None
    if type_text in ("float", "double", "half"):
        return FloatingValue(_floating(text), single=kind == FLOAT or type_text == "float")
    match = re.fullmatch(r"i(\d+)", type_text)
    if match is None:
        return None
    width = int(match.group(1))
    number = {"true": 1, "false": 0}.get(text)
    if number is None:
        try:
            number = int(text)
        except ValueError:
            return None
    if kind == BOOL or width == 1:
        return BoolValue(bool(number))
    if kind == UNSIGNED:
        return IntegerValue(number % (1 << width), signed=False)
    return IntegerValue(number)


def _floating(text: str) -> float:
    if text.startswith("0x") and len(text) == 18:
        return float(struct.unpack(">d", bytes.fromhex(text[2:]))[0])
    return float(text)
