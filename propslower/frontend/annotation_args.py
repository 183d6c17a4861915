"""Function annotations' args structs rewritten with libclang's typed values.

clang records ``[[clang::annotate("propslower:function", names..., values...)]]`` in
``@llvm.global.annotations`` with an args struct of IR constants, which loses what the C++
said: an ``unsigned`` ``4294967295u`` is ``i32 -1``, a ``char`` is an ``i8``, and a string the
headers build at compile time (``"sycl-work-group-size"``'s ``SizeListToStr<8, 4, 2>::value``)
is a pointer to a ``static constexpr char[]`` clang only declares. libclang reads the same
attribute with its C++ types (``convert.py``), so each function entry whose function libclang
has a record for gets an args struct of strings written from that record (names first, then
values; ``null`` for no value), which ``lowering/from_annotations.py`` reads as it reads any
args struct: the IR then says what DPC++'s clang writes (``"sycl-work-group-size"="8,4,2"``,
``"4294967295"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from propslower.frontend.prelude import marker
from propslower.frontend.records import PropertyRecord
from propslower.ir.constants import ConstantError, parse_value
from propslower.ir.globals import GlobalItem
from propslower.ir.lex import LexError, split_commas
from propslower.ir.module import Module
from propslower.ir.unused import remove_unused_globals
from propslower.lowering.annotation_calls import AnnotationShape, AnnotationStrings, string_value
from propslower.properties.model import Site

_GLOBAL_ANNOTATIONS = "llvm.global.annotations"
_SECTION = "llvm.metadata"
_NAMED = re.compile(r'@((?:[-\w$.]+)|"[^"]*")')


def retype_function_annotations(module: Module, records: Iterable[PropertyRecord]) -> None:
    """Point each ``propslower:function`` entry at an args struct written from libclang's
    record of the same function (entries without one keep clang's)."""
    functions = {r.ir_name: r for r in records if r.site is Site.FUNCTION}
    annotations = module.global_variable(_GLOBAL_ANNOTATIONS)
    if not functions or annotations is None or annotations.parts.initializer is None:
        return
    initializer = annotations.parts.initializer
    try:
        entries = parse_value(annotations.parts.type_text, initializer)
        pieces = split_commas(initializer, initializer.index("[") + 1, initializer.rindex("]"))
    except (ConstantError, LexError, ValueError):
        return  # lower_annotations reports what it cannot read
    if len(pieces) != len(entries.elements):
        return
    wanted = marker(Site.FUNCTION)
    strings: AnnotationStrings | None = None
    edits: list[tuple[int, int, str]] = []
    replaced: set[str] = set()
    for (start, end), entry in zip(pieces, entries.elements, strict=True):
        elements = entry.elements
        if len(elements) < 5:
            continue
        record = functions.get(elements[0].strip_casts().name)
        site = module.global_variable(elements[1].strip_casts().name)
        if record is None or site is None or string_value(site) != wanted.encode():
            continue
        args = elements[4].strip_casts().name
        if not args or _clang_pairs(module, args) == record.properties.ir_pairs():
            continue  # clang's struct already says it: the module stays as clang wrote it
        if strings is None:
            strings = AnnotationStrings(module, _shape(module, elements[1].type_text))
        replacement = _args_struct(module, strings, record)
        text = initializer[start:end]
        edited = re.sub(rf"@{re.escape(args)}(?![-\w$.])", f"@{replacement}", text)
        edits.append((start, end, edited))
        replaced.add(args)
    if not edits:
        return
    for start, end, text in reversed(edits):
        initializer = initializer[:start] + text + initializer[end:]
    item = GlobalItem(annotations.text, key=f"@{_GLOBAL_ANNOTATIONS}")
    item.set_initializer(initializer)
    module.remove(annotations)
    module.insert(item)
    remove_unused_globals(module, _with_operands(module, replaced))


def _clang_pairs(module: Module, name: str) -> tuple[tuple[str, str | None], ...] | None:
    """The (name, value) pairs clang's args struct reads as, or ``None`` when some element
    is not a string, an integer or null (a pointer to a declared array, say)."""
    variable = module.global_variable(name)
    if variable is None or variable.parts.initializer is None:
        return None
    try:
        fields = parse_value(variable.parts.type_text, variable.parts.initializer).elements
    except (ConstantError, LexError):
        return None
    texts: list[str | None] = []
    for element in fields:
        if element.kind == "int":
            texts.append(("true" if element.value else "false") if element.type_text == "i1"
                         else str(element.value))  # fmt: skip
            continue
        if element.kind == "special" and element.text == "null":
            texts.append(None)
            continue
        target = module.global_variable(element.strip_casts().name or "")
        data = string_value(target) if target is not None else None
        if data is None:
            return None
        texts.append(data.decode("utf-8", errors="surrogateescape"))
    half = len(texts) // 2
    names = texts[:half]
    if len(texts) % 2 or any(n is None for n in names):
        return None
    return tuple((str(n), v) for n, v in zip(names, texts[half:], strict=True))


def _with_operands(module: Module, names: set[str]) -> set[str]:
    """``names`` and the globals their initializers name (clang's strings, once unused, go)."""
    found = set(names)
    for name in names:
        variable = module.global_variable(name)
        if variable is not None:
            found.update(m.strip('"') for m in _NAMED.findall(variable.parts.initializer or ""))
    return found


def _shape(module: Module, pointer_type: str) -> AnnotationShape:
    """The shape of the module's annotation strings (the marker string's pointer type)."""
    match = re.search(r"addrspace\((\d+)\)", pointer_type)
    return AnnotationShape(module.opaque_pointers, int(match.group(1)) if match else 0)


def _args_struct(module: Module, strings: AnnotationStrings, record: PropertyRecord) -> str:
    """A new ``{ names..., values... }`` args struct for ``record``; its bare name."""
    shape = strings.shape
    pairs = record.properties.ir_pairs()
    texts = [name for name, _ in pairs] + [value for _, value in pairs]
    elements = [
        shape.string_operand(strings.string(text)) if text is not None else shape.null()
        for text in texts
    ]
    types = ", ".join(shape.string_pointer for _ in elements)
    space = shape.string_space
    space_text = f"addrspace({space}) " if space else ""
    name = module.symbols.fresh_global_name(".args.propslower")
    module.insert(
        GlobalItem(
            f"@{name} = private unnamed_addr {space_text}constant {{ {types} }} "
            f'{{ {", ".join(elements)} }}, section "{_SECTION}"\n',
            key=f"@{name}",
        )
    )
    return name
