"""Kernels: function properties and kernel-parameter properties → SPIR-V forms."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.ir.attributes import enum_attribute, string_attributes
from propslower.ir.function_attachments import mentions_attachment
from propslower.ir.functions import FunctionItem
from propslower.ir.header_edits import replace_parameter_attributes
from propslower.ir.headers import FunctionHeader, ParameterStrings
from propslower.ir.items import ItemKind
from propslower.properties.attribute import WORK_GROUP_SIZE_METADATA
from propslower.properties.model import Site
from propslower.spirv.context import SpirvRun, sycl_properties
from propslower.spirv.encoders import EncodeContext
from propslower.spirv.irtext import entry_operands, function_reference, operand_key, printed_name
from propslower.spirv.kernel_replay import ExecutionMode, KernelReplays
from propslower.spirv.lists import PARAMETER_DECORATIONS
from propslower.spirv.model import RuleTarget
from propslower.spirv.required_size import LOCAL_SIZE, lower_required_size

ESIMD = "!sycl_explicit_simd"
_LOCAL_LINKAGE = re.compile(r"\s*define\s+(internal|private)\b")
_REQUIRED_SIZE = f"!{WORK_GROUP_SIZE_METADATA}"
Props = list[tuple[str, str | None]]


@dataclass(frozen=True, slots=True)
class Action:
    """One step of a plan: an entry for a target, or (``target`` None) only a finding."""

    prop: str
    value: str | None
    target: RuleTarget | None
    operands: tuple[str, ...] = ()
    name: str | None = None
    last: bool = False
    key_operands: int | None = 0
    """``Rule.key_operands``: which existing entry this one replaces."""
    outcome: str = ""
    lowered: bool = True
    unknown: bool = False
    joined: str = field(init=False)
    """The operands, comma-separated."""
    mode: ExecutionMode | None = field(init=False)
    """The execution mode (for that target)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "joined", ", ".join(self.operands))
        is_mode = self.target is RuleTarget.EXECUTION_MODE
        mode = ExecutionMode.of(self.operands, self.key_operands) if is_mode else None
        object.__setattr__(self, "mode", mode)


