"""``@llvm.ptr.annotation`` calls as real tools write them: typed or opaque, any address space."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import ItemKind
from propslower.ir.lex import LexError, split_commas
from propslower.ir.module import Module
from propslower.ir.strings import unescape_bytes
from propslower.properties.member_annotation import MemberAnnotation
from propslower.properties.values import string_bytes

_SOURCE_FILENAME = re.compile(r'^source_filename\s*=\s*"((?:[^"\\]|\\.)*)"', re.MULTILINE)
_STRING_INITIALIZER = re.compile(r"^\[(\d+) x i8\]$")
_SECTION = "llvm.metadata"
_QUOTED_SECTION = f'"{_SECTION}"'
_INTRINSIC = "@llvm.ptr.annotation."
_OPERANDS = 5
"""Annotated pointer, annotation string, file name string, line, args (a string pointer)."""
_ADDRESS_SPACE = re.compile(r"addrspace\((\d+)\)")


@dataclass(frozen=True)
class AnnotationShape:
    """How this module spells annotation calls: pointer mode and the strings' address space."""

    opaque: bool
    string_space: int

    def pointer(self, space: int, pointee: str = "i8") -> str:
        """``ptr addrspace(N)`` (opaque) or ``i8 addrspace(N)*`` (typed)."""
        if self.opaque:
            return "ptr" if space == 0 else f"ptr addrspace({space})"
        return f"{pointee}*" if space == 0 else f"{pointee} addrspace({space})*"

    @property
    def string_pointer(self) -> str:
        return self.pointer(self.string_space)

    def intrinsic(self, space: int) -> str:
        """The overloaded intrinsic's name for an annotated pointer in address space ``space``."""
        if self.opaque:
            return f"llvm.ptr.annotation.p{space}.p{self.string_space}"
        return f"llvm.ptr.annotation.p{space}i8"

    def declaration(self, space: int) -> str:
        annotated = self.pointer(space)
        strings = self.string_pointer
        return (
            f"declare {annotated} @{self.intrinsic(space)}"
            f"({annotated}, {strings}, {strings}, i32, {strings})\n"
        )

    def string_operand(self, item: GlobalItem) -> str:
        """A pointer to a ``[N x i8]`` string global, as a call operand or struct element."""
        name = item.parts.name
        if self.opaque:
            return f"{self.string_pointer} {name}"
        array = item.parts.type_text
        space = item.parts.address_space
        array_pointer = f"{array}*" if space == 0 else f"{array} addrspace({space})*"
        return (
            f"{self.string_pointer} getelementptr inbounds ({array}, {array_pointer} {name}, "
            "i32 0, i32 0)"
        )

    def struct_operand(self, item: GlobalItem) -> str:
        """A pointer to an args struct, as the intrinsic's fifth operand."""
        if self.opaque:
            return f"{self.string_pointer} {item.parts.name}"
        return f"{self.string_pointer} bitcast ({item.parts.type_text}* {item.parts.name} to i8*)"

    def null(self) -> str:
        return f"{self.string_pointer} null"


def shape_of(module: Module) -> AnnotationShape:
    """Follow the module's declared annotation intrinsic (calls must match its signature), else
    its existing annotation strings, else the default address space."""
    for declaration in module.items_containing(_INTRINSIC, (ItemKind.DECLARATION,)):
        assert isinstance(declaration, FunctionItem)
        header = declaration.parsed_header
        if header.name.startswith(_INTRINSIC) and len(header.parameters) == _OPERANDS:
            space = _ADDRESS_SPACE.search(header.parameters[1].type_text)
            return AnnotationShape(module.opaque_pointers, int(space.group(1)) if space else 0)
    for variable in module.items_containing(_QUOTED_SECTION, (ItemKind.GLOBAL,)):
        assert isinstance(variable, GlobalItem)
        parts = variable.parts
        if parts.section == _SECTION and _STRING_INITIALIZER.match(parts.type_text):
            return AnnotationShape(module.opaque_pointers, parts.address_space)
    return AnnotationShape(module.opaque_pointers, 0)


