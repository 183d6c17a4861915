"""Attribute lists: enum and string attributes, attribute groups ``attributes #N = { ... }``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from propslower.ir.items import Item, ItemKind
from propslower.ir.lex import Chunk, LexError, chunks
from propslower.ir.strings import quote, unescape

_GROUP_HEAD = re.compile(r"\s*attributes\s+#(\d+)\s*=\s*\{")


@dataclass(frozen=True, slots=True)
class Attribute:
    """One attribute: a string attribute (``"k"`` / ``"k"="v"``) or an enum one (raw text)."""

    key: str
    """The unescaped key of a string attribute, or the enum attribute's text (``align 8``)."""
    value: str | None = None
    """The unescaped value of a string attribute; ``None`` for ``"k"`` and enum attributes."""
    is_string: bool = True

    def render(self) -> str:
        if not self.is_string:
            return self.key
        if self.value is None:
            return quote(self.key)
        return f"{quote(self.key)}={quote(self.value)}"


def string_attribute(key: str, value: str | None = None) -> Attribute:
    """A string attribute ``"key"="value"`` (``"key"`` when value is None)."""
    return Attribute(key, value, True)


def enum_attribute(text: str) -> Attribute:
    """An enum (keyword) attribute such as ``noalias`` or ``align 8``, kept as written."""
    return Attribute(text, None, False)


def parse_attributes(text: str, start: int = 0, end: int | None = None) -> list[Attribute]:
    """The attributes written in ``text[start:end]`` (whitespace separated), in order."""
    return attributes_of_chunks(text, chunks(text, start, end))


def attributes_of_chunks(text: str, items: list[Chunk]) -> list[Attribute]:
    """The attributes spelled by already-chunked ``items`` of ``text``."""
    out: list[Attribute] = []
    i = 0
    while i < len(items):
        token = items[i].text
        if token.startswith('"'):
            key = unescape(token[1:-1])
            if i + 2 < len(items) and items[i + 1].text == "=":
                out.append(string_attribute(key, unescape(items[i + 2].text[1:-1])))
                i += 3
                continue
            out.append(string_attribute(key))
            i += 1
            continue
        last = i + 1
        if last < len(items) and (items[last].text.startswith("(") or items[last].text == "="):
            last = min(last + (2 if items[last].text == "=" else 1), len(items))  # "k =" ends it
        elif token in ("align", "alignstack") and last < len(items) and items[last].text.isdigit():
            last += 1
        out.append(enum_attribute(text[items[i].start : items[last - 1].end]))
        i = last
    return out


def string_attributes(attributes: list[Attribute]) -> dict[str, str | None]:
    """Key → value (None for a bare ``"k"``) of the string attributes, last one winning."""
    return {a.key: a.value for a in attributes if a.is_string}


def merge(attributes: list[Attribute], new: list[Attribute]) -> list[Attribute]:
    """``attributes`` with ``new`` added; a string attribute replaces one with the same key."""
    keys = {a.key for a in new if a.is_string}
    texts = {a.key for a in attributes if not a.is_string}
    kept = [a for a in attributes if not (a.is_string and a.key in keys)]
    added = [a for a in new if a.is_string or a.key not in texts]
    return kept + added


def render_group_body(attributes: list[Attribute]) -> str:
    """``{ enum... "k"="v"... }`` with string attributes sorted by key, as LLVM prints them."""
    enums = [a.render() for a in attributes if not a.is_string]
    strings = [a.render() for a in sorted(attributes, key=_sort_key) if a.is_string]
    return "{ " + " ".join(enums + strings) + " }"


def _sort_key(attribute: Attribute) -> str:
    return attribute.key


class AttributeGroup(Item):
    """``attributes #N = { ... }``: its id and its attributes, parsed on demand."""

    __slots__ = ("_attributes",)

    def __init__(self, text: str, offset: int = -1, line: int = 0, key: str | None = None) -> None:
        super().__init__(ItemKind.ATTRIBUTES, text, offset, line, key)
        self._attributes: list[Attribute] | None = None

    @staticmethod
    def create(group_id: int, attributes: list[Attribute]) -> AttributeGroup:
        """A new group ``#group_id`` holding ``attributes``."""
        text = f"attributes #{group_id} = {render_group_body(attributes)}\n"
        return AttributeGroup(text, key=f"#{group_id}")

    def invalidate(self) -> None:
        self._attributes = None

    @property
    def group_id(self) -> int:
        """The ``N`` of ``#N``."""
        return int((self.key or "#-1")[1:])

    @property
    def attributes(self) -> list[Attribute]:
        """Every attribute in the group, in written order."""
        if self._attributes is None:
            match = _GROUP_HEAD.match(self.text)
            close = self.text.rfind("}")
            if match is None or close < match.end():
                raise self.error("expected 'attributes #N = { ... }'")
            try:
                self._attributes = parse_attributes(self.text, match.end(), close)
            except LexError as error:
                raise self.error(f"malformed attribute group: {error}", error.offset) from error
        return self._attributes
