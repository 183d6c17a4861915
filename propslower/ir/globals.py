"""Global variables, aliases and ifuncs: ``@g = [linkage...] global|constant T init, ...``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from propslower.ir.attributes import Attribute, attributes_of_chunks
from propslower.ir.items import Item, ItemKind
from propslower.ir.lex import Chunk, chunks, split_commas, text_of, type_end

_KINDS = frozenset({"global", "constant", "alias", "ifunc"})
_LINKAGES = frozenset(
    {
        "private",
        "internal",
        "available_externally",
        "linkonce",
        "weak",
        "common",
        "appending",
        "extern_weak",
        "linkonce_odr",
        "weak_odr",
        "external",
    }
)
_ATTACHMENT = re.compile(r"(![-\w$.\\]+)\s+(!\d+)")


@dataclass(frozen=True, slots=True)
class GlobalParts:
    """The parsed pieces of a global; offsets are into the item text."""

    name: str
    """The name token as written (``@g``, ``@"a b"``, ``@0``)."""
    linkage: str | None
    kind: str
    """``global``, ``constant``, ``alias`` or ``ifunc``."""
    address_space: int
    type_text: str
    initializer: str | None
    """The initializer (or aliasee) text; None for an external declaration."""
    section: str | None
    group_ref: int | None
    """The ``#N`` attribute-group id, if any."""
    group_ref_span: tuple[int, int] | None
    attachments: dict[str, str]
    """Metadata kind (``!spirv.Decorations``) → node reference (``!4``)."""
    attachment_spans: dict[str, tuple[int, int]]
    """Metadata kind → offsets of the node reference in the text."""
    body_end: int
    """Offset where the item's content ends (before the line break)."""
    attributes_start: int | None = None
    """Offset of the first inline string attribute (``"k"="v"``), if the global has any:
    attachments go before it, as LLVM prints them."""


_TYPE = (
    r"(?:i\d+|ptr|half|bfloat|float|double|%[-\w$.]+|%\"[^\"]*\")(?:\s*(?:\*|addrspace\(\d+\)))*"
)
_SIMPLE = re.compile(
    rf"""
    (?P<name>@[-\w$.]+) \s*=\s*
    (?P<prefix>(?:(?:[a-z_]+|addrspace\(\d+\))\s+)*?)
    (?P<kind>global|constant) \s+
    (?P<type>{_TYPE})
    (?:\s+(?P<init>[-+]?\d+|[%@][-\w$.]+|[A-Za-z_][\w.]*))?
    (?P<tail>(?:\s*,\s*(?:align\s+\d+|section\ +"[^"]*"|![-\w$.]+\s+!\d+))*)
    (?:\s+(?P<group>\#\d+))?
    """,
    re.VERBOSE,
)
"""A one-line global of the plain shape clang writes, to parse without the general lexer."""
_QUOTED = re.compile(r'([c%@]?)"[^"]*"')
"""A quoted token, after the ``c`` of a string constant or the sigil of a quoted name (LLVM
writes a quote inside one as ``\\22``); one without either may be a string attribute."""
_TAIL_PIECE = re.compile(
    r'\s*,\s*(?:align\s+\d+|section +"(?P<section>[^"]*)"|(?P<kind>![-\w$.]+)\s+(?P<node>!\d+))'
)
_PREFIX_SPACE = re.compile(r"addrspace\((\d+)\)")


def parse_global(text: str) -> GlobalParts:
    """Parse a global-variable line; raise ``ValueError`` when it is not one."""
    body_end = len(text.rstrip())
    simple = _SIMPLE.fullmatch(text, 0, body_end)
    if simple is not None:
        return _simple_parts(simple, body_end)
    return _parse_global(text, body_end)


def _simple_parts(match: re.Match[str], body_end: int) -> GlobalParts:
    name, prefix, kind, type_text, initializer, tail, group = match.group(
        "name", "prefix", "kind", "type", "init", "tail", "group"
    )
    linkage: str | None = None
    space = 0
    if prefix:
        linkage = next((word for word in prefix.split() if word in _LINKAGES), None)
        found = _PREFIX_SPACE.search(prefix) if "addrspace" in prefix else None
        space = int(found.group(1)) if found else 0
    section: str | None = None
    attachments: dict[str, str] = {}
    spans: dict[str, tuple[int, int]] = {}
    if tail and ("!" in tail or "section" in tail):
        for piece in _TAIL_PIECE.finditer(match.string, match.start("tail"), match.end("tail")):
            if piece.group("section") is not None:
                section = piece.group("section")
            elif piece.group("kind") is not None:
                attachments[piece.group("kind")] = piece.group("node")
                spans[piece.group("kind")] = piece.span("node")
    return GlobalParts(
        name,
        linkage,
        kind,
        space,
        type_text,
        initializer,
        section,
        None if group is None else int(group[1:]),
        None if group is None else match.span("group"),
        attachments,
        spans,
        body_end,
    )


