"""A fast linear scan of every function: kind, SYCL attributes, attachments, direct callees.

The generic IR API parses headers and instructions in full, which is too slow for modules
of 100k functions; this scanner reads only what aspect propagation needs with a few
regular expressions per function, and falls back to the full header parse only when a
header carries interesting string attributes inline.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from itertools import repeat

from propslower.ir.attributes import string_attributes
from propslower.ir.function_edits import Function
from propslower.ir.functions import FunctionItem
from propslower.ir.module import Module
from propslower.ir.strings import name_of

MODULE_ID = "sycl-module-id"
EXTERNAL = "sycl-external"
"""The marker the front-end puts on SYCL_EXTERNAL functions (with or without a value)."""
CALLS_INDIRECTLY = "calls-indirectly"
INDIRECTLY_CALLABLE = "indirectly-callable"
KERNEL_CONVENTION = "spir_kernel"

_ATTACHMENT = re.compile(r"(![A-Za-z_][-\w$.\\]*)\s+(!\d+)")
_GROUP_REF = re.compile(r"\s#(\d+)")
_CALLEE = r'[^@\n]*@("(?:[^"\\]|\\.)*"|[-\w$.]+)(?=[ \t]*\(| to )'
_CALL = re.compile(r" call[ \t]" + _CALLEE)
"""A ``call`` (``  call``, ``tail call``, ``%x = call``; never ``%call``) and its first
``@callee(``; the literal prefix lets the regex engine skip ahead quickly."""
_INVOKE = re.compile(r" invoke[ \t]" + _CALLEE)
_INSTRUCTION_LIST = re.compile(r"(![A-Za-z_][-\w$.]*aspects)\s+(!\d+)")
_RUNTIME_NAME = re.compile(r"_Z\d+__(?:spirv|sycl)_")


@dataclass(slots=True)
class FunctionFacts:
    """What the scan found about one function."""

    name: str
    """The bare name (``k`` for ``@k``)."""
    function: Function
    """The function (its item is made only when asked for)."""
    is_definition: bool
    is_kernel: bool
    attributes: dict[str, str | None]
    """The function's string attributes (from its groups and inline)."""
    attachments: dict[str, str]
    """Metadata kind with ``!`` (``!intel_used_aspects``) → node reference (``!4``)."""
    callees: array[int]
    """Positions of the functions it calls directly, each once, in call order (a call to a
    name that is no function of the module is left out)."""
    instruction_lists: list[tuple[str, str]]
    """``(kind, ref)`` of aspect-list metadata attached to instructions of the body."""

    @property
    def item(self) -> FunctionItem:
        """The function's item (made now when it was not)."""
        return self.function.item()

    @property
    def text(self) -> str:
        """The function's current text (without making its item)."""
        return self.function.text

    @property
    def is_exported(self) -> bool:
        """SYCL_EXTERNAL: a definition with ``"sycl-external"`` or ``"sycl-module-id"``
        (runtime helpers ``_Z<n>__spirv_*`` / ``_Z<n>__sycl_*`` excluded)."""
        if not self.is_definition:
            return False
        if EXTERNAL in self.attributes:
            return True
        return MODULE_ID in self.attributes and _RUNTIME_NAME.match(self.name) is None

    @property
    def is_entry_point(self) -> bool:
        """A kernel (``spir_kernel`` definition) or an exported device function."""
        return (self.is_definition and self.is_kernel) or self.is_exported


class _GroupCache:
    """String attributes per combination of attribute groups, read once (shared, read-only)."""

    def __init__(self, module: Module) -> None:
        self._module = module
        self._groups: dict[tuple[str, ...], dict[str, str | None]] = {}

    def strings(self, group_ids: tuple[str, ...]) -> dict[str, str | None]:
        found = self._groups.get(group_ids)
        if found is None:
            found = {}
            for group_id in group_ids:
                group = self._module.attribute_group(int(group_id))
                if group is not None:
                    found.update(string_attributes(group.attributes))
            self._groups[group_ids] = found
        return found


@dataclass(frozen=True, slots=True)
class ScannedFunctions:
    """The facts of every function in module order, and each function's position by name."""

    facts: list[FunctionFacts]
    index: dict[str, int]
    """Bare name → position in ``facts``."""


def scan_functions(module: Module) -> ScannedFunctions:
    """The facts of every function of ``module``, in module order (no item is made).

    Callee names are resolved while each body is read, so they die with it: at 300,000
    functions, keeping them for a later pass held 2.85 million strings (about 200 MB)."""
    groups = _GroupCache(module)
    index = module.function_positions()
    get = index.get
    facts = [
        _scan(module, function, text, groups, get) for function, text in module.function_texts()
    ]
    return ScannedFunctions(facts, index)


_UNKNOWN = repeat(-1)
"""``index.get``'s default for every name of a call (stateless, so one serves every map)."""


def _scan(
    module: Module,
    function: Function,
    text: str,
    groups: _GroupCache,
    position_of: Callable[[str, int], int],
) -> FunctionFacts:
    definition = function.is_definition
    newline = text.find("\n") if definition else -1
    header = text if newline < 0 else text[: newline + 1]
    key = function.key or "@"
    at = header.find(key)
    attributes = groups.strings(tuple(_GROUP_REF.findall(header, at)))
    if header.find('"', at + len(key)) >= 0:
        attributes = module.attributes.strings_of_function(function.item())
    attachments = dict(_ATTACHMENT.findall(header, at if definition else 0))
    callees = array("i")
    lists: list[tuple[str, str]] = []
    body = newline + 1
    if definition and body < len(text):
        found = _CALL.findall(text, body)
        if text.find("invoke", body) >= 0:
            found += _INVOKE.findall(text, body)
        if text.find('@"', body) >= 0:
            found = [_callee_name(token) for token in found]
        # straight from the lookups into the array: on 300,000 functions the index is out of
        # the caches, and the fewer steps between two lookups, the more of their misses the
        # processor overlaps
        callees = array("i", list(map(position_of, dict.fromkeys(found), _UNKNOWN)))
        if -1 in callees:
            callees = array("i", [j for j in callees if j >= 0])
        if text.find("aspects !", body) >= 0:
            lists = _INSTRUCTION_LIST.findall(text, body)
    return FunctionFacts(
        name=name_of(key),
        function=function,
        is_definition=definition,
        is_kernel=KERNEL_CONVENTION in header[:at].split(),
        attributes=attributes,
        attachments=attachments,
        callees=callees,
        instruction_lists=lists,
    )


def _callee_name(token: str) -> str:
    return name_of(f"@{token}") if token.startswith('"') else token
