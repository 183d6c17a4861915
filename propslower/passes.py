"""Passes over an IR module and the registry that composes them (``propslower run -p a,b``).

A pass is a small frozen dataclass with a kebab-case ``name``, typed option fields (set from
the pipeline text, ``pipeline.py``) and one method, ``apply(module, context)``, that edits the
module and returns diagnostics. The registry maps names to classes imported lazily, so
``propslower run`` loads only what it runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from propslower.diagnostics import Diagnostic
from propslower.ir.module import Module
from propslower.pipeline import PassSpec, configured
from propslower.properties.profiles import DESIGN, Profile


@dataclass(frozen=True)
class PassContext:
    """What every pass may consult: the profile given on the command line, and whether the
    pass may put a second core to work in a forked child (a command says so when nothing
    else of its own runs there; a library caller's process is left as it is)."""

    profile: Profile = DESIGN
    spare_core: bool = False


class Pass(Protocol):
    """One transformation of a module."""

    name: ClassVar[str]

    def apply(self, module: Module, context: PassContext) -> list[Diagnostic]: ...


PASSES: dict[str, tuple[str, dict[str, Any]]] = {
    "lower": ("propslower.lowering.lower_pass:LowerPass", {"from_annotations": True}),
    "spirv": ("propslower.spirv.lower:SpirvPass", {}),
    "aspects": ("propslower.aspects.aspects_pass:AspectsPass", {}),
}
"""Pass name → its class (``module:Class``, imported only when run) and the field values it
starts from (``lower`` in a pipeline reads the module's own ``propslower:`` records)."""


def pass_class(name: str) -> type:
    """The class registered as ``name``; ``KeyError`` when there is none."""
    module_name, _, attribute = PASSES[name][0].partition(":")
    found: type = getattr(importlib.import_module(module_name), attribute)
    return found


def create(name: str, options: dict[str, str] | None = None) -> Pass:
    """The pass registered as ``name``, its options (pipeline text) set; ``KeyError`` when
    there is none, ``DiagnosticError`` for a wrong option."""
    created: Pass = configured(pass_class(name), name, options or {}, PASSES[name][1])
    return created


def run_pipeline(
    module: Module, passes: Sequence[str | PassSpec | Pass], context: PassContext
) -> list[Diagnostic]:
    """Apply the passes (by name, as written in a pipeline, or made) in order, stopping after
    the first that reports an error."""
    diagnostics: list[Diagnostic] = []
    for spec in passes:
        if isinstance(spec, str):
            created = create(spec)
        elif isinstance(spec, PassSpec):
            created = create(spec.name, spec.options)
        else:
            created = spec
        found = created.apply(module, context)
        diagnostics.extend(found)
        if any(d.is_error for d in found):
            break
    return diagnostics
