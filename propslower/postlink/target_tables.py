"""Per-target file tables: the split images a target can compile, and why the others cannot."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from propslower.aspects.suggest import did_you_mean
from propslower.aspects.table import AspectTable
from propslower.diagnostics import COMMAND_LINE, Diagnostic, DiagnosticError, Span
from propslower.postlink.compat import check_compatibility
from propslower.postlink.device_config import DeviceConfig, TargetInfo
from propslower.postlink.image_props import ImageRequirements

AUTO_COMPILERS: tuple[tuple[str, str], ...] = (
    ("intel_gpu_", "ocloc -device {suffix}"),
    ("spir64_gen", "ocloc"),
    ("spir64_x86_64", "opencl-aot"),
    ("x86_64", "opencl-aot"),
    ("spir64_fpga", "aoc"),
)
"""Target-name prefix → AOT compiler command, when the configuration names none, as DPC++'s
driver does (``intel_gpu_<device>`` means ``ocloc -device <device>``; docs/design/aspects.md)."""


@dataclass(frozen=True, slots=True)
class SplitImage:
    """A written image as the tables see it: its name, entry points and requirements."""

    name: str
    """``<stem>_<n>``: the files are ``<name>.ll``, ``<name>.prop`` and ``<name>.sym``."""
    entry_points: tuple[str, ...]
    requirements: ImageRequirements

    @property
    def code(self) -> str:
        return f"{self.name}.ll"

    @property
    def props(self) -> str:
        return f"{self.name}.prop"

    @property
    def symbols(self) -> str:
        return f"{self.name}.sym"


@dataclass
class TargetTable:
    """The rows one target gets, the AOT compiler it would use, and notes on left-out images."""

    target: str
    compiler: str
    rows: list[SplitImage] = field(default_factory=list)
    notes: list[Diagnostic] = field(default_factory=list)


def aot_compiler(target: TargetInfo) -> str:
    """The AOT compiler recorded for ``target`` (configuration first, then the name rules)."""
    if target.aot_toolchain:
        return f"{target.aot_toolchain} {target.aot_toolchain_options}".strip()
    if target.aot_compiler_id:
        return target.aot_compiler_id
    for prefix, command in AUTO_COMPILERS:
        if target.name.startswith(prefix):
            return command.format(suffix=target.name[len(prefix) :])
    return "none (JIT only)"


def parse_targets(text: str, config: DeviceConfig, option: str = "--targets") -> list[TargetInfo]:
    """The targets of a comma-separated list; unknown or empty names are positioned errors
    (an unknown one with the closest known name, or the list of them).

    Spans point into the line ``f"{option} {text}"`` of ``<command line>``.
    """
    found: list[TargetInfo] = []
    errors: list[Diagnostic] = []
    column = len(option) + 2
    for name in text.split(","):
        stripped = name.strip()
        start = column + (len(name) - len(name.lstrip()))
        target = config.lookup(stripped) if stripped else None
        if target is None:
            span = Span(COMMAND_LINE, 1, start, 1, start + max(len(stripped), 1) - 1)
            if stripped:
                note = did_you_mean(stripped, [t.name for t in config], "targets")
                message = f"unknown target '{stripped}' in {option}"
                errors.append(Diagnostic.error(message, span, note))
            else:
                errors.append(Diagnostic.error(f"empty target name in {option}", span))
        else:
            found.append(target)
        column += len(name) + 1
    if errors:
        raise DiagnosticError(errors)
    return found


def target_table(
    images: Sequence[SplitImage], target: TargetInfo, table: AspectTable
) -> TargetTable:
    """The images ``target`` can compile (aspects and required sub-group size supported)."""
    result = TargetTable(target.name, aot_compiler(target))
    for image in images:
        reasons = check_compatibility(image.requirements.requirements, target, table)
        if not reasons:
            result.rows.append(image)
            continue
        entries = ", ".join(image.entry_points)
        message = f"image '{image.code}' ({entries}) left out of target '{target.name}': "
        result.notes.append(Diagnostic.note(message + "; ".join(reasons)))
    kept = len(result.rows)
    summary = (
        f"target '{target.name}': {kept} of {len(images)} images; "
        f"AOT compiler: {result.compiler} (not invoked)"
    )
    result.notes.insert(0, Diagnostic.note(summary))
    return result
