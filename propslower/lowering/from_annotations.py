"""``annotate --from-annotations``: lower the ``propslower:<site>`` records a stock clang emits.

The C++ front-end maps ``[[__sycl_detail__::add_ir_*(...)]]`` onto
``[[clang::annotate("propslower:<site>", ...)]]``. Clang then writes functions' and variables'
records into ``@llvm.global.annotations`` and members' into ``@llvm.ptr.annotation`` calls, each
with a constant args struct (names first, then values). This module reads those records, lowers
them like any other placement, and removes what it consumed.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from propslower.diagnostics import Diagnostic, DiagnosticError, Diagnostics, Span
from propslower.ir.body import Instruction
from propslower.ir.constants import Constant, ConstantError, parse_value
from propslower.ir.functions import FunctionItem
from propslower.ir.lex import LexError, split_commas
from propslower.ir.module import Module
from propslower.ir.unused import remove_unused_globals
from propslower.lowering.annotation_calls import AnnotationStrings, shape_of, string_value
from propslower.lowering.lower import apply_placements
from propslower.lowering.placements import FunctionTarget, GlobalTarget, Placement
from propslower.properties.argument_kinds import Argument, ValueArgument
from propslower.properties.filter_mark import with_filter
from propslower.properties.member_annotation import encode_member_annotation
from propslower.properties.model import PropertyList
from propslower.properties.profiles import Profile
from propslower.properties.rules import pair_arguments
from propslower.properties.values import (
    BoolValue,
    FloatingValue,
    IntegerValue,
    NullptrValue,
    PropertyValue,
    StringValue,
)

MARKER = "propslower:"
_GLOBAL_ANNOTATIONS = "llvm.global.annotations"
_TARGETS: dict[str, type[FunctionTarget] | type[GlobalTarget]] = {
    "function": FunctionTarget,
    "global_variable": GlobalTarget,
}


def lower_annotations(module: Module, profile: Profile) -> list[Diagnostic]:
    """Consume every ``propslower:`` record; returns errors (nothing may be written then)."""
    reader = _RecordReader(module)
    placements, consumed = reader.global_records()
    diagnostics = apply_placements(module, placements, profile)
    diagnostics.extend(_rewrite_member_calls(module, profile, reader))
    diagnostics = [*reader.diagnostics, *diagnostics]
    if any(d.is_error for d in diagnostics):
        return diagnostics
    _drop_entries(module, consumed)
    remove_unused_globals(module, reader.member_globals)
    return diagnostics


@dataclass
class _RecordReader:
    """Reads annotation records and their args structs into property lists."""

    module: Module

    def __post_init__(self) -> None:
        self.diagnostics = Diagnostics()
        self.member_globals: set[str] = set()
        self.unreadable: set[str] = set()
        """Args structs already reported as unreadable (several calls may share one)."""

    def global_records(self) -> tuple[list[Placement], set[int]]:
        annotations = self.module.global_variable(_GLOBAL_ANNOTATIONS)
        if annotations is None or annotations.parts.initializer is None:
            return [], set()
        span = Span(self.module.name, annotations.line or 1, 1)
        try:
            entries = parse_value(annotations.parts.type_text, annotations.parts.initializer)
        except (ConstantError, LexError) as error:
            self.diagnostics.add(
                Diagnostic.error(f"cannot read @{_GLOBAL_ANNOTATIONS}: {error}", span)
            )
            return [], set()
        placements: list[Placement] = []
        consumed: set[int] = set()
        for index, entry in enumerate(entries.elements):
            placement = self._global_record(entry, span)
            if placement is not None:
                placements.append(placement)
                consumed.add(index)
        return placements, consumed

    def _global_record(self, entry: Constant, span: Span) -> Placement | None:
        if len(entry.elements) < 5:
            return None
        site = self._site(entry.elements[1])
        if site is None:
            return None
        target_type = _TARGETS.get(site)
        annotated = entry.elements[0].global_name
        if target_type is None or annotated is None:
            self.diagnostics.add(
                Diagnostic.error(f"'{MARKER}{site}' cannot annotate a function or variable", span)
            )
            return None
        for element in (entry.elements[1], entry.elements[2], entry.elements[4]):
            if element.global_name:
                self.member_globals.add(element.global_name)
        properties = self.properties(entry.elements[4], f"{MARKER}{site}", span)
        return None if properties is None else Placement(target_type(annotated), properties, span)

    def _site(self, constant: Constant) -> str | None:
        text = self.string_at(constant)
        if text is None or not text.startswith(MARKER):
            return None
        return text[len(MARKER) :]

    def string_at(self, constant: Constant) -> str | None:
        name = constant.global_name
        variable = self.module.global_variable(name) if name else None
        value = string_value(variable) if variable is not None else None
        return None if value is None else value.decode("utf-8", errors="surrogateescape")

    def properties(self, args: Constant, attribute: str, span: Span) -> PropertyList | None:
        """The property list an args struct (names first, then values) stands for."""
        arguments: list[Argument] = []
        name = args.global_name
        if name is not None:
            variable = self.module.global_variable(name)
            if variable is None or variable.parts.initializer is None:
                self.diagnostics.add(
                    Diagnostic.error(f"args struct '@{name}' is not defined", span)
                )
                return None
            self.member_globals.add(name)
            initializer = variable.parts.initializer
            try:
                fields = parse_value(variable.parts.type_text, initializer)
            except (ConstantError, LexError) as error:
                if name not in self.unreadable:
                    self.unreadable.add(name)
                    where = max(variable.text.find(initializer), 0)
                    message = f"cannot read args struct '@{name}': {error}"
                    self.diagnostics.extend(variable.error(message, where).diagnostics)
                return None
            for element in fields.elements:
                arguments.append(ValueArgument(self._value(element, span), None, span))
                if element.global_name:
                    self.member_globals.add(element.global_name)
        paired = pair_arguments(attribute, with_filter(arguments), span, {}, self.diagnostics)
        return paired.properties if not self.diagnostics.has_errors else None

    def _value(self, element: Constant, span: Span) -> PropertyValue:
        if element.kind == "int":
            if element.type_text == "i1":
                return BoolValue(element.value != 0, span)
            return IntegerValue(element.value, True, span)
        if element.kind == "float":
            return FloatingValue(_float(element.text), element.type_text == "float", span)
        if element.kind == "special" and element.text == "null":
            return NullptrValue(span)
        text = self.string_at(element)
        if text is None:
            self.diagnostics.add(
                Diagnostic.error(f"unsupported annotation argument '{element.type_text}'", span)
            )
            return NullptrValue(span)
        return StringValue(text, span)


def _float(text: str) -> float:
    """LLVM prints doubles as decimals or as the hex of their IEEE bits (``0x400C000000000000``)."""
    if text.lower().startswith("0x"):
        return float(struct.unpack(">d", bytes.fromhex(text[2:].rjust(16, "0")))[0])
    return float(text)


def _rewrite_member_calls(
    module: Module, profile: Profile, reader: _RecordReader
) -> list[Diagnostic]:
    shape = shape_of(module)
    strings = AnnotationStrings(module, shape)
    errors: list[Diagnostic] = []
    for function in module.functions():
        if not function.is_definition or "@llvm.ptr.annotation" not in function.text:
            continue
        for instruction in function.instructions():
            try:
                _rewrite_call(module.name, profile, reader, strings, function, instruction)
            except DiagnosticError as error:
                errors.extend(error.diagnostics)
    return errors


def _rewrite_call(  # noqa: PLR0917 - one call site, every piece of context it needs
    module_name: str,
    profile: Profile,
    reader: _RecordReader,
    strings: AnnotationStrings,
    function: FunctionItem,
    instruction: Instruction,
) -> None:
    call = instruction.call()
    if (
        call is None
        or not call.callee.startswith("@llvm.ptr.annotation")
        or len(call.arguments) < 5
    ):
        return
    annotation_arg = _constant(call.arguments[1].type_text, call.arguments[1].value)
    if annotation_arg is None or reader.string_at(annotation_arg) != f"{MARKER}member":
        return
    span = Span(module_name, instruction.line or function.line or 1, 1)
    for argument in (call.arguments[1], call.arguments[2], call.arguments[4]):
        constant = _constant(argument.type_text, argument.value)
        if constant is not None and constant.global_name:
            reader.member_globals.add(constant.global_name)
    args = _constant(call.arguments[4].type_text, call.arguments[4].value)
    properties = reader.properties(args, f"{MARKER}member", span) if args else None
    if properties is None:
        return
    annotation = encode_member_annotation(profile, properties)
    new_string = strings.shape.string_operand(strings.string(annotation.string))
    new_fifth = strings.fifth_operand(annotation)
    text = instruction.text
    text = text.replace(call.arguments[1].text, new_string, 1)
    text = text.replace(call.arguments[4].text, new_fifth, 1)
    function.insert_after(instruction, text.rstrip("\n"))
    function.remove_instruction(instruction)


def _constant(type_text: str, value: str) -> Constant | None:
    try:
        return parse_value(type_text, value)
    except (ConstantError, LexError):
        return None


def _drop_entries(module: Module, consumed: set[int]) -> None:
    """Remove consumed entries from ``@llvm.global.annotations`` (the global when none remain)."""
    annotations = module.global_variable(_GLOBAL_ANNOTATIONS)
    if annotations is None or not consumed:
        return
    initializer = annotations.parts.initializer
    assert initializer is not None
    inner = initializer.strip()[1:-1]
    pieces = [inner[start:end] for start, end in split_commas(inner)]
    kept = [piece for index, piece in enumerate(pieces) if index not in consumed]
    if not kept:
        module.remove(annotations)
        return
    element_type = annotations.parts.type_text.split(" x ", 1)[1].rstrip()[:-1]
    annotations.set_initializer(f"[{', '.join(kept)}]", f"[{len(kept)} x {element_type}]")
