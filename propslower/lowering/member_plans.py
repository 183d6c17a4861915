"""Member annotations worked out ahead on the second core, while the other rows are lowered.

A spec's member rows come after its function, parameter and global rows. On a large module
of clang's opaque-pointer shape, most of their time is ``member_lines.annotated_text`` over
every function that names the struct, and what it gives is a function of the body alone
once the header is known not to matter (below). So ``MemberPlans.start`` forks a child that
works it out for each such function, from the first on, while the parent lowers the other
rows; at the first member row the parent works it out from the last function back until
the two meet (each says how far it got in shared memory), then takes the child's answers.
``members.lower_member`` applies them in order, writing the annotation calls then (their
strings and declaration are made on first use, as without plans), and lowers a function
without a usable answer as before.

Why an answer is ``annotated_text``'s: the header is read only for the intrinsic's name,
for the names the function is searched for (each GEP's result and its wrapper's name), and
for the line break that ends it, where the body's searches start. An answer is made only
where the header then holds none of those names and ends its line, and it is used only where
the header now does the same and the body is still the same text of the module's source
(``Function.body_span``): either header gives what no header at all would.
"""

from __future__ import annotations

import mmap
from array import array
from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

from propslower.diagnostics import DiagnosticError
from propslower.forked import Forked, can_fork, several_cores
from propslower.ir.function_edits import Function
from propslower.ir.headers import header_end
from propslower.ir.module import Module
from propslower.lowering.annotation_calls import shape_of
from propslower.lowering.member_lines import (
    INTRINSIC,
    CallText,
    annotated_text,
    fresh_name,
    type_name,
)
from propslower.lowering.placements import MemberTarget, Placement
from propslower.lowering.spec_lines import MEMBER, SpecRows

Key = tuple[str, str]
"""A member row's struct type (``%name`` as written) and field index."""

PLAN_AT = 2_000
"""Functions to annotate (over every member row) from which a child is worth its cost: the
fork (4 ms for a process holding a 50 MB module), the work list and the answers' round trip
(about 2 us a function), against about 10 us a function planned."""

_MARK = "\x00"
"""Stands around an annotation call in a planned body (no function holding one is planned)."""


class Planned(NamedTuple):
    """``annotated_text``'s answer for one function: the function's ``body_span`` then, and
    the body with each annotation call left as a mark (between two ``_MARK``: the pointer's
    address space and name)."""

    span: tuple[int, int]
    body: str


def plan(function: Function, key: Key) -> Planned | None:
    """What ``annotated_text`` gives ``function`` for ``key`` whatever its header; None when
    the header matters, the body was edited, the function is not of the shape covered, or
    reading it fails (the lowering then meets the failure where it would without plans)."""
    try:
        return _plan(function, key)
    except Exception:  # a plan is only a shortcut: no plan, no shortcut
        return None


def _plan(function: Function, key: Key) -> Planned | None:
    span = function.body_span()
    if span is None:
        return None
    text = function.text
    header = text[: header_end(text, 0, len(text))]
    if _MARK in text or not _header_allows(header, ()):
        return None
    names: list[str] = []
    found = annotated_text(text, key[0], key[1], _marked, names)
    if found is None or not _header_allows(header, names):
        return None
    return Planned(span, found[0])


def _header_allows(header: str, names: Sequence[str]) -> bool:
    return header.endswith("\n") and INTRINSIC not in header and not any(n in header for n in names)


def _marked(space: int, pointer: str) -> str:
    return f"{_MARK}{space} {pointer}{_MARK}"


class _Calls:
    """Writes the annotation calls of planned bodies, each mark's call worked out once."""

    def __init__(self, call_text: CallText) -> None:
        self._call_text = call_text
        self._known: dict[str, tuple[int, str, str, str | None]] = {}
        """A mark's text → its address space, pointer, the pointer's wrapper name, and the
        call (None until first written)."""

    def written(self, body: str, header: str) -> tuple[str, int] | None:
        """The planned ``body`` with its calls written, and how many; None when ``header``
        holds a name the plan searched the function for."""
        parts = body.split(_MARK)
        known = self._known
        for at in range(1, len(parts), 2):
            mark = parts[at]
            found = known.get(mark)
            if found is None:
                space, pointer = mark.split(" ")
                found = known[mark] = (int(space), pointer, fresh_name(pointer), None)
            space_number, pointer, wrapper, call = found
            if pointer in header or wrapper in header:
                return None
            if call is None:  # written the first time it is used, as without plans
                call = self._call_text(space_number, pointer)
                known[mark] = (space_number, pointer, wrapper, call)
            parts[at] = call
        return "".join(parts), len(parts) // 2


