"""Member annotations: ``sycl-properties`` ``@llvm.ptr.annotation`` calls → decorations.

Both input encodings are read: the ``design`` profile's ``"sycl-properties:a,b=1"`` string
and DPC++'s ``"sycl-properties"`` string with an args struct of name/value string pointers.
The output is the annotation string rewritten into ``{ID}`` / ``{ID:value}`` blocks, which
the SPIR-V translator parses into ``OpMemberDecorate`` (typed style ``{5921:3}`` in the
``design`` profile, quoted ``{5921:"3"}`` in ``dpcpp``).

The compile-time-properties design proposes replacing the call by
``__spirv_AddMemberDecoration(ptr, metadata !{...})``, but the LLVM verifier rejects a
non-intrinsic function with a ``metadata`` parameter, so that form cannot be emitted.
``--member-decorations=metadata`` instead attaches the entries as ``!spirv.Decorations`` to
the annotation call and leaves its string alone. See docs/design/spirv.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from propslower.diagnostics import Span
from propslower.ir.body import Call, Instruction
from propslower.ir.functions import FunctionItem
from propslower.ir.globals import GlobalItem
from propslower.ir.items import ItemKind
from propslower.ir.lex import LexError, split_commas
from propslower.ir.module import Module
from propslower.ir.strings import name_of, unescape_bytes
from propslower.ir.unused import remove_unused_globals
from propslower.properties.member_annotation import MemberAnnotation, decode_prefixed_string
from propslower.properties.model import Site
from propslower.properties.profiles import Profile
from propslower.spirv.access import accesses, set_alignment
from propslower.spirv.annotation import format_annotation
from propslower.spirv.context import SpirvRun, span_of
from propslower.spirv.encoders import EncodeContext, EncodingError
from propslower.spirv.irtext import entry_operands
from propslower.spirv.model import Entry, RuleTarget
from propslower.spirv.table import load_table

ANNOTATION = "@llvm.ptr.annotation"
PREFIX = "sycl-properties:"
BARE = "sycl-properties"
_SYMBOL = re.compile(r'@(?:"[^"]*"|[-\w$.]+)')
_CSTRING = re.compile(r'c"([^"]*)"')
_ARRAY = re.compile(r"\[\d+ x i8\]")
Pairs = tuple[tuple[str, str | None], ...]


class MemberLowering:
    """Rewrites every ``sycl-properties`` annotation call of the module."""

    def __init__(self, run: SpirvRun) -> None:
        self.run = run
        self._replaced: set[str] = set()
        """Globals a rewritten call referred to: its old string, args struct and their strings."""

    def lower_all(self) -> None:
        for function in self.run.module.items_containing(ANNOTATION, (ItemKind.DEFINITION,)):
            assert isinstance(function, FunctionItem)
            for instruction in list(function.instructions()):
                if ANNOTATION not in instruction.text:
                    continue
                call = instruction.call()
                if call is None or not call.callee.startswith(ANNOTATION):
                    continue
                if len(call.arguments) >= 2:
                    self.lower(function, instruction, call)
        remove_unused_globals(self.run.module, self._replaced)  # the strings calls no longer use

    # -- reading the annotation ---------------------------------------------------------------

    def _symbol(self, text: str) -> GlobalItem | None:
        for token in _SYMBOL.findall(text):
            found = self.run.module.global_variable(name_of(token))
            if found is not None:
                return found
        return None

    def _string(self, text: str) -> tuple[str, GlobalItem] | None:
        variable = self._symbol(text)
        match = None if variable is None else _CSTRING.search(variable.text)
        if variable is None or match is None:
            return None
        raw = unescape_bytes(match.group(1))
        return raw.removesuffix(b"\0").decode("utf-8", errors="replace"), variable

    def _args(self, text: str) -> Pairs:
        variable = self._symbol(text)
        initializer = None if variable is None else variable.parts.initializer
        if initializer is None or not initializer.strip().startswith("{"):
            return ()
        body = initializer.strip()
        values: list[str | None] = []
        try:
            pieces = split_commas(body, 1, body.rfind("}"))
        except LexError:
            return ()  # not a struct LLVM reads: the verifier reports the input
        for a, b in pieces:
            piece = body[a:b]
            found = self._string(piece) if "@" in piece else None
            if found is not None:
                values.append(found[0])
            else:
                last = piece.split()[-1] if piece.split() else "null"
                values.append(None if last in ("null", "zeroinitializer") else last)
        pairs = [(values[i] or "", values[i + 1]) for i in range(0, len(values) - 1, 2)]
        return tuple(pairs)

    def _pairs(self, call: Call) -> tuple[Pairs, GlobalItem] | None:
        found = self._string(call.arguments[1].text)
        if found is None:
            return None
        string, variable = found
        if string.startswith(PREFIX):
            return decode_prefixed_string(string, PREFIX) or (), variable
        if string == BARE:
            args = call.arguments[4].text if len(call.arguments) >= 5 else "null"
            return self._args(args), variable
        return None

    # -- lowering -----------------------------------------------------------------------------

    def lower(self, function: FunctionItem, instruction: Instruction, call: Call) -> None:
        found = self._pairs(call)
        if found is None:
            return
        pairs, string_global = found
        run = self.run
        entity = f"{function.key} annotation (line {instruction.line})"
        span = Span(instruction.file, instruction.line, 1) if instruction.line else None
        span = span or span_of(function)
        result = instruction.result
        users = accesses(function, instruction, result) if result else []
        parts = encode_parts(run, pairs, entity, span)
        keyed = string_entries(parts, accessed=bool(users))
        entries = [entry for entry, _ in keyed]
        access_entries: list[Entry] = []
        access_keys: list[int | None] = []
        for part in parts:
            prop, value, encoded = part.prop, part.value, part.entries
            if part.target is None:
                run.unknown(entity, prop, value, Site.MEMBER)
            elif part.target is RuleTarget.MEMBER_DECORATION:
                shown = format_annotation(encoded, run.style)
                run.note(entity, prop, value, f"annotation {shown}")
            elif part.target is RuleTarget.ACCESS_DECORATION:
                access_entries.extend(encoded)
                access_keys.extend([part.key_operands] * len(encoded))
                run.note(entity, prop, value, f"!spirv.Decorations on accesses {encoded}")
            elif part.target is RuleTarget.ACCESS_ATTRIBUTE:
                alignment = int(encoded[0][0])
                for user, index in users:
                    set_alignment(user, index, alignment)
                if users:
                    run.note(entity, prop, value, f"align {alignment} on {len(users)} accesses")
                else:
                    run.note(entity, prop, value, f"annotation {{44:{value!r}}}: no accesses")
        if access_entries:
            operands = [entry_operands(e) for e in access_entries]
            for target in [user for user, _ in users] or [instruction]:
                run.lists.extend_decorations(target, operands, access_keys)
        if run.member_metadata:
            if entries:
                operands = [entry_operands(e) for e in entries]
                run.lists.extend_decorations(instruction, operands, [k for _, k in keyed])
            return
        self._rewrite(
            function,
            instruction,
            call,
            entries=entries,
            string_global=string_global,
            keep=bool(access_entries),
        )

    def _rewrite(
        self,
        function: FunctionItem,
        instruction: Instruction,
        call: Call,
        *,
        entries: list[Entry],
        string_global: GlobalItem,
        keep: bool,
    ) -> None:
        try:
            blocks = format_annotation(entries, self.run.style)
        except EncodingError as error:
            self.run.diagnostics.append(
                instruction.error(
                    f"cannot write the annotation in {function.key}: {error}"
                ).diagnostics[0]
            )
            return
        self._replaced.update(self._globals_of(call))
        if not blocks and not keep:
            result = instruction.result
            if result is not None:
                function.replace_uses_after(instruction, result, call.arguments[0].value)
            function.remove_instruction(instruction)
            return
        parts = string_global.parts
        new = self.run.module.symbols.string_constant(blocks, parts.address_space, parts.section)
        old_name = string_global.key or ""
        old_arg = call.arguments[1].text
        new_arg = re.sub(re.escape(old_name) + r"(?![-\w$.])", new.key or "", old_arg)
        new_arg = _ARRAY.sub(f"[{len(blocks.encode()) + 1} x i8]", new_arg)
        instruction.replace_call_argument(old_arg, new_arg)
        if len(call.arguments) >= 5 and call.arguments[4].value != "null":
            fifth = instruction.call()
            if fifth is not None:
                operand = fifth.arguments[4]
                instruction.replace_call_argument(operand.text, f"{operand.type_text} null")

    def _globals_of(self, call: Call) -> set[str]:
        """The globals the annotation arguments of ``call`` name, and those theirs name."""
        arguments = call.arguments[1:]  # not the annotated pointer: it is the program's
        names = {name_of(token) for a in arguments for token in _SYMBOL.findall(a.text)}
        for name in list(names):
            variable = self.run.module.global_variable(name)
            if variable is not None:
                names.update(name_of(token) for token in _SYMBOL.findall(variable.text))
        return names


@dataclass(frozen=True, slots=True)
class Part:
    """What one rule made of one property of a member annotation (``target`` None: no rule)."""

    prop: str
    value: str | None
    target: RuleTarget | None
    entries: tuple[Entry, ...] = ()
    key_operands: int | None = 0


def encode_parts(run: SpirvRun, pairs: Pairs, entity: str, span: Span | None) -> list[Part]:
    """Every member rule's entries for ``pairs``, in order; errors go to ``run.diagnostics``."""
    context = EncodeContext(entity, dict(pairs))
    parts: list[Part] = []
    for prop, value in pairs:
        if not run.knows(prop, Site.MEMBER):
            parts.append(Part(prop, value, None))
            continue
        for rule in run.rules(prop, Site.MEMBER):
            encoded = run.encode(rule, value, context, span)
            if encoded:
                parts.append(Part(prop, value, rule.target, encoded, rule.key_operands))
    return parts


