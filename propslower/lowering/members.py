"""Member properties: an ``@llvm.ptr.annotation`` on every GEP addressing the field.

The encodings are in docs/design/lowering.md, "Members".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.body import Gep, Instruction
from propslower.ir.functions import FunctionItem
from propslower.ir.module import Module
from propslower.lowering.annotation_calls import (
    AnnotationShape,
    AnnotationStrings,
    shape_of,
    source_file_name,
    string_value,
    struct_fields,
)
from propslower.lowering.member_lines import INTRINSIC, annotated_text, type_name
from propslower.lowering.member_plans import MemberPlans
from propslower.lowering.placements import MemberTarget, Placement
from propslower.properties.member_annotation import MemberAnnotation, encode_member_annotation
from propslower.properties.profiles import Profile

_ADDRESS_SPACE = re.compile(r"addrspace\((\d+)\)")
_DILOCATION_LINE = re.compile(r"!DILocation\(line:\s*(\d+)")


class EquivalentForms(Protocol):
    """Other strings a later pass rewrites this lowering's member annotation into.

    ``annotate --spirv`` runs the ``spirv`` pass right after this lowering, and it rewrites
    ``sycl-properties:...`` into ``{5921:3}``; a second run must take that for its own
    annotation. The caller supplies the forms, so this package imports nothing of ``spirv``.
    """

    def forms(self, module: Module, annotation: MemberAnnotation) -> frozenset[str]:
        """The strings that stand for ``annotation`` in ``module``."""
        ...

    def claims(self, text: str) -> bool:
        """Whether ``text`` is such a string at all (then a different one is a conflict)."""
        ...

    def dropped(self, module: Module, annotation: MemberAnnotation) -> bool:
        """Whether the later pass removes ``annotation`` altogether (no property of it has a
        form there): then it is not inserted, since it would only leave its casts behind."""
        ...


class FieldAccess(NamedTuple):
    """One GEP addressing the annotated field, in one function."""

    function: FunctionItem
    gep: Instruction
    pointer_space: int


def lower_member(
    module: Module,
    placement: Placement,
    profile: Profile,
    forms: EquivalentForms | None = None,
    plans: MemberPlans | None = None,
) -> int:
    """Annotate every access of the field; returns how many GEPs were annotated.

    A GEP already annotated with the list, in this encoding or in one of ``forms``, is left
    alone. ``plans``: what the functions' texts become, worked out ahead.
    """
    target = placement.target
    assert isinstance(target, MemberTarget)
    annotation = encode_member_annotation(profile, placement.properties)
    shape = shape_of(module)
    fields = struct_fields(module, target.struct)
    if fields is None:
        raise DiagnosticError(
            Diagnostic.error(
                f"no struct type '%{target.struct}' in the module", placement.owner_position
            )
        )
    if not 0 <= target.field < len(fields):
        raise DiagnosticError(
            Diagnostic.error(
                f"'%{target.struct}' has {len(fields)} fields; there is no field {target.field}",
                placement.span,
            )
        )
    if forms is not None and forms.dropped(module, annotation):
        return 0
    writer = _AnnotationWriter(
        module, shape, AnnotationStrings(module, shape), annotation, source_file_name(module), forms
    )
    wanted = type_name(target.struct)
    field_index = str(target.field)
    by_lines = writer.call_text if shape.opaque else None
    spaces: dict[int, tuple[Gep, int | None]] = {}
    annotated = 0
    key = (wanted, field_index)
    planned = None if plans is None or by_lines is None else plans.edits(key, by_lines)
    for function in module.functions_containing(wanted):
        if by_lines is not None and function.body_as_text:
            edited = None if planned is None else planned(function)
            if edited is None:
                edited = annotated_text(function.text, wanted, field_index, by_lines)
            if edited is not None:
                if edited[1]:
                    function.set_body(edited[0])
                annotated += edited[1]
                continue
        item = function.item()
        for access in _accesses_in(item, wanted, field_index, spaces):
            if writer.already_annotated(access, placement):
                continue
            writer.annotate(access, fields[target.field])
            annotated += 1
    return annotated


def _accesses_in(
    function: FunctionItem,
    wanted: str,
    field_index: str,
    spaces: dict[int, tuple[Gep, int | None]],
) -> list[FieldAccess]:
    """The accesses of the field in ``function``; ``spaces`` remembers, by parse (equal GEPs
    share one), the pointer's address space, None if not the field."""
    found: list[FieldAccess] = []
    for instruction in function.find_instructions(wanted):
        gep = instruction.gep()
        if gep is None:
            continue
        known = spaces.get(id(gep))
        if known is None or known[0] is not gep:
            known = spaces[id(gep)] = (gep, _field_space(gep, wanted, field_index))
        space = known[1]
        if space is not None:
            found.append(FieldAccess(function, instruction, space))
    return found


def _field_space(gep: Gep, wanted: str, field_index: str) -> int | None:
    """The address space of a GEP of field ``field_index`` of ``wanted``; None for others."""
    if gep.source_type != wanted or len(gep.indices) < 2 or gep.indices[1].value != field_index:
        return None
    space = _ADDRESS_SPACE.search(gep.pointer.type_text)
    return int(space.group(1)) if space else 0