class KernelLowering:
    """Lowers every ``spir_kernel`` definition of the module."""

    def __init__(self, run: SpirvRun) -> None:
        self.run = run
        self._groups: dict[int, Props] = {}
        self._plans: dict[tuple[tuple[tuple[str, str | None], ...], bool], list[Action]] = {}
        self._parameter_plans: dict[tuple[tuple[str, str | None], ...], list[Action]] = {}
        self._props: dict[tuple[int, ...], Props] = {}
        self._parameter_lowerings: dict[ParameterStrings, _ParameterLowering] = {}
        """By the parameters' string attributes: what they become."""
        self._replays = None if run.record else KernelReplays(run.lists)
        """Kernels by header text (not with findings: they are per kernel)."""
        self._modes: list[tuple[str, ExecutionMode]] = []
        """The execution modes the kernel being lowered got, with its reference."""

    def lower_all(self) -> None:
        module = self.run.module
        diagnostics = self.run.diagnostics
        replays = self._replays
        for function in module.items_containing("spir_kernel", (ItemKind.DEFINITION,)):
            assert isinstance(function, FunctionItem)
            line = function.header_text
            if "spir_kernel" not in line:
                continue
            local = _LOCAL_LINKAGE.match(line)
            if local is not None:
                diagnostics.append(_local_kernel_warning(function, local))
            split = None if replays is None else replays.split(line)
            if split is not None and replays is not None and replays.replay(function, split):
                continue
            try:
                header = function.parsed_shape
            except DiagnosticError:
                continue
            reported = len(diagnostics)
            self._modes = []
            self.lower(function, header, line)
            if split is not None and replays is not None and len(diagnostics) == reported:
                replays.record(function, split, self._modes)

    def _function_props(self, function: FunctionItem, header: FunctionHeader) -> Props:
        if any(a.is_string and a.key.startswith("sycl-") for a in header.inline_attributes):
            return sycl_properties(self.run.module.attributes.strings_of_function(function))
        refs = tuple(header.group_refs)
        props = self._props.get(refs)
        if props is None:
            found: dict[str, str | None] = {}
            for group_id in refs:
                found.update(self._group_props(group_id))
            props = self._props[refs] = sorted(found.items())
        return props

    def _group_props(self, group_id: int) -> Props:
        props = self._groups.get(group_id)
        if props is None:
            group = self.run.module.attribute_group(group_id)
            has_sycl = group is not None and '"sycl-' in group.text
            strings = string_attributes(group.attributes) if group and has_sycl else {}
            props = self._groups[group_id] = sycl_properties(strings)
        return props

    def lower(
        self, function: FunctionItem, header: FunctionHeader, line: str | None = None
    ) -> None:
        """Lower one kernel (``line``: its header line, when the caller has it)."""
        entity = function.key or "@?"
        text = function.header_text if line is None else line
        props = self._function_props(function, header)
        plan: list[Action] | None = None
        if props:
            esimd = ESIMD in text
            key = (tuple(props), esimd)
            plan = self._plans.get(key)
            if plan is None:
                plan = self._plan(entity, props, esimd, function)
                if plan is not None:
                    self._plans[key] = plan
            if plan is not None:
                self._apply(function, entity, plan)
        if mentions_attachment(text, _REQUIRED_SIZE):
            local_size = next(
                (
                    (action.operands, action.value)
                    for action in plan or ()
                    if action.target is RuleTarget.EXECUTION_MODE
                    and action.operands[:1] == (f"i32 {LOCAL_SIZE}",)
                ),
                None,
            )
            reference = self._reference(function)
            added = lower_required_size(self.run, function, reference, local_size)
            if added is not None:
                self._modes.append((reference, ExecutionMode.of(added, 0)))
        if any("sycl-" in key for params in header.parameter_strings for key, _ in params):
            self._parameters(function, entity, header)

    # -- function properties ------------------------------------------------------------------

    def _plan(
        self, entity: str, props: Props, esimd: bool, function: FunctionItem
    ) -> list[Action] | None:
        """What the properties become, independent of the kernel (None after an error)."""
        run = self.run
        context = EncodeContext(entity, dict(props))
        plan: list[Action] = []
        failed = False
        for prop, value in props:
            if not run.knows(prop, Site.FUNCTION):
                why = f"no rule for a function in the '{run.profile.name}' profile"
                plan.append(Action(prop, value, None, outcome=why, lowered=False, unknown=True))
                continue
            rules = run.rules(prop, Site.FUNCTION)
            if not rules:
                why = f"nothing: not for triple '{run.target.triple}'"
                plan.append(Action(prop, value, None, outcome=why, lowered=False))
            for rule in rules:
                if rule.skip_esimd and esimd:
                    why = "nothing: ESIMD kernel"
                    plan.append(Action(prop, value, None, outcome=why, lowered=False))
                    continue
                entries = run.encode(rule, value, context, function)
                if entries is None:
                    failed = True
                    continue
                if not entries:
                    why = "nothing: value not in the table"
                    plan.append(Action(prop, value, None, outcome=why, lowered=False))
                int_type = run.target.pointer_int if rule.int_type == "ptr" else "i32"
                one_entry = rule.target is RuleTarget.FUNCTION_METADATA
                for entry in entries[:1] if one_entry else entries:
                    operands = tuple(entry_operands(entry, int_type))
                    plan.append(
                        Action(
                            prop,
                            value,
                            rule.target,
                            operands,
                            rule.name,
                            rule.last,
                            key_operands=rule.key_operands,
                        )
                    )
        return None if failed else plan

    def _apply(self, function: FunctionItem, entity: str, plan: list[Action]) -> None:
        run = self.run
        decorations: list[Action] = []
        reference: str | None = None
        reference_key = ""
        for action in plan:
            mode = action.mode
            if action.target is None:
                run.note(
                    entity,
                    action.prop,
                    action.value,
                    action.outcome,
                    lowered=action.lowered,
                    unknown=action.unknown,
                )
            elif mode is not None:
                if reference is None:
                    reference = self._reference(function)
                    reference_key = operand_key((reference,))
                added = mode.add(run.lists, function, reference, reference_key)
                self._modes.append((reference, mode))
                if run.record:
                    shown = f"!spirv.ExecutionMode !{{{reference}, {action.joined}}}"
                    outcome = shown if added else f"{shown} (already present)"
                    run.note(entity, action.prop, action.value, outcome)
            elif action.target is RuleTarget.FUNCTION_DECORATION:
                decorations.append(action)
                run.note(entity, action.prop, action.value, f"!{{{action.joined}}}")
            elif action.target is RuleTarget.FUNCTION_METADATA:
                self._metadata(function, entity, action)
        if decorations:
            ordered = [a for a in decorations if not a.last] + [a for a in decorations if a.last]
            run.lists.extend_decorations(
                function, [a.operands for a in ordered], [a.key_operands for a in ordered]
            )

    def _reference(self, function: FunctionItem) -> str:
        if self.run.target.opaque:
            return f"ptr {printed_name(function.key or '@')}"
        return function_reference(function, opaque=False)

    def _metadata(self, function: FunctionItem, entity: str, action: Action) -> None:
        kind = f"!{action.name}"
        if mentions_attachment(function.header_text, kind):
            why = f"nothing: the existing {kind} wins"
            self.run.note(entity, action.prop, action.value, why, lowered=False)
            return
        self.run.lists.attach(function, kind, self.run.lists.node(action.operands))
        self.run.note(entity, action.prop, action.value, f"{kind} !{{{action.joined}}}")

    # -- kernel parameters --------------------------------------------------------------------

    def _parameter_plan(
        self, where: str, strings: dict[str, str | None], function: FunctionItem
    ) -> list[Action] | None:
        run = self.run
        context = EncodeContext(where, strings)
        plan: list[Action] = []
        failed = False
        for prop, value in sycl_properties(strings):
            if not run.knows(prop, Site.KERNEL_PARAMETER):
                why = f"no rule for a kernel_parameter in the '{run.profile.name}' profile"
                plan.append(Action(prop, value, None, outcome=why, lowered=False, unknown=True))
                continue
            for rule in run.rules(prop, Site.KERNEL_PARAMETER):
                entries = run.encode(rule, value, context, function)
                if entries is None:
                    failed = True
                    continue
                for entry in entries:
                    operands = tuple(entry_operands(entry))
                    plan.append(
                        Action(
                            prop,
                            value,
                            rule.target,
                            operands,
                            rule.name or "",
                            key_operands=rule.key_operands,
                        )
                    )
        return None if failed else plan

    def _parameters(self, function: FunctionItem, entity: str, header: FunctionHeader) -> None:
        """Lower the parameters' properties: worked out once per header shape (while no
        plan fails), recorded for each kernel, applied to each kernel."""
        key = header.parameter_strings
        lowering = self._parameter_lowerings.get(key)
        if lowering is None:
            lowering, failed = self._lower_parameters(function, entity, header)
            if not failed:
                self._parameter_lowerings[key] = lowering
        else:
            for index, plan in lowering.plans:
                self._record_parameter(f"{entity} parameter {index}", plan)
        self._apply_parameters(function, len(header.parameters), lowering)

    def _lower_parameters(
        self, function: FunctionItem, entity: str, header: FunctionHeader
    ) -> tuple[_ParameterLowering, bool]:
        """What the parameters' properties become, and whether a plan failed (its error is
        reported on ``function``); each plan is recorded as it is made."""
        lowering = _ParameterLowering([], {}, {}, {})
        failed = False
        for index, strings in enumerate(header.parameter_strings):
            if not strings:
                continue
            where = f"{entity} parameter {index}"
            plan = self._parameter_plans.get(strings)
            if plan is None:
                plan = self._parameter_plan(where, dict(strings), function)
                if plan is None:
                    failed = True
                    continue
                self._parameter_plans[strings] = plan
            lowering.plans.append((index, plan))
            self._record_parameter(where, plan)
            for action in plan:
                if action.target is RuleTarget.PARAMETER_ATTRIBUTE:
                    lowering.alignments[index] = int(action.operands[0].split()[-1])
                elif action.target is not None:
                    lowering.entries.setdefault(index, []).append(action.operands)
                    lowering.key_operands.setdefault(index, []).append(action.key_operands)
        return lowering, failed

    def _record_parameter(self, where: str, plan: list[Action]) -> None:
        """The findings of one parameter's plan (``--explain``, ``-v``)."""
        run = self.run
        if not run.record:
            return
        for action in plan:
            if action.target is None:
                run.note(
                    where, action.prop, action.value, action.outcome, lowered=False, unknown=True
                )
            elif action.target is RuleTarget.PARAMETER_ATTRIBUTE:
                alignment = int(action.operands[0].split()[-1])
                run.note(where, action.prop, action.value, f"{action.name} {alignment}")
            else:
                outcome = f"!spirv.ParameterDecorations !{{{action.joined}}}"
                run.note(where, action.prop, action.value, outcome)

    def _apply_parameters(
        self, function: FunctionItem, count: int, lowering: _ParameterLowering
    ) -> None:
        """Merge the entries into the kernel's ``!spirv.ParameterDecorations`` (a kernel
        without one gets the list the first such kernel of the shape got) and set the
        alignments."""
        lists = self.run.lists
        if lowering.entries:
            fresh = (
                not mentions_attachment(function.header_text, PARAMETER_DECORATIONS)
                or lists.attachment(function, PARAMETER_DECORATIONS) is None
            )
            if fresh and lowering.fresh_list is not None:
                lists.attach(function, PARAMETER_DECORATIONS, lowering.fresh_list)
            else:
                lists.extend_parameters(function, count, lowering.entries, lowering.key_operands)
                if fresh:
                    lowering.fresh_list = lists.attachment(function, PARAMETER_DECORATIONS)
        for index, alignment in lowering.alignments.items():
            _set_alignment(function, index, alignment)


