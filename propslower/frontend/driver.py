"""``propslower cc``: the user's clang with the prelude, libclang on the same source, lowering."""

from __future__ import annotations

import functools
import subprocess
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from propslower.aspects.def_file import default_table, load_table
from propslower.aspects.table import AspectTable
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.frontend.annotation_args import retype_function_annotations
from propslower.frontend.attribute_warnings import QUIET_COMPILE, as_errors, silenced
from propslower.frontend.clang_repairs import repair_clang_ir, repair_note
from propslower.frontend.command_line import ClangCommand
from propslower.frontend.feature_check import missing_aspect_warnings
from propslower.frontend.feature_metadata import write_feature_metadata
from propslower.frontend.feature_model import TableLoader
from propslower.frontend.filter_lists import filter_rewrites
from propslower.frontend.kernels import (
    make_external,
    mark_kernels,
    plan_entry_points,
    rename_symbols,
)
from propslower.frontend.pointer_annotations import lower_pointer_annotations
from propslower.frontend.prelude import macro_definitions
from propslower.frontend.reader import read
from propslower.frontend.records import ReadResult
from propslower.frontend.sycl_compat import (
    announcement,
    aspects_def,
    compat_layer,
    real_headers,
)
from propslower.frontend.unique_ids import translation_unit_prefix, with_unique_ids
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from propslower.lowering.from_annotations import lower_annotations
from propslower.lowering.lower import apply_placements
from propslower.lowering.placements import GlobalTarget, ParameterTarget, Placement
from propslower.passes import PassContext, run_pipeline
from propslower.properties.model import Site
from propslower.properties.profiles import Profile
from propslower.textio import read_source, write_atomically


@dataclass(frozen=True)
class CompileOptions:
    """What ``cc`` does beyond running clang."""

    profile: Profile
    spirv: bool = False
    keep_calling_conventions: bool = False
    verifier: str = "auto"
    """``--verifier``: see ``ir.verify.VERIFIERS`` (``none`` skips the check)."""
    table: TableLoader = default_table
    """The aspect table (``--aspects-def``), loaded only when a translation unit needs it."""
    werror_aspects: bool = False
    """``-Werror=aspects``: the compile-time missing-aspect warnings become errors."""
    sycl_compat: bool | None = None
    """The stock-clang layer for the real DPC++ headers: on, off, or ``None`` (when found)."""
    verbose: bool = False
    """``-v``: notes on what ``cc`` did besides lowering (the compatibility layer)."""
    unique_prefix: str | None = None
    """DPC++'s ``-fsycl-unique-prefix`` for internal device globals (``None``: derived from
    the source path, ``unique_ids.translation_unit_prefix``)."""


@dataclass(frozen=True)
class CompileResult:
    """The clang status (non-zero: nothing else happened) and propslower's diagnostics."""

    status: int
    diagnostics: tuple[Diagnostic, ...] = ()


def placements_of(result: ReadResult, module: Module) -> list[Placement]:
    """Class-level sites only libclang sees: globals and kernel parameters.

    A decorated global that clang did not emit (an unused internal ``constexpr`` one) has
    nothing to decorate and is skipped, as functions that were never emitted are (a kernel
    entry point's parameters move to clang 22's kernel: ``kernels.plan_entry_points``).
    """
    placements: list[Placement] = []
    for record in result.of_site(Site.GLOBAL_VARIABLE):
        if module.global_variable(record.ir_name) is None:
            continue
        placements.append(Placement(GlobalTarget(record.ir_name), record.properties, record.span))
    for record in result.of_site(Site.KERNEL_PARAMETER):
        if record.param_index is not None and module.function(record.ir_name) is not None:
            target = ParameterTarget(record.ir_name, record.param_index)
            placements.append(Placement(target, record.properties, record.span))
    return placements


def lower_translation_unit(
    module: Module,
    result: ReadResult,
    options: CompileOptions,
    renames: dict[str, str] | None = None,
) -> list[Diagnostic]:
    """Everything the C++ said, onto clang's IR for it. ``renames`` receives the functions to
    rename in the output text (an entry point's wrapper → the kernel clang 22 would name)."""
    renames = {} if renames is None else renames
    plan = plan_entry_points(module, result.entry_points, result.records)
    placements = [*placements_of(result, module), *plan.placements]
    diagnostics = [*plan.errors, *apply_placements(module, placements, options.profile)]
    retype_function_annotations(module, result.records)
    diagnostics.extend(lower_annotations(module, options.profile))
    signatures = dict(result.pointer_annotations)
    diagnostics.extend(lower_pointer_annotations(module, signatures, options.profile))
    if any(d.is_error for d in diagnostics):
        return diagnostics
    if not options.keep_calling_conventions:
        mark_kernels(module, [kernel.ir_name for kernel in result.kernels])
        make_external(module, plan.renames)
        renames.update(plan.renames)
    write_feature_metadata(module, result.features, options.profile, options.table)
    if options.spirv:
        diagnostics.extend(run_pipeline(module, ["spirv"], PassContext(options.profile)))
    return diagnostics


