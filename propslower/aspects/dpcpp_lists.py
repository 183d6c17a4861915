"""The lists DPC++'s SYCLPropagateAspectsUsage writes, in its order and by its walk.

The ``dpcpp`` profile writes what the pass writes, element for element:

* ``!sycl_used_aspects``: a function's own aspects (return and argument types, then each
  instruction's types and ``!sycl_used_aspects`` in body order, then its own
  ``!sycl_used_aspects``), then what its callees bring, in call order, by one depth-first
  walk from the entry points with one visited set (a function no entry point reaches keeps its
  own aspects); declared aspects propagated the same way are added after; the sets are
  ``llvm::SmallSet<int, 4>`` (``llvm_sets.SmallSet``);
* calls through a ``"sycl-call-if-on-device-conditionally"`` helper lead to the callable it
  is given (argument 0); what is reached only through such calls goes to
  ``!sycl_conditionally_used_aspects`` as ``!{!{conditions}, !{aspects}}`` pairs, conditions
  being the helper call's constant integer arguments from the third on, per call path;
* a function with ``"calls-indirectly"="S1,S2"`` that makes a call marked
  ``"virtual-call"`` calls every function whose ``"indirectly-callable"`` names S1 or S2;
* every entry point gets ``!sycl_fixed_targets``: the ``--fixed-targets`` values (``!{}``
  without the option).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from propslower.aspects.aspect_metadata import aspect_values
from propslower.aspects.llvm_sets import SmallSet
from propslower.aspects.scan import CALLS_INDIRECTLY, INDIRECTLY_CALLABLE, FunctionFacts
from propslower.aspects.type_uses import TypeUseScanner
from propslower.ir.lex import LexError, match_bracket, split_commas
from propslower.ir.module import Module
from propslower.ir.strings import name_of

CONDITIONAL_CALL = "sycl-call-if-on-device-conditionally"
"""The attribute of the helper ``call_if_on_device_conditionally`` compiles to."""
VIRTUAL_CALL = "virtual-call"
"""The call-site attribute clang puts on a virtual call in device code."""
USED = "sycl_used_aspects"

_CALL = re.compile(r'(?<![\w%.])call[ \t][^\n]*?(@|%)("(?:[^"\\]|\\.)*"|[-\w$.]+)[ \t]*\(')
"""A ``call`` (not ``invoke``: DPC++ reads ``CallInst`` only) and its callee, direct or not."""
_CALL_GROUPS = re.compile(r"#(\d+)")
_USED_ON_INSTRUCTION = re.compile(r",\s*!sycl_used_aspects\s+(!\d+)")
_INTEGER = re.compile(r"(?:^|\s)(-?\d+|true|false)$")
_FUNCTION_ARG = re.compile(r'@("(?:[^"\\]|\\.)*"|[-\w$.]+)\s*$')


@dataclass(frozen=True)
class CallSite:
    """One ``call`` in a body: its callee (index) or an indirect call, and its arguments."""

    callee: int | None
    arguments: tuple[str, ...]
    virtual: bool


@dataclass
class DpcppLists:
    """What the pass writes, by function index; each list in the pass's order."""

    used: dict[int, list[int]] = field(default_factory=dict)
    conditional: dict[int, list[tuple[list[int], list[int]]]] = field(default_factory=dict)
    fixed_targets: dict[int, list[int]] = field(default_factory=dict)


def _calls(module: Module, fact: FunctionFacts, index: dict[str, int]) -> Iterator[CallSite]:
    text = fact.text
    if not fact.is_definition:
        return
    body = text.find("\n")
    for match in _CALL.finditer(text, max(body, 0)):
        sigil, token = match.group(1), match.group(2)
        name = name_of(f"@{token}") if token.startswith('"') else token
        lexed = _call_arguments(text, match.end() - 1)
        if lexed is None:
            continue  # not a call LLVM would read; the verifier reports the input
        close, arguments = lexed
        line_end = text.find("\n", close)
        tail = text[close : len(text) if line_end < 0 else line_end]
        virtual = sigil == "%" and _is_virtual(module, tail)
        yield CallSite(index.get(name) if sigil == "@" else None, arguments, virtual)


_Lexed = tuple[int, tuple[str, ...]]
_CALL_LINES: dict[str, _Lexed | None] = {}
"""By the text of a call's line from its ``(`` on: where the ``)`` closing it is (just past
it, from the ``(``) and the arguments, or None when they do not lex. Most calls of a module
have few argument texts (``(ptr addrspace(1) %p)``), each lexed once."""
_CALL_LINES_LIMIT = 1 << 16


