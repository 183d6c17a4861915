"""Device-code split: images verified and staged with their ``.prop``, ``.sym`` and file tables."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.ir.body import Instruction
from propslower.ir.extract import ModuleIndex
from propslower.ir.functions import FunctionItem
from propslower.ir.lex import LexError, chunks, split_chunks, text_of, type_end
from propslower.ir.module import Module
from propslower.ir.verify_worker import VerifierWorker
from propslower.ir.zero_gep import fold_zero_index_geps
from propslower.postlink.entry_points import (
    EntryPoint,
    entry_points,
    group_entry_points,
    name_errors,
    own_aspects,
    size_errors,
)
from propslower.postlink.filetable import FileTable, write_table
from propslower.postlink.function_facts import FactsReader
from propslower.postlink.image_props import (
    REQUIREMENT_WRITERS,
    ImageRequirements,
    every_function_requirements,
    image_requirements_of,
    kernel_reqs_set,
)
from propslower.postlink.prepare import ensure_propagated
from propslower.postlink.propset import PropertySet, write_prop
from propslower.postlink.staging import StagedDirectory
from propslower.postlink.target_tables import SplitImage, TargetTable
from propslower.properties.profiles import Profile

MODE_NAMES = ("per_kernel", "per_source", "auto", "off")
REFERENCED_INDIRECTLY = "referenced-indirectly"

Signature = tuple[str, ...]
"""A function type as written: the return type, then each parameter type (space-normalized)."""


@dataclass(frozen=True)
class SplitOptions:
    """How to split: the ``--mode``, whether to add "SYCL/kernel reqs", whether to verify."""

    mode: str = "auto"
    kernel_reqs: bool = False
    verify: bool = True
    propagate: bool = True


@dataclass
class SplitResult:
    """The written images (names and requirements only; the IR is not kept) and notes."""

    directory: Path
    stem: str
    images: list[SplitImage] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def table_name(self) -> str:
        return f"{self.stem}.table"


class _AspectCache:
    """Each function's own split-key aspects, read once."""

    def __init__(self, reader: FactsReader, profile: Profile) -> None:
        self.reader = reader
        self.kinds = profile.split_aspect_metadata
        self._values: dict[str, frozenset[int]] = {}

    def of(self, item: FunctionItem) -> frozenset[int]:
        key = item.key or ""
        found = self._values.get(key)
        if found is None:
            aspects = own_aspects(self.reader, item, self.kinds)
            found = self._values[key] = frozenset(a.value for a in aspects)
        return found