def _parse_global(text: str, body_end: int) -> GlobalParts:
    items = chunks(text, 0, body_end)
    if len(items) < 3 or items[1].text != "=":
        raise ValueError("expected '@name = ...'")
    kind_index = next((i for i, c in enumerate(items) if c.text in _KINDS), -1)
    if kind_index < 0:
        raise ValueError("expected 'global', 'constant', 'alias' or 'ifunc'")
    prefix = [c.text for c in items[2:kind_index]]
    linkage = next((word for word in prefix if word in _LINKAGES), None)
    type_stop = type_end(items, kind_index + 1)
    if type_stop == kind_index + 1:
        raise ValueError("expected a type")
    tail_index = type_stop
    while tail_index < len(items) and not _is_tail(items[tail_index]):
        tail_index += 1
    initializer = text_of(items, text, type_stop, tail_index) or None
    group_ref, group_span = _group_ref(items)
    attributes = next(
        (
            items[i].start
            for i in range(tail_index, len(items))
            if items[i].text.startswith('"') and items[i - 1].text not in _QUOTED_OPERAND_AFTER
        ),
        None,
    )
    tail_end = items[-1].end if group_span is None else group_span[0]
    if attributes is not None:
        tail_end = min(tail_end, attributes)
    section, attachments, spans = _tail(text, items, tail_index, tail_end)
    return GlobalParts(
        name=items[0].text,
        linkage=linkage,
        kind=items[kind_index].text,
        address_space=_address_space(items[2:kind_index]),
        type_text=text_of(items, text, kind_index + 1, type_stop),
        initializer=initializer,
        section=section,
        group_ref=group_ref,
        group_ref_span=group_span,
        attachments=attachments,
        attachment_spans=spans,
        body_end=body_end,
        attributes_start=attributes,
    )


def _is_tail(chunk: Chunk) -> bool:
    return chunk.text == "," or chunk.text.startswith("#")


def _address_space(prefix: list[Chunk]) -> int:
    for i, chunk in enumerate(prefix[:-1]):
        if chunk.text == "addrspace":
            return int(prefix[i + 1].text[1:-1])
    return 0


def _group_ref(items: list[Chunk]) -> tuple[int | None, tuple[int, int] | None]:
    """The last ``#N`` and the span of the run of group references it ends (LLVM reads
    ``#0 #1``, even over a line break; attachments go before the first of them)."""
    first = len(items)
    while first > 0 and items[first - 1].text[:1] == "#" and items[first - 1].text[1:].isdigit():
        first -= 1
    if first == len(items):
        return None, None
    return int(items[-1].text[1:]), (items[first].start, items[-1].end)


def _tail(
    text: str, items: list[Chunk], tail_index: int, end: int
) -> tuple[str | None, dict[str, str], dict[str, tuple[int, int]]]:
    """Section and attachments between ``items[tail_index]`` and ``end`` (the group refs)."""
    section: str | None = None
    attachments: dict[str, str] = {}
    spans: dict[str, tuple[int, int]] = {}
    if tail_index >= len(items) or items[tail_index].text != ",":
        return section, attachments, spans
    for start, stop in split_commas(text, items[tail_index].end, end):
        piece = text[start:stop]
        if piece.startswith("section "):
            section = piece[len("section ") :].strip()[1:-1]
            continue
        match = _ATTACHMENT.fullmatch(piece)
        if match is not None:
            attachments[match.group(1)] = match.group(2)
            spans[match.group(1)] = (start + match.start(2), start + match.end(2))
    return section, attachments, spans


Essentials = tuple[str, int | None, tuple[int, int] | None, int]
"""What attribute edits need of ``GlobalParts``: kind, group ref, its span, body end."""


def essentials(text: str) -> Essentials | None:
    """``GlobalParts``' kind, group ref, its span and body end for a line of the plain shape
    clang writes (None for other lines: ``parse_global`` then has them)."""
    body_end = len(text.rstrip())
    match = _SIMPLE.fullmatch(text, 0, body_end)
    if match is None:
        return None
    group = match.group("group")
    ref = None if group is None else int(group[1:])
    span = None if group is None else match.span("group")
    return match.group("kind"), ref, span, body_end


def with_group_ref(text: str, parts: Essentials, group_id: int) -> str:
    """``text`` of a global whose ``essentials`` are ``parts``, pointed at ``#group_id``."""
    _, _, span, body_end = parts
    if span is not None:
        return f"{text[: span[0]]}#{group_id}{text[span[1] :]}"
    return f"{text[:body_end]} #{group_id}{text[body_end:]}"


