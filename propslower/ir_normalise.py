"""Normalising IR text for snapshots: no module ids, file names or producers, stable numbers.

Attribute groups and metadata nodes are named by their content rather than by where they
first appear: ``#N`` is a number derived from a hash of the group's attributes, and ``!N``
from a hash of the node's text with each node it refers to replaced by that node's own hash
(LLVM uniques metadata by content too). Their definitions are printed sorted by the new
numbers. So adding one attribute to one function changes that function's line and adds (or
drops) one ``attributes`` line; every other line keeps its numbers.

Two groups or nodes whose hashes fall on the same number are told apart by content order
(the second takes the next free number); nodes in a reference cycle (``distinct`` loops,
debug information) are hashed with the back reference left out.

Needs neither pytest nor syrupy, so any test framework (or a diff script) can use it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable

_MODULE_ID = re.compile(r"^; ModuleID = .*\n", re.MULTILINE)
_SOURCE_FILENAME = re.compile(r'^source_filename = ".*"\n', re.MULTILINE)
_PRODUCER = re.compile(r'!"[^"]*(?:clang|LLVM) version [^"]*"')
_REFERENCE = re.compile(r'"[^"]*"|;[^\n]*|(?<![\w.$\\-])([!#])(\d+)\b')
"""A string or a comment (skipped), or a reference ``!N`` / ``#N`` (sigil, number)."""
_GROUP_DEFINITION = re.compile(r"attributes[ \t]+#(\d+)[ \t]*=[ \t]*(.*?)[ \t]*$", re.DOTALL)
_NODE_DEFINITION = re.compile(r"!(\d+)[ \t]*=[ \t]*(.*?)[ \t]*$", re.DOTALL)

GROUP_NUMBERS = 10_000
"""Attribute groups are numbered ``#0`` to ``#9999``."""
NODE_NUMBERS = 1_000_000
"""Metadata nodes are numbered ``!0`` to ``!999999``."""


def normalise_ir(text: str) -> str:
    """``text`` with module ids, file names and producers removed, and attribute groups and
    metadata nodes numbered by their content (definitions sorted by number)."""
    text = _MODULE_ID.sub("", text)
    text = _SOURCE_FILENAME.sub("", text)
    text = _PRODUCER.sub('!"<producer>"', text)
    lines = text.splitlines(keepends=True)
    groups: dict[str, str] = {}
    nodes: dict[str, str] = {}
    kinds: list[str] = []
    for line in lines:
        body = line.rstrip("\n")
        group = _GROUP_DEFINITION.match(body)
        node = None if group is not None else _NODE_DEFINITION.match(body)
        if group is not None:
            groups.setdefault(group.group(1), group.group(2))
            kinds.append("#")
        elif node is not None:
            nodes.setdefault(node.group(1), node.group(2))
            kinds.append("!")
        else:
            kinds.append("")
    renumber = {
        "#": _numbers({key: _digest(body) for key, body in groups.items()}, GROUP_NUMBERS),
        "!": _numbers(_node_digests(nodes), NODE_NUMBERS),
    }

    def replace(match: re.Match[str]) -> str:
        sigil = match.group(1)
        if sigil is None:
            return match.group(0)
        names = renumber[sigil]
        number = names.get(match.group(2))
        if number is None:
            digest = _digest(f"undefined {sigil}{match.group(2)}")
            number = names[match.group(2)] = _free(set(names.values()), digest, _limit(sigil))
        return f"{sigil}{number}"

    return _sorted_definitions([_REFERENCE.sub(replace, line) for line in lines], kinds)


def _limit(sigil: str) -> int:
    return GROUP_NUMBERS if sigil == "#" else NODE_NUMBERS


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()


def _references(body: str) -> list[str]:
    """The node numbers ``body`` refers to, in order (strings and comments skipped)."""
    return [m.group(2) for m in _REFERENCE.finditer(body) if m.group(1) == "!"]


def _node_digests(nodes: dict[str, str]) -> dict[str, str]:
    """Each node's digest: its text with every referenced node replaced by that node's
    digest (a reference back into a cycle being walked, or to no node, by a marker)."""
    digests: dict[str, str] = {}
    walking: set[str] = set()
    references = {key: [r for r in _references(body) if r in nodes] for key, body in nodes.items()}
    for root in nodes:
        if root in digests:
            continue
        stack: list[str] = [root]
        walking.add(root)
        while stack:
            key = stack[-1]
            waiting = next(
                (ref for ref in references[key] if ref not in digests and ref not in walking),
                None,
            )
            if waiting is not None:
                stack.append(waiting)
                walking.add(waiting)
                continue
            digests[key] = _digest(_node_text(nodes[key], digests))
            walking.discard(key)
            stack.pop()
    return digests


def _node_text(body: str, digests: dict[str, str]) -> str:
    """``body`` with each ``!N`` replaced by ``N``'s digest (``!^`` for a back reference)."""

    def replace(match: re.Match[str]) -> str:
        if match.group(1) != "!":
            return match.group(0)
        digest = digests.get(match.group(2))
        return "!^" if digest is None else f"!<{digest}>"

    return _REFERENCE.sub(replace, body)


def _numbers(digests: dict[str, str], limit: int) -> dict[str, int]:
    """Old number → new number: each digest's number, the next free one on a collision
    (taken in digest order, so the outcome does not depend on the input's numbering)."""
    taken: dict[str, int] = {}
    used: set[int] = set()
    for key in sorted(digests, key=lambda k: (digests[k], int(k))):
        taken[key] = number = _free(used, digests[key], limit)
        used.add(number)
    return taken


def _free(used: set[int], digest: str, limit: int) -> int:
    """The number ``digest`` gives, or the next one ``used`` does not hold."""
    number = int(digest, 16) % limit
    while number in used:
        number = (number + 1) % limit
    return number


def _sorted_definitions(lines: list[str], kinds: list[str]) -> str:
    """The lines, each kind of definition moved, sorted by number, to where the first was."""
    out: list[str] = []
    placed: set[str] = set()
    definitions = {
        sigil: sorted(
            (line for line, kind in zip(lines, kinds, strict=True) if kind == sigil),
            key=_definition_number(sigil),
        )
        for sigil in ("#", "!")
    }
    for line, kind in zip(lines, kinds, strict=True):
        if not kind:
            out.append(line)
        elif kind not in placed:
            placed.add(kind)
            out.extend(_with_line_breaks(definitions[kind]))
    return "".join(out)


def _definition_number(sigil: str) -> Callable[[str], int]:
    pattern = _GROUP_DEFINITION if sigil == "#" else _NODE_DEFINITION

    def number(line: str) -> int:
        match = pattern.match(line.rstrip("\n"))
        return int(match.group(1)) if match is not None else -1

    return number


def _with_line_breaks(lines: Iterable[str]) -> list[str]:
    """``lines`` each ending with a line break (the last line of a text may lack one)."""
    return [line if line.endswith("\n") else f"{line}\n" for line in lines]
