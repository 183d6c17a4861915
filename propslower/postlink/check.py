"""Would a kernel raise ``errc::kernel_not_supported`` on a target? Reasons and call chains."""

from __future__ import annotations

from dataclasses import dataclass, field

from propslower.aspects.table import AspectTable
from propslower.ir.functions import FunctionItem
from propslower.ir.module import Module
from propslower.postlink.compat import check_compatibility
from propslower.postlink.device_config import TargetInfo
from propslower.postlink.entry_points import entry_point, own_aspects
from propslower.postlink.function_facts import FactsReader, direct_callees, uses_double
from propslower.postlink.requirements import Requirements
from propslower.properties.profiles import Profile


@dataclass(frozen=True)
class Failure:
    """One failed requirement; for an aspect, the call chain that brings it in."""

    reason: str
    aspect: int | None = None
    chain: tuple[str, ...] = ()
    origin: str = ""
    """What makes the chain's last function use the aspect (a metadata kind, ``double``)."""


@dataclass
class CheckResult:
    """The verdict for one kernel on one target."""

    kernel: str
    target: str
    requirements: Requirements
    failures: list[Failure] = field(default_factory=list)

    @property
    def supported(self) -> bool:
        return not self.failures


class AspectOrigins:
    """Each function's own aspects (metadata, ``double``) and callees; ``Used`` on demand."""

    def __init__(self, module: Module, profile: Profile, table: AspectTable) -> None:
        self.reader = FactsReader(module)
        self.module = module
        kinds = (
            profile.used_aspects_metadata,
            *profile.split_aspect_metadata,
            profile.allowed_aspects_metadata,
        )
        self.kinds = tuple(dict.fromkeys(kinds))
        self.fp64 = table.value_of("fp64")
        self._own: dict[str, dict[int, str]] = {}
        self._used: dict[str, frozenset[int]] = {}
        self._callees: dict[str, list[str]] = {}

    def function(self, name: str) -> FunctionItem | None:
        return self.module.function(name)

    def own(self, name: str) -> dict[int, str]:
        """Aspect → what introduces it in ``name`` itself."""
        found = self._own.get(name)
        if found is not None:
            return found
        found = {}
        item = self.function(name)
        if item is not None:
            for kind in self.kinds:
                for aspect in own_aspects(self.reader, item, (kind,)):
                    found.setdefault(aspect.value, f"!{kind}")
            if self.fp64 is not None and item.is_definition and uses_double(item):
                found.setdefault(self.fp64, "uses 'double'")
        self._own[name] = found
        return found

    def callees(self, name: str) -> list[str]:
        """The functions ``name`` calls directly, in call order (read once per function)."""
        found = self._callees.get(name)
        if found is None:
            item = self.function(name)
            found = [] if item is None else [c for c in direct_callees(item) if self.function(c)]
            self._callees[name] = found
        return found

    def used(self, name: str) -> frozenset[int]:
        """``own`` of ``name`` and of every function it reaches (an iterative walk: any depth)."""
        found = self._used.get(name)
        if found is not None:
            return found
        values: set[int] = set()
        seen = {name}
        stack = [name]
        while stack:
            current = stack.pop()
            values.update(self.own(current))
            for callee in self.callees(current):
                if callee not in seen:
                    seen.add(callee)
                    stack.append(callee)
        result = self._used[name] = frozenset(values)
        return result

    def chain(self, name: str, aspect: int) -> tuple[tuple[str, ...], str]:
        """From ``name``, the first callee (in call order) that brings ``aspect`` without going
        back through the chain so far, down to where no callee brings it: the function that
        uses it itself.

        One depth-first walk with an explicit stack, each function entered at most once: a
        function whose walk found no user of ``aspect`` cannot reach one except through the
        chain above it, so it is never tried again (linear, any depth).
        """
        path = [name]
        positions = [0]
        dead: set[str] = set()
        on_path = {name}
        while True:
            current = path[-1]
            callees = self.callees(current)
            position = positions[-1]
            while position < len(callees):
                callee = callees[position]
                position += 1
                if callee not in on_path and callee not in dead:
                    positions[-1] = position
                    path.append(callee)
                    positions.append(0)
                    on_path.add(callee)
                    break
            else:
                if aspect in self.own(current) or len(path) == 1:
                    return tuple(path), self.own(current).get(aspect, "")
                dead.add(current)
                on_path.discard(current)
                path.pop()
                positions.pop()


def kernel_requirements(
    origins: AspectOrigins, item: FunctionItem, profile: Profile
) -> Requirements:
    """A kernel's needs: ``Used`` over its call graph, required sub-group / work-group size."""
    entry = entry_point(origins.reader, item, profile)
    key = set() if entry is None else set(entry.aspect_values)
    aspects = tuple(sorted(key | origins.used(origins.reader.facts(item).name)))
    if entry is None:
        return Requirements(aspects)
    return Requirements(aspects, entry.reqd_sub_group_size, entry.reqd_work_group_size)


def check_requirements(
    kernel: str,
    requirements: Requirements,
    target: TargetInfo,
    table: AspectTable,
    origins: AspectOrigins | None = None,
) -> CheckResult:
    """Every failed requirement; aspect failures get a call chain when ``origins`` is given."""
    result = CheckResult(kernel, target.name, requirements)
    for aspect in requirements.aspects:
        for reason in check_compatibility(Requirements((aspect,)), target, table):
            chain: tuple[str, ...] = ()
            origin = ""
            if origins is not None and origins.function(kernel) is not None:
                chain, origin = origins.chain(kernel, aspect)
            result.failures.append(Failure(reason, aspect, chain, origin))
    sizes = Requirements((), requirements.reqd_sub_group_size, requirements.reqd_work_group_size)
    result.failures.extend(Failure(r) for r in check_compatibility(sizes, target, table))
    return result


def render_result(result: CheckResult) -> str:
    """The report ``propslower check`` prints."""
    if result.supported:
        return f"kernel '{result.kernel}' is supported by target '{result.target}'\n"
    lines = [
        f"kernel '{result.kernel}' is not supported by target '{result.target}' "
        "(submitting it raises errc::kernel_not_supported):"
    ]
    for failure in result.failures:
        lines.append(f"  {failure.reason}")
        if failure.chain:
            origin = f" ({failure.origin})" if failure.origin else ""
            lines.append(f"    call chain: {' -> '.join(failure.chain)}{origin}")
    return "".join(line + "\n" for line in lines)