def member_keys(placements: Sequence[Placement]) -> list[Key]:
    """The distinct (struct type, field) of the member placements, in order."""
    targets: list[MemberTarget] = []
    if isinstance(placements, SpecRows):
        kinds, row = placements.kinds, placements.kinds.find(MEMBER)
        while row >= 0:
            owner = placements.name(row).removeprefix("%")
            targets.append(MemberTarget(owner, placements.indices[row]))
            row = kinds.find(MEMBER, row + 1)
    else:
        targets = [p.target for p in placements if isinstance(p.target, MemberTarget)]
    return list(dict.fromkeys((type_name(t.struct), str(t.field)) for t in targets))


class MemberPlans:
    """The planned answers for a run's member rows: the child's, and the parent's own."""

    def __init__(
        self, work: list[tuple[Key, Function]], progress: mmap.mmap, child: Forked[_Answers]
    ) -> None:
        self._work, self._progress, self._child = work, progress, child
        self._found: dict[tuple[Key, int], Planned] | None = None

    @classmethod
    def start(cls, module: Module, placements: Sequence[Placement]) -> MemberPlans | None:
        """Fork the child for the member rows of ``placements``; None when no child is worth
        it (too few functions, another shape, one core) or none can be forked."""
        keys = member_keys(placements)
        if not keys or not (can_fork() and several_cores()):
            return None
        try:
            if not shape_of(module).opaque:
                return None
            work = [(key, f) for key in keys for f in module.functions_containing(key[0])]
        except DiagnosticError:  # the lowering reports it, in its place among the rows
            return None
        if len(work) < PLAN_AT:
            return None
        progress = mmap.mmap(-1, 16)  # what the child has claimed, and the parent
        with memoryview(progress).cast("q") as claimed:
            claimed[1] = len(work)
        return cls(work, progress, Forked.start(partial(_forward, work, progress)))

    def edits(self, key: Key, call_text: CallText) -> Callable[[Function], tuple[str, int] | None]:
        """For the member row of ``key``: a function giving ``annotated_text(function.text,
        *key, call_text)`` from the function's answer, or None without one that holds for
        the function as it is now."""
        answers = self._answers()
        calls = _Calls(call_text)

        def edited(function: Function) -> tuple[str, int] | None:
            planned = answers.pop((key, function.number), None)  # its body goes once used
            if planned is None or function.body_span() != planned.span:
                return None
            header = function.header_text
            if not _header_allows(header, ()):
                return None
            return calls.written(planned.body, header)

        return edited

    def _answers(self) -> dict[tuple[Key, int], Planned]:
        if self._found is not None:
            return self._found
        work = self._work
        own: list[tuple[int, Planned | None]] = []
        with memoryview(self._progress).cast("q") as claimed:
            at = len(work)
            while at > 0:
                claimed[1] = at - 1
                if claimed[0] >= at:
                    break
                at -= 1
                own.append((at, plan(work[at][1], work[at][0])))
        child = self._child.result()
        self._child.close()  # the answers go from here as they are used
        # where both saw the other's claim at once, neither planned the function
        own += [(gap, plan(work[gap][1], work[gap][0])) for gap in range(child.done, at)]
        spans = child.spans
        answers = [
            (index, Planned((spans[2 * n], spans[2 * n + 1]), body))
            for n, (index, body) in enumerate(zip(child.indices, child.bodies, strict=True))
        ]
        found: dict[tuple[Key, int], Planned] = {}
        for index, planned in [*answers, *own]:
            if planned is not None:
                key, function = work[index]
                found[key, function.number] = planned
        self._found = found
        return found

    def close(self) -> None:
        """End the child if it still runs."""
        self._child.close()
        self._progress.close()


class _Answers(NamedTuple):
    """The child's answers as columns (a list of tuples takes three times longer to load)."""

    indices: array[int]
    """Where in the work each answer is."""
    spans: array[int]
    """Each answer's span, as two numbers."""
    bodies: list[str]
    done: int
    """How many functions from the first the child went through."""


def _forward(work: list[tuple[Key, Function]], progress: mmap.mmap) -> _Answers:
    """The answers from the first function on, until the parent's claim."""
    indices, spans, bodies, done = array("q"), array("q"), [], 0
    with memoryview(progress).cast("q") as claimed:
        for index, (key, function) in enumerate(work):
            claimed[0] = index + 1
            if index >= claimed[1]:
                break
            planned = plan(function, key)
            done = index + 1
            if planned is not None:
                indices.append(index)
                spans.extend(planned.span)
                bodies.append(planned.body)
    return _Answers(indices, spans, bodies, done)