class Splitter:
    """Splits one module: entry points grouped, each image extracted, checked and written."""

    def __init__(self, module: Module, profile: Profile, options: SplitOptions) -> None:
        if options.mode not in MODE_NAMES:
            raise ValueError(f"unknown split mode '{options.mode}'")
        self.module = module
        self.profile = profile
        self.options = options
        self.diagnostics = ensure_propagated(module, profile) if options.propagate else []
        self.reader = FactsReader(module)
        self.entries = entry_points(self.reader, profile)
        if not self.entries:
            message = f"'{module.name}' has no entry points (kernels or exported functions)"
            raise DiagnosticError(Diagnostic.error(message))
        errors = name_errors(self.entries, options.kernel_reqs)
        errors += size_errors(self.reader, self.entries)
        if errors:
            raise DiagnosticError(errors)
        self.groups = group_entry_points(self.entries, options.mode, profile)
        self.index = ModuleIndex.build(module)
        self._aspects = _AspectCache(self.reader, profile)
        self.writer = REQUIREMENT_WRITERS[profile.requirements_set]
        self._interned: dict[ImageRequirements, ImageRequirements] = {}
        self._indirect: dict[int, tuple[str, ...]] | None = None

    def closure(self, roots: Iterable[str]) -> set[int]:
        """The items an image holding ``roots`` needs: what they reference, and (``dpcpp``)
        the functions their indirect calls may reach, until nothing is added."""
        names = list(roots)
        kept = self.index.closure(names)
        if not self.profile.aspect_rules.indirect_calls_by_signature:
            return kept
        if self._indirect is None:
            self._indirect = indirect_callees(self.reader, self.index)
        seen = set(names)
        while True:
            added = [
                name
                for position, callees in self._indirect.items()
                if position in kept
                for name in callees
                if name not in seen
            ]
            if not added:
                return kept
            seen.update(added)
            names.extend(added)
            kept = self.index.closure(names)

    def image_text(self, group: Sequence[EntryPoint]) -> tuple[str, ImageRequirements]:
        """One image's IR text and requirements."""
        text, requirements = self._image(group)
        if self.profile.images_fold_zero_index_geps:
            text = fold_zero_index_geps(text)
        return text, requirements

    def _image(self, group: Sequence[EntryPoint]) -> tuple[str, ImageRequirements]:
        kept = self.closure(entry.name for entry in group)
        aspects: set[int] = set()
        functions: list[FunctionItem] = []
        for position in sorted(kept):
            item = self.index.items[position]
            if isinstance(item, FunctionItem):
                aspects.update(self._aspects.of(item))
                functions.append(item)
        unsplit = self.options.mode == "off"
        if self.profile.aspect_rules.requirements_from_every_function:
            values = {v for v in aspects if v >= 0}
            values.update(v for entry in group for v in entry.aspect_values if v >= 0)
            found = every_function_requirements(self.reader, functions, group, values, unsplit)
            return self.index.render(kept), found
        return self.index.render(kept), image_requirements_of(group, aspects, unsplit)

    def property_sets(
        self, group: Sequence[EntryPoint], requirements: ImageRequirements, target: str | None
    ) -> list[PropertySet]:
        sets = [self.writer.build(requirements, target)]
        if self.options.kernel_reqs:
            sets.append(kernel_reqs_set(group))
        return sets

    def write(self, directory: Path, stem: str) -> SplitResult:
        """Write every image and the file table into ``directory`` as one set (staged)."""
        with StagedDirectory(directory) as staging:
            result = self.write_into(staging, stem)
        result.directory = directory
        return result

    def write_into(
        self,
        staging: StagedDirectory,
        stem: str,
        progress: Callable[[int, int], None] | None = None,
    ) -> SplitResult:
        """Verify and write each image as it is made, then the file table, into ``staging``;
        ``progress(done, total)`` after each image."""
        result = SplitResult(staging.path, stem, diagnostics=list(self.diagnostics))
        total = len(self.groups)
        with VerifierWorker() as verifier:
            for number, group in enumerate(self.groups):
                image = self._write_image(staging, f"{stem}_{number}", group, verifier)
                result.images.append(image)
                if progress is not None:
                    progress(number + 1, total)
            _raise_if_any(verifier.finish())
        rows: list[tuple[str, ...]] = [(i.code, i.props, i.symbols) for i in result.images]
        staging.write(result.table_name, write_table(FileTable(rows=rows)))
        return result

    def _write_image(
        self,
        staging: StagedDirectory,
        name: str,
        group: Sequence[EntryPoint],
        verifier: VerifierWorker,
    ) -> SplitImage:
        """Stage one image (verified while the next is made: a failure discards the set)."""
        text, requirements = self.image_text(group)
        image = SplitImage(name, tuple(entry.name for entry in group), requirements)
        if self.options.verify:
            _raise_if_any(verifier.submit(text, str(staging.target / image.code)))
        staging.write(image.code, text)
        del text
        requirements = self._interned.setdefault(requirements, requirements)
        image = SplitImage(name, image.entry_points, requirements)
        staging.write(image.props, write_prop(self.property_sets(group, requirements, None)))
        staging.write(image.symbols, "".join(e + "\n" for e in image.entry_points))
        return image

    def write_target_table(
        self, result: SplitResult, table: TargetTable, staging: StagedDirectory
    ) -> str:
        """``<stem>_<target>.table`` (and per-target ``.prop`` files when the set names it)."""
        rows: list[tuple[str, ...]] = []
        groups = dict(zip((image.code for image in result.images), self.groups, strict=True))
        for image in table.rows:
            props = image.props
            if self.writer.per_target:
                props = f"{image.name}.{table.target}.prop"
                sets = self.property_sets(groups[image.code], image.requirements, table.target)
                staging.write(props, write_prop(sets))
            rows.append((image.code, props, image.symbols))
        name = f"{result.stem}_{table.target}.table"
        staging.write(name, write_table(FileTable(rows=rows)))
        return name


