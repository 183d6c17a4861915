"""A kernel's ``!reqd_work_group_size`` in the shape llvm-spirv-15 reads.

llvm-spirv-15 turns ``!reqd_work_group_size`` into the ``LocalSize`` execution mode. It reads
exactly three operands, in SPIR-V order (the first dimension moves fastest), and asserts with
fewer. ``[[sycl::reqd_work_group_size()]]`` lists one to three values with the fastest last,
and the ``design`` profile keeps them so in the metadata (``propslower cc`` writes them that
way). There the values are reversed and padded with 1, as the
``sycl-work-group-size`` rule does, and become a ``LocalSize`` entry of
``!spirv.ExecutionMode``; the attachment goes, so the translator has one source for the size.
In a profile whose metadata is in SPIR-V order already (``dpcpp``, as DPC++'s clang and
``propslower cc --profile dpcpp`` write it) a shorter list is padded with 1, in place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from propslower.diagnostics import Diagnostic
from propslower.ir.function_attachments import remove_function_attachment, set_function_attachment
from propslower.ir.functions import FunctionItem
from propslower.properties.attribute import WORK_GROUP_SIZE_METADATA as KIND
from propslower.properties.attribute import spirv_order
from propslower.spirv.context import SpirvRun, span_of

LOCAL_SIZE = 17
"""SPIR-V's ``LocalSize`` execution mode."""
_INTEGER = re.compile(r"i\d+ (\d+)")


def size_of(operands: Sequence[str] | None) -> tuple[tuple[int, ...], str] | None:
    """The dimensions of a ``!{i32 8, i32 4}`` node and their integer type, if well formed."""
    if not operands or len(operands) > 3:
        return None
    dims: list[int] = []
    for operand in operands:
        match = _INTEGER.fullmatch(operand.strip())
        if match is None or int(match.group(1)) == 0:
            return None
        dims.append(int(match.group(1)))
    return tuple(dims), operands[0].split()[0]


def lower_required_size(
    run: SpirvRun,
    function: FunctionItem,
    reference: str,
    local_size: tuple[Sequence[str], str | None] | None,
) -> tuple[str, ...] | None:
    """Rewrite the kernel's ``!reqd_work_group_size`` for the translator; the operands of the
    ``LocalSize`` execution mode it became (after the function), if it did.

    ``local_size`` holds the ``LocalSize`` operands a ``sycl-work-group-size`` property of the
    kernel gave, with the property's value, if any: a different size from the attribute's is
    an error.
    """
    entity = function.key or "@?"
    ref = run.lists.attachment(function, f"!{KIND}")
    found = size_of(run.lists.operands(ref))
    if found is None:
        return None
    dims, int_type = found
    shown = ",".join(map(str, dims))
    if run.profile.work_group_size_in_spirv_order:
        if len(dims) < 3:
            padded = [f"{int_type} {d}" for d in (*dims, *(1,) * (3 - len(dims)))]
            set_function_attachment(function, KIND, run.lists.node(padded))
            run.note(entity, f"!{KIND}", shown, f"!{KIND} !{{{', '.join(padded)}}}")
        return None
    operands = [f"i32 {LOCAL_SIZE}", *(f"i32 {d}" for d in spirv_order(dims))]
    if local_size is not None and list(local_size[0]) != operands:
        run.diagnostics.append(
            Diagnostic.error(
                f"kernel '{entity}' requires work-group size {shown} by its attribute and "
                f"{local_size[1]} by its sycl-work-group-size property",
                span_of(function),
            )
        )
        return None
    joined = ", ".join(operands)
    run.lists.add_execution_mode([reference, *operands], f"{function.key}, {joined}", 0)
    remove_function_attachment(function, KIND)
    run.note(entity, f"!{KIND}", shown, f"!spirv.ExecutionMode !{{{reference}, {joined}}}")
    return tuple(operands)
