"""Passes over an IR module and the registry that composes them (``propslower run -p a,b``).

A pass is a small frozen dataclass with a kebab-case ``name`` and one method,
``apply(module, context)``, that edits the module and returns diagnostics. The registry maps
names to factories imported lazily, so ``propslower run`` loads only what it runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from propslower.diagnostics import Diagnostic
from propslower.ir.module import Module
from propslower.properties.profiles import DESIGN, Profile


@dataclass(frozen=True)
class PassContext:
    """What every pass may consult: the profile and options given on the command line."""

    profile: Profile = DESIGN
    options: dict[str, str] = field(default_factory=dict)


class Pass(Protocol):
    """One transformation of a module."""

    name: ClassVar[str]

    def apply(self, module: Module, context: PassContext) -> list[Diagnostic]: ...


PASSES: dict[str, str] = {
    "lower": "propslower.lowering.lower_pass:annotations_pass",
    "spirv": "propslower.spirv.lower:SpirvPass",
    "aspects": "propslower.aspects.aspects_pass:AspectsPass",
}
"""Pass name → ``module:factory`` of a callable returning the pass, imported only when run."""


def create(name: str) -> Pass:
    """The pass registered as ``name``; ``KeyError`` when there is none."""
    module_name, _, attribute = PASSES[name].partition(":")
    factory: Callable[[], Pass] = getattr(importlib.import_module(module_name), attribute)
    return factory()


def run_pipeline(module: Module, names: Sequence[str], context: PassContext) -> list[Diagnostic]:
    """Apply the named passes in order, stopping after the first that reports an error."""
    diagnostics: list[Diagnostic] = []
    for name in names:
        found = create(name).apply(module, context)
        diagnostics.extend(found)
        if any(d.is_error for d in found):
            break
    return diagnostics
