"""What split and check read from a function without parsing its header: a fast scanner."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from propslower.ir.functions import FunctionItem
from propslower.ir.lex import LexError, match_bracket
from propslower.ir.module import Module
from propslower.ir.strings import name_of, unescape

_STRING = re.compile(r'"[^"]*"')
_NAME = re.compile(r'@(?:"[^"]*"|[-\w$.]+)\s*\(')
_ATTACHMENT = re.compile(r"!([A-Za-z_$.][-\w$.]*)\s+!(\d+)")
_GROUP = re.compile(r"#(\d+)")
_KERNEL = re.compile(r"\bspir_kernel\b")
_INT = re.compile(r"^i(\d+)\s+(-?\d+)$")
_MD_STRING = re.compile(r'^!"((?:[^"\\]|\\.)*)"$')
_NODE_REF = re.compile(r"^!(\d+)$")
_CALL = re.compile(r'\b(?:call|invoke)\b[^@\n]*?@("[^"]*"|[-\w$.]+)\s*\(')
_DOUBLE = re.compile(r"\bdouble\b")


@dataclass(frozen=True, slots=True)
class FunctionFacts:
    """A function's name, whether it is a defined kernel, its ``#N`` groups and attachments."""

    name: str
    is_definition: bool
    is_kernel: bool
    groups: tuple[int, ...]
    attachments: dict[str, int]
    """Metadata kind (no ``!``) → node number."""
    inline_strings: bool
    """Whether the header spells string attributes itself (not only through groups)."""


def scan_function(item: FunctionItem) -> FunctionFacts:
    """The facts of one function from its header line, by pattern matching only."""
    text = item.text
    newline = text.find("\n") if item.is_definition else -1
    header = text if newline < 0 else text[:newline]
    name = _NAME.search(header)
    at = 0 if name is None else name.start()
    try:
        close = len(header) if name is None else match_bracket(header, name.end() - 1)
    except LexError:
        close = len(header)
    suffix = _STRING.sub('""', header[close:])
    return FunctionFacts(
        name=name_of(item.key or "@"),
        is_definition=item.is_definition,
        is_kernel=bool(_KERNEL.search(header[:at])),
        groups=tuple(int(g) for g in _GROUP.findall(suffix)),
        attachments={kind: int(node) for kind, node in _ATTACHMENT.findall(suffix)},
        inline_strings='""' in suffix,
    )


def direct_callees(item: FunctionItem) -> list[str]:
    """Names of the functions a definition calls directly, in call order, without repeats."""
    text = item.text
    body = text[text.find("\n") + 1 :] if item.is_definition else ""
    return list(dict.fromkeys(name_of("@" + m) for m in _CALL.findall(body)))


def uses_double(item: FunctionItem) -> bool:
    """Whether the function's text mentions the ``double`` type (outside strings)."""
    return bool(_DOUBLE.search(_STRING.sub('""', item.text)))


@dataclass(frozen=True, slots=True)
class AspectRef:
    """One aspect in a metadata list: its value and, for ``{name, value}`` pairs, its name."""

    value: int
    name: str | None = None


class FactsReader:
    """Cached lookups over one module: function facts, string attributes, metadata values."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self._facts: dict[str, FunctionFacts] = {}
        self._groups: dict[int, dict[str, str | None]] = {}

    @cached_property
    def functions(self) -> list[FunctionItem]:
        return self.module.functions()

    def facts(self, item: FunctionItem) -> FunctionFacts:
        key = item.key or ""
        found = self._facts.get(key)
        if found is None:
            found = self._facts[key] = scan_function(item)
        return found

    def strings(self, item: FunctionItem) -> dict[str, str | None]:
        """String attributes (groups, then inline ones) — the header is parsed only if needed."""
        facts = self.facts(item)
        if facts.inline_strings:
            return self.module.attributes.strings_of_function(item)
        merged: dict[str, str | None] = {}
        for group in facts.groups:
            merged.update(self._group_strings(group))
        return merged

    def _group_strings(self, group_id: int) -> dict[str, str | None]:
        found = self._groups.get(group_id)
        if found is None:
            group = self.module.attribute_group(group_id)
            attributes = [] if group is None else group.attributes
            found = {a.key: a.value for a in attributes if a.is_string}
            self._groups[group_id] = found
        return found

    def operands(self, node_id: int) -> list[str]:
        node = self.module.metadata_node(node_id)
        if node is None or not node.is_tuple:
            return []
        return [operand.strip() for operand in node.operands]

    def attachment(self, item: FunctionItem, kind: str) -> list[str] | None:
        """Operands of the node attached as ``!kind`` (None when there is no attachment)."""
        node = self.facts(item).attachments.get(kind)
        return None if node is None else self.operands(node)

    def ints(self, item: FunctionItem, kind: str) -> tuple[int, ...] | None:
        operands = self.attachment(item, kind)
        if operands is None:
            return None
        return tuple(v for v in (int_operand(o) for o in operands) if v is not None)

    def texts(self, item: FunctionItem, kind: str) -> tuple[str, ...] | None:
        operands = self.attachment(item, kind)
        if operands is None:
            return None
        return tuple(s for s in (_string_of(o) for o in operands) if s is not None)

    def aspects(self, item: FunctionItem, kind: str) -> tuple[AspectRef, ...] | None:
        """An aspect list in either form: bare ``i32 v`` or ``!N`` = ``!{!"name", i32 v}``."""
        operands = self.attachment(item, kind)
        if operands is None:
            return None
        found: list[AspectRef] = []
        for operand in operands:
            value = int_operand(operand)
            if value is not None:
                found.append(AspectRef(value))
                continue
            ref = _NODE_REF.match(operand)
            pair = self.operands(int(ref.group(1))) if ref else []
            if len(pair) == 2 and (number := int_operand(pair[1])) is not None:
                found.append(AspectRef(number, _string_of(pair[0])))
        return tuple(found)


def int_operand(operand: str) -> int | None:
    """The value of an integer operand (``i32 -8``), or None for any other operand. A value
    that does not fit its width is wrapped as LLVM reads it (``i32 4294967297`` is 1)."""
    match = _INT.match(operand)
    if match is None:
        return None
    value = int(match.group(2))
    half: int = 1 << (max(int(match.group(1)), 1) - 1)
    return value if -half <= value < 2 * half else (value + half) % (2 * half) - half


def _string_of(operand: str) -> str | None:
    match = _MD_STRING.match(operand)
    return None if match is None else unescape(match.group(1))