@dataclass
class _AnnotationWriter:
    """Inserts the annotation calls for one member's property list."""

    module: Module
    shape: AnnotationShape
    strings: AnnotationStrings
    annotation: MemberAnnotation
    file_name: str
    forms: EquivalentForms | None = None
    _declared: set[int] = field(default_factory=set)
    _calls: dict[int, tuple[str, str, tuple[str, str, str]]] = field(default_factory=dict)

    def already_annotated(self, access: FieldAccess, placement: Placement) -> bool:
        """True when this GEP already carries the same annotation; error when it differs."""
        if not access.function.contains(INTRINSIC):
            return False
        following = _following(access.function, access.gep)
        aliases = {access.gep.result} | {
            i.result
            for i in following
            if i.opcode == "bitcast" and f" {access.gep.result} to " in i.text
        }
        for instruction in following:
            if INTRINSIC not in instruction.text:
                continue
            call = instruction.call()
            if call is None or not call.callee.startswith(f"@{INTRINSIC}"):
                continue
            if len(call.arguments) < 5:  # not the intrinsic LLVM declares (invalid IR)
                continue
            if call.arguments[0].value not in aliases:
                continue
            existing = self._annotation_string(call.arguments[1].value)
            if existing is None:
                continue
            if existing.startswith(self.annotation.string.split(":")[0]):
                if existing == self.annotation.string and self._same_args(call.arguments[4].value):
                    return True
            elif self.forms is None or not self.forms.claims(existing):
                continue
            elif existing in self.forms.forms(self.module, self.annotation):
                return True
            function_name = access.function.parsed_header.name
            raise DiagnosticError(
                Diagnostic.error(
                    f"{placement.target.describe()} in '{function_name}' is already "
                    f"annotated with '{existing}'; the property list gives "
                    f"'{self.annotation.describe()}'",
                    placement.span,
                )
            )
        return False

    def _annotation_string(self, operand: str) -> str | None:
        name = _global_in(operand)
        variable = self.module.global_variable(name) if name else None
        if variable is None:
            return None
        value = string_value(variable)
        return None if value is None else value.decode("utf-8", errors="replace")

    def _same_args(self, operand: str) -> bool:
        if self.annotation.pairs is None:
            return operand.endswith("null")
        name = _global_in(operand)
        expected = self.strings.args_struct(self.annotation.pairs)
        return name == expected.parts.name.lstrip("@")

    def annotate(self, access: FieldAccess, field_type: str) -> None:
        function, gep = access.function, access.gep
        pointer = gep.result
        assert pointer is not None
        space = access.pointer_space
        annotated_type, callee, arguments = self._call_parts(space)
        line = self._line(gep)
        operand = pointer
        anchor = gep
        if not self.shape.opaque:
            field_pointer = self.shape.pointer(space, field_type)
            operand = function.fresh_local(pointer.lstrip("%") + ".i8")
            anchor = function.insert_after(
                anchor, f"  {operand} = bitcast {field_pointer} {pointer} to {annotated_type}"
            )
        call = (
            f"call {annotated_type} {callee}({annotated_type} {operand}, "
            f"{arguments[0]}, {arguments[1]}, i32 {line}, {arguments[2]})"
        )
        if self.shape.opaque:
            function.wrap_value(anchor, pointer, pointer.lstrip("%") + ".annotated", call)
            return
        result = function.fresh_local(pointer.lstrip("%") + ".annotated")
        anchor = function.insert_after(anchor, f"{result} = {call}")
        back = function.fresh_local(pointer.lstrip("%") + ".field")
        field_pointer = self.shape.pointer(space, field_type)
        cast = f"  {back} = bitcast {annotated_type} {result} to {field_pointer}"
        function.insert_redirecting(anchor, cast, pointer, back)

    def call_text(self, space: int, pointer: str) -> str:
        """The annotation call of an opaque ``pointer`` in ``space`` with no debug location
        (``member_lines.annotated_text``'s ``CallText``)."""
        annotated_type, callee, arguments = self._call_parts(space)
        return (
            f"call {annotated_type} {callee}({annotated_type} {pointer}, "
            f"{arguments[0]}, {arguments[1]}, i32 0, {arguments[2]})"
        )

    def _call_parts(self, space: int) -> tuple[str, str, tuple[str, str, str]]:
        """What every call for a pointer in ``space`` shares: the annotated type, the callee
        and the string, file and fifth operands (declared and created on first use)."""
        parts = self._calls.get(space)
        if parts is None:
            if space not in self._declared:
                self.module.symbols.declare(self.shape.declaration(space))
                self._declared.add(space)
            string = self.strings.string(self.annotation.string)
            file = self.strings.string(self.file_name)
            fifth = self.strings.fifth_operand(self.annotation)
            operands = (self.shape.string_operand(string), self.shape.string_operand(file), fifth)
            callee = f"@{self.shape.intrinsic(space)}"
            parts = self._calls[space] = (self.shape.pointer(space), callee, operands)
        return parts

    def _line(self, gep: Instruction) -> int:
        if "!dbg" not in gep.text:
            return 0
        reference = gep.attachments.get("!dbg")
        node = self.module.metadata_node(reference) if reference else None
        match = _DILOCATION_LINE.search(node.text) if node is not None else None
        return int(match.group(1)) if match else 0


def _following(function: FunctionItem, gep: Instruction) -> list[Instruction]:
    """The instructions right after ``gep`` where an annotation of it would be (typed: 3)."""
    instructions = function.instructions()
    index = instructions.index(gep)
    return instructions[index + 1 : index + 4]


def _global_in(operand: str) -> str | None:
    match = re.search(r'@((?:[-\w$.]+)|"[^"]*")', operand)
    return match.group(1).strip('"') if match else None
