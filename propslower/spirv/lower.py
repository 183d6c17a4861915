"""The ``spirv`` pass: sycl-* properties in IR → SPIR-V metadata the translator reads.

Kernels (``spir_kernel`` definitions), kernel parameters, global variables and
``sycl-properties`` member annotations are lowered by the rules of the mapping table
(``table.yaml``) for the context's profile. Lists are appended to, never duplicated, so a
second run over the output changes nothing. Unknown ``sycl-*`` properties stay as IR
attributes; a value the table cannot encode is an error diagnostic naming the entity.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from propslower.diagnostics import Diagnostic
from propslower.ir.module import Module
from propslower.passes import PassContext
from propslower.spirv.context import SpirvRun
from propslower.spirv.kernels import KernelLowering
from propslower.spirv.members import MemberLowering
from propslower.spirv.report import Finding
from propslower.spirv.table import load_table
from propslower.spirv.variables import GlobalLowering

MEMBER_MODES = ("string", "metadata")


@dataclass(frozen=True)
class SpirvResult:
    """What one ``spirv`` run reported, and what each property it saw became."""

    diagnostics: list[Diagnostic]
    findings: list[Finding] = field(default_factory=list)
    """Every property seen and what it became (``--explain``, ``-v``), when recorded."""


@dataclass(frozen=True)
class SpirvPass:
    """Lower sycl-* properties into SPIR-V forms; options are the command's flags."""

    name: ClassVar[str] = "spirv"

    maps: tuple[str, ...] = ()
    """``--map`` files merged over the built-in table, in order."""
    member_decorations: str = "string"
    """``string`` (rewrite the annotation) or ``metadata`` (``!spirv.Decorations`` on it)."""
    record: bool = True
    """Keep the findings; turning it off saves time on very large modules."""

    def apply(self, module: Module, context: PassContext) -> list[Diagnostic]:
        return self.lower(module, context).diagnostics

    def lower(self, module: Module, context: PassContext) -> SpirvResult:
        """``apply``, with the findings."""
        if self.member_decorations not in MEMBER_MODES:
            choices = ", ".join(MEMBER_MODES)
            return SpirvResult(
                [Diagnostic.error(f"--member-decorations must be one of: {choices}")]
            )
        run = SpirvRun(
            module,
            load_table(self.maps),
            context.profile,
            member_metadata=self.member_decorations == "metadata",
            record=self.record,
        )
        GlobalLowering(run).lower_all()
        KernelLowering(run).lower_all()
        MemberLowering(run).lower_all()
        run.lists.finish()
        return SpirvResult(run.diagnostics, list(run.findings))
