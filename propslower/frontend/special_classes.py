"""Kernel-parameter properties stock clang leaves nowhere to put: those of special classes.

DPC++'s clang passes a ``sycl_special_class`` captured by a kernel (an accessor, an
``annotated_ptr``) as the parameters of the class's ``__init`` method, and the
``add_ir_attributes_kernel_parameter`` properties on the class or on those parameters go on
the kernel parameters it makes. No stock clang decomposes a kernel object: clang 22's kernel
takes it whole, and ``cc`` does the same with older clangs, so there is no IR parameter to
carry them. This module finds such properties inside a kernel's parameters, so ``cc -v``
can say which were not placed and why (docs/dpcpp-headers.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from clang.cindex import CursorKind, TypeKind

from propslower.diagnostics import Diagnostic
from propslower.frontend.cindex import Cursor
from propslower.frontend.cursors import ChildLister, specialized_template
from propslower.frontend.spans import span_of
from propslower.properties.model import Site

_DEPTH = 4
"""How deep into nested fields special classes are looked for (DPC++ decomposes any depth;
a kernel object's captures are rarely deeper than this)."""

_REFERENCES = (TypeKind.LVALUEREFERENCE, TypeKind.RVALUEREFERENCE)
"""A kernel takes its object by reference where clang 22 and ``cc`` make the entry point."""

HasMarker = Callable[[Cursor, Site], bool]


def special_classes_in(
    type_: Any, children: ChildLister, has_marker: HasMarker
) -> Iterator[Cursor]:
    """The special classes with kernel-parameter properties among the fields of ``type_``
    (a kernel's parameter type) and their fields, each once."""
    seen: set[str] = set()
    pending: list[tuple[Any, int]] = [(type_, 0)]
    while pending:
        current, depth = pending.pop()
        canonical = current.get_canonical()
        if canonical.kind in _REFERENCES:
            canonical = canonical.get_pointee().get_canonical()
        if canonical.kind is not TypeKind.RECORD or depth > _DEPTH:
            continue
        declaration = canonical.get_declaration()
        usr = declaration.get_usr()
        if usr in seen:
            continue
        seen.add(usr)
        if depth > 0 and _is_marked_special(declaration, children, has_marker):
            yield declaration
            continue
        pending.extend((field.type, depth + 1) for field in canonical.get_fields())


def _is_marked_special(declaration: Cursor, children: ChildLister, has_marker: HasMarker) -> bool:
    """A class with an ``__init`` method whose parameters, or the class itself, carry
    kernel-parameter properties (read from the template: libclang shows an implicit
    instantiation's attributes but not its members)."""
    pattern = specialized_template(declaration)
    written = declaration if pattern is None else pattern
    inits = [c for c in children(written) if _is_init(c)]
    if not inits:
        return False
    classes = (declaration, written)
    return any(has_marker(c, Site.KERNEL_PARAMETER) for c in classes) or any(
        has_marker(parameter, Site.KERNEL_PARAMETER)
        for init in inits
        for parameter in init.get_arguments()
    )


def _is_init(cursor: Cursor) -> bool:
    return cursor.kind is CursorKind.CXX_METHOD and cursor.spelling == "__init"


def unplaced_note(special: Cursor) -> Diagnostic:
    """The ``-v`` note for one special class a kernel captures."""
    name = special.type.get_canonical().spelling
    return Diagnostic.note(
        f"the kernel-parameter properties of '{name}' are not placed on the kernels that "
        "capture it: DPC++'s clang passes a special class as the parameters of its __init, "
        "stock clang passes the kernel object whole (docs/dpcpp-headers.md)",
        span_of(special),
    )
