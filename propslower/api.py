"""The public library API: parse attributes, read modules, run the passes, split, compile.

Everything here takes a ``Profile`` object (``DESIGN``, ``DPCPP`` or ``profile(name)``),
reports problems by raising ``DiagnosticError`` (its ``render()`` shows the source lines,
whose texts it carries) and returns the warnings and notes it did not raise. Names are
accepted with or without their sigil: ``get_function(module, "k")`` and
``get_function(module, "@k")`` are the same function, ``get_metadata_node(module, 2)`` and
``get_metadata_node(module, "!2")`` the same node, ``get_named_metadata(module,
"!spirv.ExecutionMode")`` and ``get_named_metadata(module, "spirv.ExecutionMode")`` the same
list. Lookups see every item a pass added. ``str(module)`` is the module's text.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from propslower.diagnostics import (
    COMMAND_LINE,
    Diagnostic,
    DiagnosticError,
    Severity,
    Span,
    render_all,
)
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.metadata import MetadataNode, NamedMetadata
from propslower.ir.module import Module
from propslower.postlink.propset import PropertyFile
from propslower.postlink.split import SplitOptions, SplitResult
from propslower.properties.attribute import (
    AspectAttribute,
    KernelSizeAttribute,
    ParsedAttribute,
    PropertyAttribute,
)
from propslower.properties.model import Property, PropertyList, Site
from propslower.properties.profiles import DESIGN, DPCPP, PROFILES, Profile

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

_Item = TypeVar("_Item")
Spec = str | Mapping[str, Any]
"""An ``annotate`` spec: its YAML text, or the same structure as Python mappings."""


def profile(name: str) -> Profile:
    """The registered profile called ``name`` (``"design"`` or ``"dpcpp"``)."""
    found = PROFILES.get(name)
    if found is None:
        known = ", ".join(sorted(PROFILES))
        raise DiagnosticError(Diagnostic.error(f"unknown profile '{name}' (known: {known})"))
    return found


# -- attributes --------------------------------------------------------------------------------


def parse_attribute(
    text: str,
    *,
    profile: Profile = DESIGN,
    site: Site | None = None,
    enums: Mapping[str, int] | None = None,
    source: str = COMMAND_LINE,
    warnings: list[Diagnostic] | None = None,
) -> ParsedAttribute:
    """The attribute ``text`` (``[[...]]``, a bare call, or an argument list for ``site``).

    Raises ``DiagnosticError`` on any error; warnings (a property given twice) are appended
    to ``warnings`` when it is given.
    """
    from propslower.properties import front  # noqa: PLC0415 - loads the grammar

    kind = site.value if site is not None else None
    result = front.parse_attribute(text, source=source, kind=kind, profile=profile, enums=enums)
    errors = [d for d in result.diagnostics if d.is_error]
    if errors or result.attribute is None:
        raise DiagnosticError(errors or result.diagnostics, {source: text})
    if warnings is not None:
        warnings.extend(result.diagnostics)
    return result.attribute


def parse_properties(
    text: str,
    *,
    profile: Profile = DESIGN,
    site: Site | None = None,
    enums: Mapping[str, int] | None = None,
    source: str = COMMAND_LINE,
    warnings: list[Diagnostic] | None = None,
) -> PropertyAttribute:
    """``parse_attribute`` for an ``add_ir_*`` property list; any other attribute (an aspect
    list, a kernel size) is an error."""
    attribute = parse_attribute(
        text, profile=profile, site=site, enums=enums, source=source, warnings=warnings
    )
    if not isinstance(attribute, PropertyAttribute):
        message = f"'{attribute.attribute}' is not a property list (add_ir_* attribute)"
        raise DiagnosticError(Diagnostic.error(message, attribute.span), {source: text})
    return attribute


# -- modules -----------------------------------------------------------------------------------


def parse_assembly(text: str, name: str = "<module>") -> Module:
    """Read LLVM IR text; ``name`` is the file name diagnostics print."""
    try:
        return Module.parse(text, name)
    except DiagnosticError as error:
        raise error.with_sources({name: text}) from None


def parse_assembly_file(path: str | os.PathLike[str]) -> Module:
    """Read the LLVM IR file ``path`` (textual IR, any line endings)."""
    name = os.fspath(path)
    text = Path(path).read_bytes().decode("utf-8", "surrogateescape")
    return parse_assembly(text, name)


def verify_module(module: Module, verifier: str = "auto") -> None:
    """Raise ``DiagnosticError`` unless LLVM accepts the module's text (``verifier``:
    ``auto``, ``llvmlite``, ``llvm-as-15`` or ``none``, as ``--verifier``)."""
    from propslower.ir.verify import verify_text  # noqa: PLC0415 - loads llvmlite

    text = module.render()
    problems = verify_text(text, module.name, verifier)
    if problems:
        raise DiagnosticError(problems, {module.name: text})


def get_function(module: Module, name: str) -> FunctionItem:
    """The function ``@name`` (``name`` with or without the ``@``); ``KeyError`` if none."""
    return _required(module.function(_bare(name, "@")), f"function '{name}'", module)


def get_global_variable(module: Module, name: str) -> GlobalItem:
    """The global ``@name`` (``name`` with or without the ``@``); ``KeyError`` if none."""
    return _required(module.global_variable(_bare(name, "@")), f"global '{name}'", module)


def get_metadata_node(module: Module, ref: int | str) -> MetadataNode:
    """The node ``!N`` given ``N``, ``"N"`` or ``"!N"``; ``KeyError`` if none."""
    number = _bare(str(ref), "!")
    found = module.metadata_node(int(number)) if number.isdigit() else None
    return _required(found, f"metadata node '!{number}'", module)


def get_named_metadata(module: Module, name: str) -> NamedMetadata:
    """``!name`` (``name`` with or without the ``!``); ``KeyError`` if none."""
    bare = _bare(name, "!")
    return _required(module.named_metadata(bare), f"named metadata '!{bare}'", module)


def _required(found: _Item | None, what: str, module: Module) -> _Item:
    """``found``, or ``KeyError("no <what> in <module>")`` when it is None."""
    if found is None:
        raise KeyError(f"no {what} in {module.name}")
    return found


def _bare(name: str, sigil: str) -> str:
    """``name`` without its sigil, and unquoted (``@"a b"`` is ``a b``)."""
    if name.startswith(sigil):
        name = name[1:]
        if len(name) >= 2 and name[0] == name[-1] == '"':
            name = name[1:-1]
    return name


# -- passes ------------------------------------------------------------------------------------


def annotate(
    module: Module,
    spec: Spec | None = None,
    *,
    profile: Profile = DESIGN,
    from_annotations: bool = False,
    enums: Mapping[str, int] | None = None,
    spec_name: str = "<spec>",
) -> list[Diagnostic]:
    """Put property lists on ``module`` in place (``propslower annotate``).

    ``spec`` names sites and their properties (the ``--props`` YAML, as text or mappings);
    ``from_annotations`` also consumes the ``propslower:<site>`` records clang emitted for
    ``[[clang::annotate]]``. On an error nothing useful is left in ``module``: it raises.
    """
    placements: Sequence[Any] = ()
    sources = {module.name: module.source}
    if spec is not None:
        from propslower.lowering.spec import read_spec  # noqa: PLC0415 - loads the grammar

        text = spec if isinstance(spec, str) else _dump_yaml(spec)
        sources[spec_name] = text
        try:
            placements = read_spec(text, spec_name, profile, enums)
        except DiagnosticError as error:
            raise error.with_sources(sources) from None
    from propslower.lowering.lower_pass import LowerPass  # noqa: PLC0415
    from propslower.passes import PassContext  # noqa: PLC0415

    lowering = LowerPass(tuple(placements), from_annotations=from_annotations)
    return _raise_errors(lambda: lowering.apply(module, PassContext(profile)), sources)


def map_to_spirv(
    module: Module,
    *,
    profile: Profile = DESIGN,
    maps: Iterable[str | os.PathLike[str]] = (),
    member_decorations: str = "string",
) -> list[Diagnostic]:
    """Map ``sycl-*`` properties to SPIR-V metadata in place (``propslower spirv``).

    ``maps`` are extra mapping-table files; ``member_decorations`` is ``string`` (rewrite the
    annotation to ``{ID:value}``) or ``metadata`` (``!spirv.Decorations`` on the call).
    """
    from propslower.passes import PassContext  # noqa: PLC0415
    from propslower.spirv.lower import SpirvPass  # noqa: PLC0415 - loads the table

    spirv = SpirvPass(tuple(os.fspath(m) for m in maps), member_decorations)
    return _raise_errors(lambda: spirv.apply(module, PassContext(profile)), {})


def propagate_aspects(
    module: Module,
    *,
    profile: Profile = DESIGN,
    exclude: Iterable[str] = (),
    werror: bool = False,
    aspects_def: str | os.PathLike[str] | None = None,
) -> list[Diagnostic]:
    """Propagate used aspects over the call graph, check allowed lists and write the used
    metadata in place (``propslower aspects``); returns the warnings (``werror``: raised)."""
    from propslower.aspects.aspects_pass import AspectsPass  # noqa: PLC0415
    from propslower.passes import PassContext  # noqa: PLC0415

    aspects = AspectsPass(
        exclude_aspects=tuple(exclude),
        aspects_def=None if aspects_def is None else os.fspath(aspects_def),
        werror=werror,
    )
    return _raise_errors(lambda: aspects.apply(module, PassContext(profile)), {})


def split_module(
    module: Module,
    directory: str | os.PathLike[str],
    *,
    profile: Profile = DESIGN,
    stem: str | None = None,
    mode: str = "auto",
    kernel_reqs: bool = False,
    verify: bool = True,
) -> SplitResult:
    """Split device code into images by optional features (``propslower split``): writes
    ``<stem>_<n>.ll/.prop/.sym`` and ``<stem>.table`` into ``directory`` all at once."""
    from propslower.postlink import split  # noqa: PLC0415

    name = stem or Path(module.name).stem or "module"
    options = SplitOptions(mode, kernel_reqs, verify)
    try:
        return split.split_module(module, profile, Path(directory), name, options)
    except DiagnosticError as error:
        raise error.with_sources({module.name: module.source}) from None


def decode_prop(text: str, name: str = "<prop>") -> PropertyFile:
    """Read a ``.prop`` property-set file (the format ``split`` writes)."""
    from propslower.postlink.propset import read_prop  # noqa: PLC0415

    try:
        return read_prop(text, name)
    except DiagnosticError as error:
        raise error.with_sources({name: text}) from None


def compile_with_properties(
    command: Sequence[str],
    *,
    profile: Profile = DESIGN,
    spirv: bool = False,
    verifier: str = "auto",
    preamble_cache: bool = True,
) -> list[Diagnostic]:
    """Run a clang command line (``clang++ ... -S -emit-llvm FILE.cpp -o OUT.ll``, ``@file``
    response files expanded) with the SYCL properties of its source lowered into the IR it
    writes (``propslower cc``); ``spirv`` also maps them to SPIR-V metadata; without
    ``preamble_cache`` libclang parses the source's leading ``#include <...>`` lines every
    time (``cc --no-preamble-cache``). Returns the warnings; raises ``DiagnosticError`` on
    errors and when clang fails (clang printed why).
    """
    from propslower.frontend.command_line import parse_clang_command  # noqa: PLC0415
    from propslower.frontend.driver import (  # noqa: PLC0415 - loads libclang
        compile_with_properties as compile_command,
    )
    from propslower.frontend.launch import CompileOptions  # noqa: PLC0415
    from propslower.frontend.response_files import expand_response_files  # noqa: PLC0415

    clang = parse_clang_command(expand_response_files(list(command)))
    options = CompileOptions(profile, spirv=spirv, verifier=verifier, preamble_cache=preamble_cache)
    try:
        result = compile_command(clang, options)
    except DiagnosticError as error:
        raise error.with_sources(_files_of(error.diagnostics)) from None
    if result.status != 0 and not any(d.is_error for d in result.diagnostics):
        failed = Diagnostic.error(f"'{clang.compiler}' exited with status {result.status}")
        raise DiagnosticError((*result.diagnostics, failed), _files_of(result.diagnostics))
    if result.status != 0:
        raise DiagnosticError(result.diagnostics, _files_of(result.diagnostics))
    return list(result.diagnostics)


def render_diagnostics(
    diagnostics: Iterable[Diagnostic], *sources: Module | Mapping[str, str]
) -> str:
    """``diagnostics`` GNU style, with source lines from ``sources`` (modules, or file name →
    text) and from the files on disk they point into."""
    listed = list(diagnostics)
    texts = _files_of(listed)
    for source in sources:
        texts.update({source.name: source.source} if isinstance(source, Module) else source)
    return render_all(listed, texts)


# -- helpers -----------------------------------------------------------------------------------


def _raise_errors(
    work: Callable[[], Sequence[Diagnostic]], sources: dict[str, str]
) -> list[Diagnostic]:
    """Run ``work`` (returning diagnostics); raise them with their sources on any error."""
    try:
        diagnostics: list[Diagnostic] = list(work())
    except DiagnosticError as error:
        raise error.with_sources({**sources, **_files_of(error.diagnostics)}) from None
    if any(d.is_error for d in diagnostics):
        raise DiagnosticError(diagnostics, {**sources, **_files_of(diagnostics)})
    return diagnostics


def _files_of(diagnostics: Iterable[Diagnostic]) -> dict[str, str]:
    """The texts of the readable files ``diagnostics`` and their notes point into."""
    texts: dict[str, str] = {}
    for diagnostic in diagnostics:
        for item in (diagnostic, *diagnostic.notes):
            span = item.span
            if span is None or span.file in texts or span.file.startswith("<"):
                continue
            try:
                texts[span.file] = Path(span.file).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
    return texts


def _dump_yaml(spec: Mapping[str, Any]) -> str:
    import yaml  # noqa: PLC0415

    return yaml.safe_dump(_plain(spec), sort_keys=False, allow_unicode=True, width=2**16)


def _plain(value: Any) -> Any:
    """``value`` with every mapping a ``dict`` and every sequence a ``list`` (for YAML)."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value