class GlobalItem(Item):
    """A ``@name = ...`` item; ``parts`` parses it on first use."""

    __slots__ = ("_essentials", "_parts")

    def __init__(self, text: str, offset: int = -1, line: int = 0, key: str | None = None) -> None:
        super().__init__(ItemKind.GLOBAL, text, offset, line, key)
        self._parts: GlobalParts | None = None
        self._essentials: Essentials | None = None

    def invalidate(self) -> None:
        self._parts = None
        self._essentials = None

    def _essential(self) -> Essentials:
        """``parts``' kind, group ref, its span and body end, without building ``parts`` for
        a line of the plain shape."""
        found = self._essentials
        if found is None:
            found = None if self._parts is not None else essentials(self.text)
            if found is None:
                parts = self.parts
                found = (parts.kind, parts.group_ref, parts.group_ref_span, parts.body_end)
            self._essentials = found
        return found

    @property
    def group_ref(self) -> int | None:
        """``parts.group_ref``: the ``#N`` attribute group, if any."""
        return self._essential()[1]

    @property
    def inline_attributes(self) -> list[Attribute]:
        """String attributes written on the global itself (``align 4 "k"="v"``), which LLVM
        merges with its ``#N`` group; clang writes none, so a quote is checked first."""
        text = self.text
        quotes = text.count('"')
        if quotes == 2:  # one quoted token (clang's string constants): is it one?
            first = text.find('"')
            if first > 0 and text[first - 1] in "c%@":
                return []
        elif not quotes or all(quoted[1] for quoted in _QUOTED.finditer(text)):
            return []
        items = chunks(text, 0, len(text.rstrip()))
        found: list[Chunk] = []
        for index, item in enumerate(items):
            before = items[index - 1].text if index else ""
            quoted = item.text.startswith('"')
            key = quoted and before not in _QUOTED_OPERAND_AFTER
            after_key = bool(found) and found[-1] is items[index - 1]
            if key or (after_key and (item.text == "=" or (quoted and before == "="))):
                found.append(item)
        return [a for a in attributes_of_chunks(text, found) if a.is_string]

    @property
    def parts(self) -> GlobalParts:
        """The parsed pieces (cached; a malformed line raises a positioned ``DiagnosticError``)."""
        if self._parts is None:
            try:
                self._parts = parse_global(self.text)
            except ValueError as error:
                raise self.error(
                    f"malformed global: {error}", getattr(error, "offset", 0)
                ) from error
        return self._parts

    @property
    def is_variable(self) -> bool:
        """Whether this is a variable (``global``/``constant``), not an alias or ifunc."""
        return self._essential()[0] in ("global", "constant")

    def set_group_ref(self, group_id: int) -> None:
        """Point the global at attribute group ``#group_id`` (added at the end if absent)."""
        self.text = with_group_ref(self.text, self._essential(), group_id)

    def set_initializer(self, initializer: str, type_text: str | None = None) -> None:
        """Replace the initializer (and the value type, when given): ``@a = ... [2 x T] [...]``
        keeps everything around them as written."""
        parts = self.parts
        if parts.initializer is None:
            raise self.error("a declaration has no initializer to replace")
        text = self.text
        start = text.index(parts.type_text)
        end = text.index(parts.initializer, start) + len(parts.initializer)
        value_type = parts.type_text if type_text is None else type_text
        self.text = f"{text[:start]}{value_type} {initializer}{text[end:]}"

    def set_attachment(self, kind: str, node: str) -> None:
        """Attach ``kind node`` (``!spirv.Decorations !5``), replacing an existing one."""
        parts = self.parts
        text = self.text
        span = parts.attachment_spans.get(kind)
        if span is not None:
            self.text = f"{text[: span[0]]}{node}{text[span[1] :]}"
            return
        where = parts.body_end if parts.group_ref_span is None else parts.group_ref_span[0]
        if parts.attributes_start is not None:
            where = min(where, parts.attributes_start)
        before = text[:where].rstrip()
        self.text = f"{before}, {kind} {node}{text[len(before) :]}"


_QUOTED_OPERAND_AFTER = frozenset({"section", "partition", "=", "comdat", "("})
"""Words a quoted string follows when it is an operand, not an inline attribute key."""


def global_with_attachment(text: str, kind: str, ref: str) -> str | None:
    """The text of the one-line global ``text`` with ``kind ref`` attached last (before its
    one trailing ``#N``); None for any other shape, which the item's own editor handles."""
    body = text.rstrip()
    at = _blank_before_group(body)
    if at is None or "\n" in body or "!" in body[at:]:
        return None
    if _blank_before_group(text[: at + 1].rstrip()) is not None:
        return None  # '#0 #0': the attachment goes before the first reference
    return f"{text[:at]}, {kind} {ref}{text[at:]}"


def _blank_before_group(body: str) -> int | None:
    """Where the blank before ``body``'s closing `` #N`` is (None: it does not end so).
    ``body`` has no trailing blanks."""
    mark = body.rfind("#")
    if mark < 1 or not body[mark - 1].isspace() or not body[mark + 1 :].isdecimal():
        return None
    return mark - 1
