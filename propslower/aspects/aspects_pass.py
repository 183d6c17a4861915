"""The ``aspects`` pass: propagate, check, and write used-aspects metadata (CLI and pipeline).

Pipeline options (``propslower run -p 'aspects{exclude-aspects=fp64,fp16 werror=true}'``):
the fields of ``AspectsPass``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from propslower.aspects.aspect_metadata import module_table
from propslower.aspects.def_file import load_table
from propslower.aspects.propagation import PropagationResult, propagate, write_used_metadata
from propslower.aspects.suggest import did_you_mean
from propslower.aspects.table import AspectTable
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.metadata_order import reorder_like_llvm
from propslower.ir.module import Module
from propslower.passes import PassContext
from propslower.properties.profiles import Profile


def exclusion_values(text: str | None, table: AspectTable) -> tuple[set[int], list[Diagnostic]]:
    """The aspect values of ``--exclude-aspects a,b`` (names, or numbers), and any errors."""
    values, errors = aspect_list_values(text, table, "--exclude-aspects")
    return set(values), errors


def aspect_list_values(
    text: str | None, table: AspectTable, option: str
) -> tuple[list[int], list[Diagnostic]]:
    """The aspect values of a comma-separated option (names, or numbers), in the order given
    and with repeats (as DPC++ writes fixed targets), and an error per unknown name."""
    values: list[int] = []
    errors: list[Diagnostic] = []
    for word in (w.strip() for w in (text or "").split(",")):
        if not word:
            continue
        value = table.value_of(word)
        if value is None and word.lstrip("-").isdigit():
            value = int(word)
        if value is None:
            note = did_you_mean(word, table.spellings, "aspects")
            errors.append(Diagnostic.error(f"{option}: unknown aspect '{word}'", None, note))
        else:
            values.append(value)
    return values, errors


@dataclass
class AspectsRun:
    """What one propagation run produced."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    result: PropagationResult | None = None
    changed: int = 0
    usage_error: bool = False
    """The options were wrong (an unknown aspect to exclude): nothing was propagated."""


def run_aspects(
    module: Module,
    profile: Profile,
    *,
    base: AspectTable,
    exclude: str | None = None,
    werror: bool = False,
    fixed_targets: str | None = None,
) -> AspectsRun:
    """Propagate and check; write the metadata unless an error was reported."""
    table = module_table(module, base)
    values, errors = exclusion_values(exclude, table)
    targets, target_errors = aspect_list_values(fixed_targets, table, "--fixed-targets")
    errors += target_errors
    if errors:
        return AspectsRun(errors, usage_error=True)
    result = propagate(module, profile, table=base, exclude=values, fixed_targets=targets)
    diagnostics = [d.as_error() if werror else d for d in result.diagnostics]
    run = AspectsRun(diagnostics, result)
    if not any(d.is_error for d in diagnostics):
        run.changed = write_used_metadata(module, result, profile)
        if run.changed and profile.aspect_rules.metadata_in_print_order:
            reorder_like_llvm(module)
    return run


@dataclass(frozen=True)
class AspectsPass:
    """Propagate aspects over the call graph and write used-aspects metadata."""

    name: ClassVar[str] = "aspects"

    exclude_aspects: tuple[str, ...] = ()
    """Aspects (names or numbers) left out of the used lists."""
    fixed_targets: tuple[str, ...] = ()
    """The ``dpcpp`` profile's fixed-targets metadata of every entry point (default ``!{}``)."""
    aspects_def: str | None = None
    """An ``aspects.def``-style file to use instead of the built-in table."""
    werror: bool = False
    """Missing-aspect warnings are errors."""

    def apply(self, module: Module, context: PassContext) -> list[Diagnostic]:
        try:
            base = load_table(self.aspects_def)
        except DiagnosticError as error:
            return list(error.diagnostics)
        run = run_aspects(
            module,
            context.profile,
            base=base,
            exclude=",".join(self.exclude_aspects),
            werror=self.werror,
            fixed_targets=",".join(self.fixed_targets),
        )
        return run.diagnostics