@dataclass(slots=True)
class _ParameterLowering:
    """What the decorated parameters of one header shape become, for each of its kernels."""

    plans: list[tuple[int, list[Action]]]
    """Each decorated parameter's index and plan, in order."""
    entries: dict[int, list[Sequence[str]]]
    key_operands: dict[int, list[int | None]]
    alignments: dict[int, int]
    fresh_list: str | None = None
    """The ``!spirv.ParameterDecorations`` list a kernel that had none got (None: not yet)."""


def _local_kernel_warning(function: FunctionItem, linkage: re.Match[str]) -> Diagnostic:
    """A kernel the runtime cannot find, and whose execution modes llvm-spirv-15 asserts on."""
    at = None
    if not function.is_new:
        column = linkage.start(1) + 1
        at = Span(function.file, function.line, column, function.line, linkage.end(1))
    return Diagnostic.warning(
        f"kernel '{function.key}' has {linkage.group(1)} linkage: the SYCL runtime cannot look "
        "it up, and llvm-spirv-15 asserts when it translates the kernel's execution modes",
        at,
    )


def _set_alignment(function: FunctionItem, index: int, alignment: int) -> None:
    """Parameter ``index`` gets ``align N``; ``sycl-alignment`` and any old ``align`` go."""
    parameter = function.parsed_header.parameters[index]
    kept = [
        a
        for a in parameter.attributes
        if not (a.is_string and a.key == "sycl-alignment")
        and not (not a.is_string and a.key.startswith("align "))
    ]
    replace_parameter_attributes(function, index, [*kept, enum_attribute(f"align {alignment}")])