def compile_with_properties(command: ClangCommand, options: CompileOptions) -> CompileResult:
    """Run clang, lower, verify and write ``command.output``; never through a shell."""
    with tempfile.TemporaryDirectory(prefix="propslower-cc-") as temporary:
        clang_output = Path(temporary) / "clang.ll"
        compat = _compat(command, options, Path(temporary))
        options = compat.options
        filters = filter_rewrites(command.source, command.arguments)
        extra = [*macro_definitions(), *compat.clang, *filters.clang_arguments(Path(temporary))]
        clang = command.with_output(str(clang_output), text=True, extra=extra)
        clang.append(QUIET_COMPILE)  # the read reports the unknown attributes it does not read
        compiling = _start(clang)  # runs beside libclang: two cores, one wall time
        try:
            result = read(
                command.source,
                [*command.libclang_arguments(), *compat.libclang],
                filters.unsaved(command.source),
                features=options.table,
            )
        except DiagnosticError:
            if compiling.wait() != 0:
                return CompileResult(compiling.returncode)
            raise
        except BaseException:
            compiling.kill()
            compiling.wait()
            raise
        status = compiling.wait()
        if status != 0:
            return CompileResult(status)
        prefix = options.unique_prefix or translation_unit_prefix(command.source)
        result = with_unique_globals(result, prefix)
        warnings = [] if silenced(command.arguments) else list(result.warnings)
        if as_errors(command.arguments):
            warnings = [warning.as_error() for warning in warnings]
        warnings = [*compat.notes, *warnings, *feature_warnings(result, options)]
        if any(d.is_error for d in warnings):
            return CompileResult(1, tuple(warnings))
        repaired = repair_clang_ir(_clang_ir(command, clang_output))
        note = repair_note(repaired, command.compiler)
        if note is not None and options.verbose:
            warnings.append(Diagnostic.note(note))
        if options.verbose:
            warnings.extend(result.unplaced)
        module = Module.parse(repaired.text, command.output)
        renames: dict[str, str] = {}
        diagnostics = [*warnings, *lower_translation_unit(module, result, options, renames)]
        if any(d.is_error for d in diagnostics):
            return CompileResult(1, tuple(diagnostics))
        text = rename_symbols(module.render(), renames)
        problems = verify_text(text, command.output, options.verifier)
        if problems:
            return CompileResult(1, (*diagnostics, *problems))
        _write(command, text, Path(temporary))
        return CompileResult(0, tuple(diagnostics))


def with_unique_globals(result: ReadResult, prefix: str) -> ReadResult:
    """``result`` with ``"sycl-unique-id"`` in the records of its device globals (``prefix``:
    the translation unit's, for internal ones)."""
    if not result.unique_globals:
        return result
    records = with_unique_ids(result.records, result.unique_globals, prefix)
    return replace(result, records=records, unique_globals=())


@dataclass(frozen=True)
class _Compat:
    """What the compatibility layer adds to one compile (nothing when it is off)."""

    options: CompileOptions
    clang: list[str] = field(default_factory=list)
    libclang: list[str] = field(default_factory=list)
    notes: list[Diagnostic] = field(default_factory=list)


@functools.cache
def _headers_table(path: str) -> AspectTable:
    """The real headers' ``aspects.def``, read once."""
    return load_table(path)


def _compat(command: ClangCommand, options: CompileOptions, temporary: Path) -> _Compat:
    """The layer's flags for clang and libclang, the headers' own aspect table (unless
    ``--aspects-def`` gave one) and the ``-v`` note."""
    include = real_headers(command.arguments, command.source)
    wanted = options.sycl_compat if options.sycl_compat is not None else include is not None
    if not wanted:
        return _Compat(options)
    table = aspects_def(include) if include is not None else None
    if table is not None and options.table is default_table:
        options = replace(options, table=functools.partial(_headers_table, str(table)))
    layer = compat_layer(command.compiler, temporary)
    layer.write()
    return _Compat(
        options,
        layer.clang_arguments(command.arguments, cc1=command.is_cc1),
        layer.libclang_arguments(command.arguments),
        [Diagnostic.note(announcement())] if options.verbose else [],
    )


def _start(clang: list[str]) -> subprocess.Popen[bytes]:
    try:
        return subprocess.Popen(clang)
    except OSError as error:
        raise DiagnosticError(
            Diagnostic.error(f"cannot run '{clang[0]}': {error.strerror or error}")
        ) from error


def _clang_ir(command: ClangCommand, path: Path) -> str:
    """The IR clang wrote; a compiler that exits 0 without writing it is not clang."""
    if not path.is_file():
        raise DiagnosticError(
            Diagnostic.error(
                f"'{command.compiler}' exited 0 but wrote no LLVM IR for '-o'; "
                "propslower cc needs a clang command"
            )
        )
    return read_source(str(path)).text


def feature_warnings(result: ReadResult, options: CompileOptions) -> list[Diagnostic]:
    """Unread attributes, then the compile-time missing-aspect warnings (errors with -Werror)."""
    missing = missing_aspect_warnings(result.features, options.profile, options.table)
    if options.werror_aspects:
        missing = [warning.as_error() for warning in missing]
    return [*result.features.notices, *missing]


def _write(command: ClangCommand, text: str, temporary: Path) -> None:
    if not command.bitcode:
        write_atomically(command.output, text)
        return
    lowered = temporary / "lowered.ll"
    lowered.write_text(text, encoding="utf-8")
    bitcode = temporary / "lowered.bc"
    assemble = [command.compiler, "-c", "-emit-llvm", "-x", "ir", str(lowered), "-o", str(bitcode)]
    finished = subprocess.run(assemble, check=False, capture_output=True, text=True)
    if finished.returncode != 0:
        raise DiagnosticError(
            Diagnostic.error(f"{command.compiler} could not assemble the result: {finished.stderr}")
        )
    write_atomically(command.output, bitcode.read_bytes())