def source_file_name(module: Module) -> str:
    for item in module.items_of((ItemKind.HEADER,)):
        if match := _SOURCE_FILENAME.search(item.text):
            return unescape_bytes(match.group(1)).decode("utf-8", errors="replace")
    return module.name


def string_value(item: GlobalItem) -> bytes | None:
    """The bytes of a ``c"...\\00"`` string constant, without the terminating NUL."""
    initializer = item.parts.initializer
    if initializer == "zeroinitializer" and _STRING_INITIALIZER.match(item.parts.type_text):
        return b""
    if initializer is None or not initializer.startswith('c"'):
        return None
    return unescape_bytes(initializer[2:-1]).removesuffix(b"\0")


@dataclass
class AnnotationStrings:
    """Creates (and reuses) the string globals and args structs annotation calls point at."""

    module: Module
    shape: AnnotationShape
    _structs: dict[tuple[str, str], GlobalItem] | None = field(default=None, init=False)

    def string(self, text: str) -> GlobalItem:
        """The string global holding ``text``'s bytes (``values.string_bytes``: "\\xff" is FF)."""
        data = string_bytes(text)
        return self.module.symbols.string_constant(data, self.shape.string_space, _SECTION)

    def fifth_operand(self, annotation: MemberAnnotation) -> str:
        """``null`` (design) or a pointer to the name/value args struct (dpcpp)."""
        if annotation.pairs is None:
            return self.shape.null()
        return self.shape.struct_operand(self.args_struct(annotation.pairs))

    def args_struct(self, pairs: tuple[tuple[str, str | None], ...]) -> GlobalItem:
        elements = [
            self.shape.string_operand(self.string(text)) if text is not None else self.shape.null()
            for name, value in pairs
            for text in (name, value)
        ]
        types = ", ".join(self.shape.string_pointer for _ in elements)
        space = self.shape.string_space
        space_text = f"addrspace({space}) " if space else ""
        initializer = f"{{ {', '.join(elements)} }}"
        structs = self._struct_index()
        found = structs.get((initializer, f"{{ {types} }}"))
        if found is not None and not found.removed:
            return found
        name = self.module.symbols.fresh_global_name(".args")
        text = (
            f"@{name} = private unnamed_addr {space_text}constant {{ {types} }} {initializer}, "
            f'section "{_SECTION}"\n'
        )
        item = GlobalItem(text, key=f"@{name}")
        self.module.insert(item)
        structs[(initializer, f"{{ {types} }}")] = item
        return item

    def _struct_index(self) -> dict[tuple[str, str], GlobalItem]:
        """(initializer, type) → the first global with a struct initializer, built once."""
        if self._structs is None:
            self._structs = {}
            for variable in self.module.items_containing("{", (ItemKind.GLOBAL,)):
                assert isinstance(variable, GlobalItem)
                parts = variable.parts
                if parts.initializer is not None:
                    self._structs.setdefault((parts.initializer, parts.type_text), variable)
        return self._structs


def struct_fields(module: Module, struct: str) -> list[str] | None:
    """The field types of ``%struct`` (``struct`` without ``%``), or None if not defined.

    Raises ``DiagnosticError`` at the type's line when its body does not lex.
    """
    wanted = f"%{struct}" if _plain(struct) else f'%"{struct}"'
    for item in module.items_of((ItemKind.TYPE,)):
        text = item.text
        if not text.startswith(wanted):
            continue
        body = text[text.index("=") + 1 :].strip()
        body = body.removeprefix("type").strip()
        if body.startswith("<{"):
            body = body[1:-1]
        if not body.startswith("{"):
            return None
        start = text.index("{", len(wanted)) + 1
        end = text.rindex("}")
        try:
            return [text[s:e] for s, e in split_commas(text, start, end)]
        except LexError as error:
            raise item.error(
                f"cannot read the fields of '{wanted}': {error}", error.offset
            ) from None
    return None


def _plain(name: str) -> bool:
    return re.fullmatch(r"[-\w$.]+", name) is not None