def _call_arguments(text: str, open_at: int) -> _Lexed | None:
    """Just past the ``)`` closing the ``(`` at ``open_at``, and the call's arguments between
    them; None when they do not lex. The same as ``_lex_call``: when the bracket closes on
    its own line, the lexers read nothing past that line, so the line decides."""
    line_end = text.find("\n", open_at)
    line = text[open_at : len(text) if line_end < 0 else line_end + 1]
    if line in _CALL_LINES:
        known = _CALL_LINES[line]
        return None if known is None else (open_at + known[0], known[1])
    try:
        close = match_bracket(line, 0)
    except LexError:
        return _lex_call(text, open_at)  # it may close on a later line
    lexed = _lex_call(line, 0)
    if len(_CALL_LINES) >= _CALL_LINES_LIMIT:
        _CALL_LINES.clear()
    _CALL_LINES[line] = lexed
    return None if lexed is None else (open_at + close, lexed[1])


def _lex_call(text: str, open_at: int) -> _Lexed | None:
    """``_call_arguments`` by lexing the text from ``open_at`` on (the general path)."""
    try:
        close = match_bracket(text, open_at)
        commas = split_commas(text, open_at + 1, close - 1)
    except LexError:
        return None
    return close, tuple(text[a:b] for a, b in commas)


def _is_virtual(module: Module, tail: str) -> bool:
    if f'"{VIRTUAL_CALL}"' in tail:
        return True
    for group_id in _CALL_GROUPS.findall(tail.split("!", 1)[0]):
        group = module.attribute_group(int(group_id))
        if group is not None and any(
            a.is_string and a.key == VIRTUAL_CALL for a in group.attributes
        ):
            return True
    return False


def makes_virtual_call(module: Module, fact: FunctionFacts) -> bool:
    """Whether the function's body holds a call marked ``"virtual-call"``."""
    if not fact.is_definition or "%" not in fact.text:
        return False
    return any(call.virtual for call in _calls(module, fact, {}))


def _constant_int(argument: str) -> int | None:
    match = _INTEGER.search(argument.strip())
    if match is None:
        return None
    word = match.group(1)
    if word in ("true", "false"):
        return -1 if word == "true" else 0
    return int(word)


def _set_names(value: str | None) -> list[str]:
    return [name.strip() for name in (value or "").split(",") if name.strip()]


class _Walk:
    """The pass's maps over the module's functions (by index), built in its order."""

    def __init__(
        self,
        module: Module,
        facts: Sequence[FunctionFacts],
        scanner: TypeUseScanner,
        ordered: dict[int, list[int]],
        conditional: bool,
    ) -> None:
        self.module = module
        self.facts = facts
        self.scanner = scanner
        self._ordered = ordered
        self.index = {fact.name: i for i, fact in enumerate(facts)}
        self.conditional = [conditional and CONDITIONAL_CALL in fact.attributes for fact in facts]
        self.graph: list[list[int]] = [[] for _ in facts]
        self.local_conditions: list[dict[int, SmallSet]] = [{} for _ in facts]
        self._build_graph()

    def _insert(self, caller: int, callee: int) -> None:
        if callee not in self.graph[caller]:
            self.graph[caller].append(callee)

    def _build_graph(self) -> None:
        members: dict[str, list[int]] = {}
        for i, fact in enumerate(self.facts):
            for name in _set_names(fact.attributes.get(INDIRECTLY_CALLABLE)):
                members.setdefault(name, []).append(i)
        for i, fact in enumerate(self.facts):
            sets = _set_names(fact.attributes.get(CALLS_INDIRECTLY))
            for call in _calls(self.module, fact, self.index):
                if call.callee is None:
                    if call.virtual:
                        for name in sets:
                            for member in members.get(name, ()):
                                self._insert(i, member)
                    continue
                if not self.conditional[call.callee]:
                    self._insert(i, call.callee)
                    continue
                conditions = self.local_conditions[i].setdefault(call.callee, SmallSet())
                for argument in call.arguments[2:]:
                    value = _constant_int(argument)
                    if value is not None:
                        conditions.add(value)
                callable_match = _FUNCTION_ARG.search(call.arguments[0]) if call.arguments else None
                if callable_match is None:
                    continue
                callable_index = self.index.get(name_of(f"@{callable_match.group(1)}"))
                if callable_index is not None:
                    self._insert(i, call.callee)
                    self._insert(call.callee, callable_index)

    def own_aspects(self, i: int) -> list[int]:
        """Aspects of the function's types and instructions, in body order (no own list)."""
        fact = self.facts[i]
        text = fact.text
        found: list[tuple[int, list[int]]] = []
        pattern = self.scanner.pattern
        if pattern is not None:
            for match in pattern.finditer(text):
                found.append((match.start(), self._ordered[self.scanner.masks[match.group()]]))
        if fact.is_definition:
            body = max(text.find("\n"), 0)
            for match in _USED_ON_INSTRUCTION.finditer(text, body):
                found.append((match.start(), aspect_values(self.module, match.group(1)) or []))
        found.sort(key=lambda pair: pair[0])
        return [value for _, values in found for value in values]


