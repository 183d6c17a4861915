"""``propslower cc`` once clang runs (``launch.py``): libclang on the same source, lowering,
verification, the write."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.forked import several_cores
from propslower.frontend.annotation_args import retype_function_annotations
from propslower.frontend.attribute_warnings import as_errors, silenced
from propslower.frontend.clang_repairs import repair_clang_ir, repair_note
from propslower.frontend.command_line import ClangCommand
from propslower.frontend.feature_check import missing_aspect_warnings
from propslower.frontend.feature_fork import PendingFeatures, read_started
from propslower.frontend.feature_metadata import write_feature_metadata
from propslower.frontend.feature_model import TranslationUnitFeatures
from propslower.frontend.kernels import (
    make_external,
    mark_kernels,
    plan_entry_points,
    rename_symbols,
)
from propslower.frontend.launch import CompileOptions, CompileResult, Launched, launch
from propslower.frontend.pointer_annotations import lower_pointer_annotations
from propslower.frontend.preamble import PreambleCache
from propslower.frontend.records import ReadResult
from propslower.frontend.unique_ids import translation_unit_prefix, with_unique_ids
from propslower.ir.module import Module
from propslower.lowering.from_annotations import lower_annotations
from propslower.lowering.lower import apply_placements
from propslower.lowering.placements import GlobalTarget, ParameterTarget, Placement
from propslower.passes import PassContext, run_pipeline
from propslower.properties.model import Site
from propslower.textio import read_source, write_atomically


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


def lower_records(
    module: Module,
    result: ReadResult,
    options: CompileOptions,
    renames: dict[str, str] | None = None,
) -> list[Diagnostic]:
    """Everything the C++ said but its feature facts, onto clang's IR for it
    (``result.features`` is not read; ``lower_features`` writes them); the kernels are not
    marked when there are errors. ``renames`` receives the functions to rename in the output
    text (an entry point's wrapper → the kernel clang 22 would name)."""
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
    return diagnostics


def lower_features(
    module: Module, features: TranslationUnitFeatures, options: CompileOptions
) -> list[Diagnostic]:
    """What follows ``lower_records``: the feature metadata, then ``--spirv``."""
    write_feature_metadata(module, features, options.profile, options.table)
    if options.spirv:
        return run_pipeline(module, ["spirv"], PassContext(options.profile))
    return []


def compile_with_properties(command: ClangCommand, options: CompileOptions) -> CompileResult:
    """Run clang, lower, verify and write ``command.output``; never through a shell."""
    with launch(command, options) as launched:
        return finish(launched)


def finish(launched: Launched) -> CompileResult:
    """Read the translation unit while clang compiles it, lower into clang's IR (while a
    child reads the features: ``feature_fork.py``), verify (in the verifier's child, which
    loaded LLVM meanwhile) and write."""
    command, options, compiling = launched.command, launched.options, launched.compiling
    try:
        result, pending = read_started(
            command.source,
            [*command.libclang_arguments(), *launched.compat.libclang],
            launched.filters.unsaved(command.source),
            features=options.table,
            preambles=PreambleCache() if options.preamble_cache else None,
            # while clang runs, this core reads the features and clang has the other
            fork=lambda: compiling.poll() is not None and several_cores(),
        )
    except DiagnosticError:
        if compiling.wait() != 0:
            return CompileResult(compiling.returncode)
        raise
    with pending:
        status = compiling.wait()
        if status != 0:
            return CompileResult(status)
        return _lower(launched, result, pending)


def _lower(launched: Launched, result: ReadResult, pending: PendingFeatures) -> CompileResult:
    """``finish`` once clang succeeded. What a whole read would have stopped at first still
    comes first: the features' errors, then the early warnings made errors, then the
    missing-aspect errors; only then what the lowering found (or raised)."""
    command, options = launched.command, launched.options
    prefix = options.unique_prefix or translation_unit_prefix(command.source)
    result = with_unique_globals(result, prefix)
    warnings = [] if silenced(command.arguments) else list(result.warnings)
    if as_errors(command.arguments):
        warnings = [warning.as_error() for warning in warnings]
    warnings = [*launched.compat.notes, *warnings]
    lowered: _Lowered | None = None
    failure: Exception | None = None
    if not any(d.is_error for d in warnings):
        try:
            lowered = _lower_records(launched, result)
        except Exception as error:  # raised again below, after the features
            failure = error
    result = replace(result, features=pending.result())
    warnings.extend(feature_warnings(result, options))
    if any(d.is_error for d in warnings):
        return CompileResult(1, tuple(warnings))
    if failure is not None:
        raise failure
    assert lowered is not None
    module, notes, found, renames = lowered
    diagnostics = [*warnings, *notes, *found]
    if not any(d.is_error for d in diagnostics):
        diagnostics.extend(lower_features(module, result.features, options))
    if any(d.is_error for d in diagnostics):
        return CompileResult(1, tuple(diagnostics))
    text = rename_symbols(module.render(), renames)
    launched.verifier.submit(text, command.output)
    del module, lowered
    pending.close()  # clang's module and the cursors are freed while the verifier reads
    problems = launched.verifier.finish()
    if problems:
        return CompileResult(1, (*diagnostics, *problems))
    _write(command, text, launched.temporary)
    return CompileResult(0, tuple(diagnostics))


_Lowered = tuple[Module, list[Diagnostic], list[Diagnostic], dict[str, str]]
"""The module, ``-v`` notes, the lowering's diagnostics and the renames."""


def _lower_records(launched: Launched, result: ReadResult) -> _Lowered:
    """Clang's IR parsed and lowered as far as the records go (``lower_records``)."""
    command, options = launched.command, launched.options
    repaired = repair_clang_ir(_clang_ir(command, launched.clang_output))
    notes: list[Diagnostic] = []
    note = repair_note(repaired, command.compiler)
    if note is not None and options.verbose:
        notes.append(Diagnostic.note(note))
    if options.verbose:
        notes.extend(result.unplaced)
    module = Module.parse(repaired.text, command.output)
    renames: dict[str, str] = {}
    return module, notes, lower_records(module, result, options, renames), renames


def with_unique_globals(result: ReadResult, prefix: str) -> ReadResult:
    """``result`` with ``"sycl-unique-id"`` in the records of its device globals (``prefix``:
    the translation unit's, for internal ones)."""
    if not result.unique_globals:
        return result
    records = with_unique_ids(result.records, result.unique_globals, prefix)
    return replace(result, records=records, unique_globals=())


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
