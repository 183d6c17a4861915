"""The ``lower`` pass: a spec's placements and clang's ``propslower:`` records onto a module."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from propslower.diagnostics import Diagnostic
from propslower.ir.module import Module
from propslower.lowering.lower import apply_placements
from propslower.lowering.members import EquivalentForms
from propslower.lowering.placements import Placement
from propslower.passes import PassContext


@dataclass(frozen=True)
class LowerPass:
    """Lowers the given placements, then (optionally) the clang annotation records."""

    name: ClassVar[str] = "lower"
    placements: Sequence[Placement] = ()
    from_annotations: bool = field(default=False)
    forms: EquivalentForms | None = None
    """What a later pass turns member annotations into (``annotate --spirv``)."""

    def apply(self, module: Module, context: PassContext) -> list[Diagnostic]:
        diagnostics = apply_placements(
            module, self.placements, context.profile, self.forms, plan=context.spare_core
        )
        if self.from_annotations and not any(d.is_error for d in diagnostics):
            from propslower.lowering.from_annotations import (  # noqa: PLC0415 - loads lark
                lower_annotations,
            )

            diagnostics.extend(lower_annotations(module, context.profile))
        return diagnostics