def _preorder(
    starts: Iterable[int], graph: Sequence[Sequence[int]], visit: list[bool]
) -> Iterator[tuple[int, int]]:
    """``(caller, callee)`` for each edge the pass's recursive walks take, in their order:
    every edge of a caller is seen, a callee is entered only the first time (``visit``)."""
    for start in starts:
        stack: list[tuple[int, int]] = [(start, 0)]
        while stack:
            caller, position = stack.pop()
            callees = graph[caller]
            if position >= len(callees):
                continue
            stack.append((caller, position + 1))
            callee = callees[position]
            yield caller, callee
            if not visit[callee]:
                visit[callee] = True
                stack.append((callee, 0))


@dataclass
class _Frame:
    """One call of the pass's recursive walk: the function, the next callee, what they bring."""

    node: int
    position: int = 0
    local: SmallSet = field(default_factory=SmallSet)


def _propagate(
    starts: Sequence[int],
    graph: Sequence[Sequence[int]],
    sets: dict[int, SmallSet],
    unconditional: set[int],
) -> None:
    """``propagateAspectsThroughCG`` from each start with one visited set, iteratively: a
    caller takes each callee's set after the callee's own walk (first visit only)."""
    visited = [False] * len(graph)
    for start in starts:
        stack = [_Frame(start)]
        while stack:
            frame = stack[-1]
            callees = graph[frame.node]
            if frame.position < len(callees):
                callee = callees[frame.position]
                if not visited[callee]:
                    visited[callee] = True
                    stack.append(_Frame(callee))
                    continue
                frame.local.update(_set_of(sets, callee))
                frame.position += 1
                continue
            stack.pop()
            if callees and frame.node in unconditional:
                _set_of(sets, frame.node).update(frame.local)


def _set_of(sets: dict[int, SmallSet], node: int) -> SmallSet:
    """``sets.setdefault(node, SmallSet())`` without making a set for every call of it."""
    found = sets.get(node)
    if found is None:
        found = sets[node] = SmallSet()
    return found


def _holds_any(sets: dict[int, SmallSet]) -> bool:
    """Whether any of ``sets`` holds an element (``_propagate`` can carry something)."""
    return any(len(found) for found in sets.values())


def dpcpp_lists(
    module: Module,
    facts: Sequence[FunctionFacts],
    scanner: TypeUseScanner,
    ordered: dict[int, list[int]],
    *,
    entry_points: Sequence[int],
    excluded: frozenset[int],
    fixed_targets: Sequence[int] | None,
    conditional_calls: bool = True,
) -> DpcppLists:
    """What the pass writes for ``module``. ``ordered`` maps each mask of ``scanner`` to its
    values in order; ``fixed_targets`` None writes none; ``conditional_calls`` False follows
    conditional calls as plain ones (no conditionally used lists)."""
    walk = _Walk(module, facts, scanner, ordered, conditional_calls)
    graph = walk.graph
    unconditional: set[int] = set()
    conditional: set[int] = set()
    visit = [False] * len(facts)
    for entry in entry_points:
        (conditional if walk.conditional[entry] else unconditional).add(entry)
        for caller, callee in _preorder([entry], graph, visit):
            if not walk.conditional[callee] and caller in unconditional:
                unconditional.add(callee)
            if walk.conditional[callee] or caller in conditional:
                conditional.add(callee)
    for i in range(len(facts)):
        if not visit[i]:
            (conditional if walk.conditional[i] else unconditional).add(i)

    used: dict[int, SmallSet] = {}
    conditionally: dict[int, SmallSet] = {}
    declared: dict[int, SmallSet] = {}
    existing: dict[int, list[int]] = {}
    for i, fact in enumerate(facts):
        own = walk.own_aspects(i)
        if own and i in unconditional:
            used.setdefault(i, SmallSet()).update(own)
        if own and i in conditional:
            conditionally.setdefault(i, SmallSet()).update(own)
        ref = fact.attachments.get(f"!{USED}")
        if ref is not None:
            existing[i] = aspect_values(module, ref) or []
            used.setdefault(i, SmallSet()).update(existing[i])
        declared_ref = fact.attachments.get("!sycl_declared_aspects")
        if declared_ref is not None:
            declared.setdefault(i, SmallSet()).update(aspect_values(module, declared_ref) or [])

    _propagate(entry_points, graph, used, unconditional)
    pairs = _conditional_pairs(walk, entry_points, conditionally) if any(walk.conditional) else {}
    if _holds_any(declared):  # else the walk would only add empty sets, which add nothing
        _propagate(entry_points, graph, declared, unconditional)

    out = DpcppLists()
    for i in sorted(used):
        unique = SmallSet(a for a in used[i] if a not in excluded)
        unique.update(declared.get(i, ()))
        if not len(unique):
            continue
        unique.update(existing.get(i, ()))
        out.used[i] = list(unique)
    for i in sorted(pairs):
        out.conditional[i] = [(list(c), list(a)) for c, a in pairs[i]]
    if fixed_targets is not None:
        for entry in entry_points:
            out.fixed_targets[entry] = list(fixed_targets)
    return out