def indirect_callees(reader: FactsReader, index: ModuleIndex) -> dict[int, tuple[str, ...]]:
    """Item position of each function making an indirect call → the functions that call may
    reach: definitions, not kernels, with ``"referenced-indirectly"`` and the call's type
    (ModuleSplitter's rule: no other function is taken for an indirect callee)."""
    by_signature: dict[Signature, list[str]] = {}
    for item in reader.functions:
        facts = reader.facts(item)
        if not facts.is_definition or facts.is_kernel:
            continue
        if REFERENCED_INDIRECTLY in reader.strings(item):
            header = item.parsed_header
            signature = (header.return_type, *(p.type_text for p in header.parameters))
            by_signature.setdefault(_normalized(signature), []).append(facts.name)
    found: dict[int, tuple[str, ...]] = {}
    if not by_signature:
        return found
    for item in reader.functions:
        facts = reader.facts(item)
        position = index.symbols.get(facts.name)
        if not facts.is_definition or position is None or "%" not in item.text:
            continue
        callees: list[str] = []
        for instruction in item.instructions():
            called = _indirect_call_signature(instruction)
            if called is not None:
                callees.extend(n for n in by_signature.get(called, ()) if n not in callees)
        if callees:
            found[position] = tuple(callees)
    return found


def _indirect_call_signature(instruction: Instruction) -> Signature | None:
    """The type of a ``call`` through a value (``%fp``), or None for any other instruction;
    an explicit function type (``call i32 (i32, ...) %fp(...)``) is read as written."""
    if instruction.opcode != "call":
        return None
    try:
        call = instruction.call()
    except DiagnosticError:
        return None
    if call is None or not call.callee.startswith("%"):
        return None
    if call.return_type:
        return _normalized((call.return_type, *(a.type_text for a in call.arguments)))
    text = instruction.text
    try:
        items = chunks(text, 0, text.find(call.callee + "("))
    except LexError:
        return None
    if not items or not items[-1].text.startswith("("):
        return None
    last = len(items) - 1
    for i in range(last - 1, -1, -1):
        if type_end(items, i) == last:
            listed = split_chunks(text, items[last].start + 1, items[last].end - 1)
            parameters = (text_of(piece, text, 0, len(piece)) for piece in listed)
            return _normalized((text_of(items, text, i, last), *parameters))
    return None


def _normalized(types: Iterable[str]) -> Signature:
    return tuple(" ".join(t.split()) for t in types)


def _raise_if_any(problems: list[Diagnostic]) -> None:
    if problems:
        raise DiagnosticError(problems)


def split_module(
    module: Module,
    profile: Profile,
    directory: Path,
    stem: str,
    options: SplitOptions | None = None,
) -> SplitResult:
    """Split ``module`` into ``directory/<stem>_<n>.{ll,prop,sym}`` and ``<stem>.table``
    (all or nothing: see ``staging.StagedDirectory``)."""
    return Splitter(module, profile, options or SplitOptions()).write(directory, stem)


def entry_names(images: Iterable[SplitImage]) -> list[list[str]]:
    """The entry points of each image, in image order (for tests and summaries)."""
    return [list(image.entry_points) for image in images]
