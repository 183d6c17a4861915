"""``cc``'s first step: clang started with the prelude, before the lowering machinery loads.

Everything clang's command needs is light (the prelude's macros, the compatibility layer's
flags, the rewritten filter lists), so ``cc`` starts clang with this module alone and imports
the reader and the lowering (``driver.py``, most of ``cc``'s start-up) while clang compiles;
the verifier's child is forked here too and loads LLVM meanwhile.
"""

from __future__ import annotations

import functools
import subprocess
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import TracebackType

from propslower.aspects.table import AspectTable
from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.frontend.command_line import ClangCommand
from propslower.frontend.feature_model import TableLoader, builtin_table
from propslower.frontend.filter_lists import FilterRewrites, filter_rewrites
from propslower.frontend.prelude import macro_definitions
from propslower.frontend.sycl_compat import (
    announcement,
    aspects_def,
    compat_layer,
    layer_directory,
    real_headers,
)
from propslower.ir.verify_worker import VerifierWorker
from propslower.properties.profiles import Profile

QUIET_COMPILE = "-Wno-unknown-attributes"
"""The flag added to the compile ``cc`` runs (after the user's own flags): clang does not know
the markers, and the libclang read reports the attributes propslower does not read."""


@dataclass(frozen=True)
class CompileOptions:
    """What ``cc`` does beyond running clang."""

    profile: Profile
    spirv: bool = False
    keep_calling_conventions: bool = False
    verifier: str = "auto"
    """``--verifier``: see ``ir.verify.VERIFIERS`` (``none`` skips the check)."""
    table: TableLoader = builtin_table
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
    preamble_cache: bool = True
    """libclang reads the source's leading ``#include <...>`` lines from a saved AST
    (``preamble.py``); ``--no-preamble-cache`` turns it off."""


@dataclass(frozen=True)
class CompileResult:
    """The clang status (non-zero: nothing else happened) and propslower's diagnostics."""

    status: int
    diagnostics: tuple[Diagnostic, ...] = ()


@dataclass(frozen=True)
class Compat:
    """What the compatibility layer adds to one compile (nothing when it is off)."""

    options: CompileOptions
    clang: list[str] = field(default_factory=list)
    libclang: list[str] = field(default_factory=list)
    notes: list[Diagnostic] = field(default_factory=list)


@dataclass
class Launched:
    """A running clang and what finishing its compile needs; a context manager that stops
    clang and the verifier and removes the temporary directory on the way out."""

    command: ClangCommand
    options: CompileOptions
    compat: Compat
    filters: FilterRewrites
    directory: tempfile.TemporaryDirectory[str]
    compiling: subprocess.Popen[bytes]
    verifier: VerifierWorker

    @property
    def temporary(self) -> Path:
        return Path(self.directory.name)

    @property
    def clang_output(self) -> Path:
        """Where clang writes its textual IR."""
        return self.temporary / "clang.ll"

    def __enter__(self) -> Launched:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.compiling.poll() is None:
            self.compiling.kill()
            self.compiling.wait()
        self.verifier.close()
        self.directory.cleanup()


def launch(command: ClangCommand, options: CompileOptions) -> Launched:
    """Start ``command`` with the prelude (and the layer and filter lists it needs)."""
    directory = tempfile.TemporaryDirectory(prefix="propslower-cc-")
    try:
        temporary = Path(directory.name)
        compat = _compat(command, options, temporary)
        filters = filter_rewrites(command.source, command.arguments)
        extra = [*macro_definitions(), *compat.clang, *filters.clang_arguments(temporary)]
        clang = command.with_output(str(temporary / "clang.ll"), text=True, extra=extra)
        clang.append(QUIET_COMPILE)
        compiling = _start(clang)
    except BaseException:
        directory.cleanup()
        raise
    try:
        verifier = VerifierWorker(compat.options.verifier).start()  # loads LLVM meanwhile
    except BaseException:
        compiling.kill()
        compiling.wait()
        directory.cleanup()
        raise
    return Launched(command, compat.options, compat, filters, directory, compiling, verifier)


@functools.cache
def _headers_table(path: str) -> AspectTable:
    """The real headers' ``aspects.def``, read once."""
    from propslower.aspects.def_file import load_table  # noqa: PLC0415 - see builtin_table

    return load_table(path)


def _compat(command: ClangCommand, options: CompileOptions, temporary: Path) -> Compat:
    """The layer's flags for clang and libclang, the headers' own aspect table (unless
    ``--aspects-def`` gave one) and the ``-v`` note."""
    include = real_headers(command.arguments, command.source)
    wanted = options.sycl_compat if options.sycl_compat is not None else include is not None
    if not wanted:
        return Compat(options)
    table = aspects_def(include) if include is not None else None
    if table is not None and options.table is builtin_table:
        options = replace(options, table=functools.partial(_headers_table, str(table)))
    layer = compat_layer(command.compiler, layer_directory(temporary))
    layer.write()
    return Compat(
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
