"""Kernels found in C++ get the ``spir_kernel`` calling convention.

A stock clang also emits the host-side code that launches a kernel, as calls to the kernel
entry function. In device code a kernel has no callers (the LLVM verifier rejects calls to a
``spir_kernel`` function, and a SYCL device compiler never emits the launchers' calls), so
those void calls are removed when the kernel is marked.

A kernel whose name involves a function-local class gets internal linkage from clang, which
the SYCL runtime cannot look up and llvm-spirv-15 asserts on once the kernel carries
execution modes; clang's own SYCL device code keeps such kernels external
(``_ZTSZ4mainE11fake_kernel``), and so does marking them here.

A free-function kernel (``SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((nd_range_kernel<1>))``) is a
function whose property list names one of ``FREE_FUNCTION_KERNEL_PROPERTIES``; it is marked as
a kernel itself. (DPC++'s clang instead generates a wrapper kernel ``__sycl_kernel_<name>``
that takes the decomposed arguments and calls the function; see docs/dpcpp-headers.md.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from propslower.diagnostics import Diagnostic
from propslower.frontend.records import EntryPoint, PropertyRecord
from propslower.ir.header_edits import make_external_definition, make_kernel
from propslower.ir.module import Module
from propslower.lowering.placements import FunctionTarget, ParameterTarget, Placement
from propslower.properties.model import PropertyList, Site

FREE_FUNCTION_KERNEL_PROPERTIES = ("sycl-nd-range-kernel", "sycl-single-task-kernel")
"""Function properties that make the function a kernel (the free-function extension)."""


def is_free_function_kernel(properties: PropertyList) -> bool:
    """Whether a function's property list makes it a free-function kernel."""
    return any(properties.get(name) is not None for name in FREE_FUNCTION_KERNEL_PROPERTIES)


_CALLED = re.compile(r'(@(?:[-\w$.]+|"(?:[^"\\]|\\.)*"))\(')
_GLOBAL = re.compile(r'@(?:[-\w$.]+|"(?:[^"\\]|\\.)*")')
"""Every global name written in an instruction (a call's callee is one of them, verbatim)."""


def mark_kernels(module: Module, names: Iterable[str]) -> list[str]:
    """Give each named function definition ``spir_kernel``; returns the names changed."""
    changed: list[str] = []
    for name in names:
        function = module.function(name)
        if function is not None and function.is_definition and make_kernel(function):
            changed.append(name)
    if changed:
        _remove_launches(module, {f"@{name}" for name in changed})
    return changed


def _remove_launches(module: Module, callees: set[str]) -> None:
    for function in module.functions():
        if not function.is_definition or callees.isdisjoint(_CALLED.findall(function.text)):
            continue
        for instruction in function.instructions():
            if callees.isdisjoint(_GLOBAL.findall(instruction.text)):
                continue  # calls none of them: no need to parse it
            call = instruction.call()
            if call is not None and call.callee in callees and instruction.result is None:
                function.remove_instruction(instruction)


_CANNOT_PLACE = (
    "the properties of kernel entry point '{name}' cannot be placed: clang emitted neither the "
    "function nor its kernel '@{kernel}'"
)
_NO_NAME = (
    "the properties of kernel entry point '{name}' cannot be placed: propslower cannot write "
    "the mangled name of its kernel-name type (a template specialisation, a lambda or a name "
    "in std); name the kernel with a class declared at namespace scope"
)


@dataclass(frozen=True)
class EntryPointPlan:
    """Where each entry point's kernel is: properties to move (clang 22), wrappers to rename
    (older clangs: the wrapper becomes the kernel clang 22 would generate), errors."""

    placements: list[Placement]
    renames: dict[str, str]
    errors: list[Diagnostic]


def plan_entry_points(
    module: Module, entry_points: Iterable[EntryPoint], records: Iterable[PropertyRecord]
) -> EntryPointPlan:
    """What to do with each ``sycl_kernel_entry_point`` function's properties and kernel."""
    records = list(records)
    functions = {r.ir_name: r for r in records if r.site is Site.FUNCTION}
    plan = EntryPointPlan([], {}, [])
    for entry in entry_points:
        record = functions.get(entry.ir_name)
        wrapper = module.function(entry.ir_name)
        kernel = module.function(entry.kernel) if entry.kernel else None
        if kernel is not None and kernel.is_definition and entry.kernel is not None:
            if wrapper is None or not wrapper.is_definition:
                plan.placements.extend(_moved(records, entry.ir_name, entry.kernel))
        elif wrapper is not None and wrapper.is_definition:
            if entry.kernel is not None and entry.declared:
                plan.renames[entry.ir_name] = entry.kernel
        elif record is not None:
            message = _NO_NAME if entry.kernel is None else _CANNOT_PLACE
            text = message.format(name=entry.ir_name, kernel=entry.kernel)
            plan.errors.append(Diagnostic.error(text, record.span or entry.span))
    return plan


def _moved(records: list[PropertyRecord], wrapper: str, kernel: str) -> list[Placement]:
    """The wrapper's function and parameter properties, onto the kernel clang 22 generated
    (it takes the entry point's parameters, in order)."""
    placements: list[Placement] = []
    for record in records:
        if record.ir_name != wrapper:
            continue
        if record.site is Site.FUNCTION:
            placements.append(Placement(FunctionTarget(kernel), record.properties, record.span))
        elif record.site is Site.KERNEL_PARAMETER and record.param_index is not None:
            target = ParameterTarget(kernel, record.param_index)
            placements.append(Placement(target, record.properties, record.span))
    return placements


def make_external(module: Module, names: Iterable[str]) -> None:
    """External linkage, no comdat and no function alignment for each renamed wrapper (as
    clang 22's kernels)."""
    for name in names:
        function = module.function(name)
        if function is not None:
            make_external_definition(function)


_NAME = re.compile(r"@([-\w$.]+)")
"""An unquoted global name (a mangled name is one)."""


def rename_symbols(text: str, renames: dict[str, str]) -> str:
    """``text`` with every ``@old`` written ``@new`` (done on the finished module's text), in
    one pass over it: a pass per name was quadratic (750 kernels: 2.2 s of a 4.6 s ``cc``)."""
    if not renames:
        return text
    return _NAME.sub(lambda m: "@" + renames.get(m.group(1), m.group(1)), text)