def string_entries(parts: Iterable[Part], *, accessed: bool) -> list[tuple[Entry, int | None]]:
    """The entries the rewritten annotation string holds, each with its rule's
    ``key_operands``: the member decorations, and an alignment rule's ``Alignment`` when the
    annotated pointer has no accesses to carry it."""
    entries: list[tuple[Entry, int | None]] = []
    for part in parts:
        if part.target is RuleTarget.MEMBER_DECORATION:
            entries.extend((entry, part.key_operands) for entry in part.entries)
        elif part.target is RuleTarget.ACCESS_ATTRIBUTE and not accessed:
            entries.append(((44, str(part.value)), 0))
    return entries


class AnnotationForms:
    """The strings ``MemberLowering`` rewrites a member annotation into, for ``annotate``.

    ``annotate --spirv`` lowers a member's list to a ``sycl-properties`` annotation and the
    pass rewrites it at once, so on a second run the field carries ``{5921:3}`` where
    ``annotate`` looks for its own string. ``forms`` gives the rewritten strings that stand
    for an annotation (with and without an alignment fallback: that depends on the accesses),
    ``claims`` says whether a string is one of this pass's at all. The member lowering takes
    this object from its caller (``LowerPass(forms=...)``) and does not import
    this package.
    """

    def __init__(
        self, profile: Profile, maps: tuple[str, ...] = (), member_decorations: str = "string"
    ) -> None:
        self._profile = profile
        self._table = load_table(maps)
        self._rewrites = member_decorations == "string"
        self._runs: dict[int, tuple[Module, SpirvRun]] = {}
        self._forms: dict[tuple[int, str, Pairs | None], frozenset[str]] = {}

    def forms(self, module: Module, annotation: MemberAnnotation) -> frozenset[str]:
        """The strings ``annotation`` becomes in ``module`` (none when strings stay as they are)."""
        if not self._rewrites:
            return frozenset()
        key = (id(module), annotation.string, annotation.pairs)
        found = self._forms.get(key)
        if found is None:
            found = self._forms[key] = self._compute(module, annotation)
        return found

    def claims(self, text: str) -> bool:
        """Whether ``text`` is a rewritten annotation string: ``{ID}`` / ``{ID:...}`` blocks."""
        return self._rewrites and _BLOCKS.fullmatch(text) is not None

    def dropped(self, module: Module, annotation: MemberAnnotation) -> bool:
        """Whether the pass removes ``annotation``'s call: a list of ours with no string form."""
        if not self._rewrites:
            return False
        pairs = annotation.pairs or decode_prefixed_string(annotation.string, PREFIX)
        return pairs is not None and not self.forms(module, annotation)

    def _compute(self, module: Module, annotation: MemberAnnotation) -> frozenset[str]:
        pairs = annotation.pairs
        if pairs is None:
            pairs = decode_prefixed_string(annotation.string, PREFIX)
        if pairs is None:
            return frozenset()
        known = self._runs.get(id(module))
        if known is None or known[0] is not module:
            known = self._runs[id(module)] = (
                module,
                SpirvRun(module, self._table, self._profile, record=False),
            )
        run = known[1]
        parts = encode_parts(run, pairs, "annotation", None)
        run.diagnostics.clear()  # the spirv pass reports them, at the call
        forms: set[str] = set()
        keep = any(part.target is RuleTarget.ACCESS_DECORATION for part in parts)
        for accessed in (True, False):
            try:
                entries = [entry for entry, _ in string_entries(parts, accessed=accessed)]
                blocks = format_annotation(entries, run.style)
            except EncodingError:
                continue
            if blocks or keep:
                forms.add(blocks)
        return frozenset(forms)


_BLOCKS = re.compile(r'(?:\{\w(?:[\w:,-]|"[^"]*")*\})*')
"""Blocks as the SPIR-V translator finds them (see ``annotation.py``); none is the string
left when every entry went onto the accesses."""
