"""propslower: SYCL compile-time properties and optional kernel features, to LLVM IR and SPIR-V.

The library API is ``propslower.api``, re-exported here (see docs/api.md); its names are
loaded on first use, so ``import propslower`` (and the command line) stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from propslower.api import (
        DESIGN,
        DPCPP,
        AspectAttribute,
        Diagnostic,
        DiagnosticError,
        FunctionItem,
        GlobalItem,
        KernelSizeAttribute,
        MetadataNode,
        Module,
        NamedMetadata,
        ParsedAttribute,
        Profile,
        Property,
        PropertyAttribute,
        PropertyFile,
        PropertyList,
        Severity,
        Site,
        Span,
        SplitResult,
        annotate,
        compile_with_properties,
        decode_prop,
        get_function,
        get_global_variable,
        get_metadata_node,
        get_named_metadata,
        map_to_spirv,
        parse_assembly,
        parse_assembly_file,
        parse_attribute,
        parse_properties,
        profile,
        propagate_aspects,
        render_diagnostics,
        split_module,
        verify_module,
    )

__version__ = "0.1.0"

__all__ = [
    "DESIGN",
    "DPCPP",
    "AspectAttribute",
    "Diagnostic",
    "DiagnosticError",
    "FunctionItem",
    "GlobalItem",
    "KernelSizeAttribute",
    "MetadataNode",
    "Module",
    "NamedMetadata",
    "ParsedAttribute",
    "Profile",
    "Property",
    "PropertyAttribute",
    "PropertyFile",
    "PropertyList",
    "Severity",
    "Site",
    "Span",
    "SplitResult",
    "__version__",
    "annotate",
    "compile_with_properties",
    "decode_prop",
    "get_function",
    "get_global_variable",
    "get_metadata_node",
    "get_named_metadata",
    "map_to_spirv",
    "parse_assembly",
    "parse_assembly_file",
    "parse_attribute",
    "parse_properties",
    "profile",
    "propagate_aspects",
    "render_diagnostics",
    "split_module",
    "verify_module",
]


def __getattr__(name: str) -> Any:
    """The public API's names, imported from ``propslower.api`` when first asked for."""
    if name in __all__:
        value = getattr(importlib.import_module("propslower.api"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'propslower' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