Pair = tuple[SmallSet, SmallSet]


def _conditional_pairs(
    walk: _Walk, entry_points: Sequence[int], aspects: dict[int, SmallSet]
) -> dict[int, list[Pair]]:
    """``!sycl_conditionally_used_aspects`` per function, by the pass's path walk."""
    conditions: dict[int, SmallSet] = {}
    paths: list[list[int]] = []
    for entry in entry_points:
        _conditions_from(walk, entry, conditions)
        paths.extend(_paths_from(walk, entry))
    result: dict[int, list[Pair]] = {}

    def contains(pairs: list[Pair], pair: Pair) -> bool:
        return any(c == pair[0] and a == pair[1] for c, a in pairs)

    for path in paths:
        last = len(path) - 1
        for i in range(last, -1, -1):
            node = path[i]
            if i != last:
                child = path[i + 1]
                aspects.setdefault(node, SmallSet()).update(aspects.setdefault(child, SmallSet()))
                if not len(conditions.setdefault(node, SmallSet())):
                    conditions[node] = conditions.setdefault(child, SmallSet()).copy()
            pair = (
                conditions.setdefault(node, SmallSet()).copy(),
                aspects.setdefault(node, SmallSet()).copy(),
            )
            if len(pair[0]) and len(pair[1]):
                found = result.setdefault(node, [])
                if not contains(found, pair):
                    found.append(pair)
            if i != last:
                child_pairs = result.setdefault(path[i + 1], [])
                if child_pairs:
                    mine = result.setdefault(node, [])
                    for child_pair in child_pairs:
                        if not contains(mine, child_pair):
                            mine.append(child_pair)
    return result


def _conditions_from(walk: _Walk, start: int, conditions: dict[int, SmallSet]) -> None:
    """``propagateConditionExpressionsThroughCG``: every path, the last visit of a function
    setting its conditions (a call cycle is not followed round again)."""
    stack: list[tuple[int, int, tuple[int, ...]]] = [(start, 0, (start,))]
    while stack:
        node, position, on_path = stack.pop()
        callees = walk.graph[node]
        if position >= len(callees):
            continue
        stack.append((node, position + 1, on_path))
        callee = callees[position]
        new = conditions.setdefault(node, SmallSet()).copy()
        if walk.conditional[callee]:
            new.update(walk.local_conditions[node].get(callee, ()))
        conditions[callee] = new
        if callee not in on_path:
            stack.append((callee, 0, (*on_path, callee)))


def _paths_from(walk: _Walk, start: int) -> list[list[int]]:
    """``identifyPathsContainingConditionalCallers``: the paths to a function that calls
    nothing, through a conditional helper, in walk order (cycles are not followed)."""
    paths: list[list[int]] = []
    stack: list[tuple[int, list[int]]] = [(start, [start])]
    while stack:
        node, path = stack.pop()
        callees = walk.graph[node]
        if not callees:
            if any(walk.conditional[f] for f in path):
                paths.append(path)
            continue
        for callee in reversed(callees):
            if callee not in path:
                stack.append((callee, [*path, callee]))
    return paths
