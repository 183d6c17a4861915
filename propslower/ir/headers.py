"""Function headers: ``define``/``declare`` lines, parameters, attributes and attachments."""

from __future__ import annotations

import re
from dataclasses import dataclass

from propslower.ir.attributes import Attribute, attributes_of_chunks, string_attributes
from propslower.ir.lex import Chunk, chunks, split_chunks, text_of, type_end

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
_CALLING_CONVENTIONS = frozenset(
    {"spir_kernel", "spir_func", "ptx_kernel", "ptx_device", "amdgpu_kernel", "x86_stdcallcc"}
)
_ADDRESS_WORDS = frozenset({"unnamed_addr", "local_unnamed_addr"})
_TRAILER_OPERANDS: dict[str, str] = {
    "section": "string",
    "partition": "string",
    "gc": "string",
    "comdat": "optional group",
    "align": "integer",
    "prefix": "constant",
    "prologue": "constant",
    "personality": "constant",
}
"""What follows each keyword LLVM accepts after the function attributes (in this order,
``LLParser::parseFunctionHeader``): a string, ``comdat`` with an optional ``($name)``, an
integer, or a typed constant (``personality ptr @f``, ``prefix i32 1``)."""


@dataclass(frozen=True, slots=True)
class Parameter:
    """One formal parameter: type, inline attributes, optional name; offsets in the header."""

    type_text: str
    attributes: list[Attribute]
    name: str | None
    """The name token (``%arg``, ``%0``) or None (declarations, unnamed)."""
    start: int
    end: int


ParameterStrings = tuple[tuple[tuple[str, str | None], ...], ...]


@dataclass(frozen=True, slots=True)
class FunctionHeader:
    """A parsed ``define``/``declare`` line; offsets are into the header text."""

    is_definition: bool
    name: str
    """The name token as written (``@k``, ``@"a b"``)."""
    linkage: str | None
    calling_convention: str | None
    return_type: str
    parameters: list[Parameter]
    group_refs: list[int]
    """Attribute-group ids referenced after the parameter list (``#0``)."""
    group_ref_spans: list[tuple[int, int]]
    inline_attributes: list[Attribute]
    """Function attributes written inline after the parameter list."""
    address_space: int
    section: str | None
    attachments: dict[str, str]
    attachment_spans: dict[str, tuple[int, int]]
    attributes_end: int
    """Where a new ``#N`` reference goes (after ``unnamed_addr``/``addrspace``/attributes)."""
    content_end: int
    """Where a new ``!kind !N`` attachment goes (before `` {`` or at the end)."""
    parameter_strings: ParameterStrings = ()
    """Each parameter's string attributes (key, value) in ``string_attributes`` order: headers
    with equal ones decorate their parameters alike."""


def parse_header(text: str) -> FunctionHeader:
    """Parse a ``define ... {`` or ``declare ...`` line; raise ``ValueError`` when malformed.

    Headers differing only in the function's name parse alike (clang writes thousands of
    kernels with one signature), so a parse is reused for the next header of the same shape.
    """
    split = split_at_name(text)
    header, shared = _shape(text, split)
    if shared and split is not None:
        return _renamed(header, split[1])
    return header


def header_shape(text: str) -> FunctionHeader:
    """The parse of ``text``, right in every field but perhaps ``name``: headers differing
    only in the name, not in its length, share one (read-only) parse object."""
    return _shape(text, split_at_name(text))[0]


def _shape(text: str, split: tuple[str, str, str] | None) -> tuple[FunctionHeader, bool]:
    """The parse, and whether it is the shared one of its shape."""
    if split is None:
        return _parse_header(text), False
    prefix, name, suffix = split
    key = (prefix, suffix, len(name))
    cached = _SHAPES.get(key)
    if cached is not None:
        return cached, True
    header = _parse_header(text)
    if header.name != name:
        return header, False
    if len(_SHAPES) >= _SHAPE_LIMIT:
        _SHAPES.clear()
    _SHAPES[key] = header
    return header, True


def split_at_name(text: str) -> tuple[str, str, str] | None:
    """(before, name, after) when the first ``@name(`` is surely the header's name."""
    match = _PLAIN_NAME_AT.match(text)
    if match is None:
        return None
    start, end = match.span(1)
    return text[:start], match.group(1), text[end:]


_PLAIN_NAME_AT = re.compile(r'[^"@;]*+(@(?:"[^"]*"|[-\w$.]+)(?:\s*[^\S \t])?)[ \t]*\(')
"""The first ``@name(`` when nothing before it is a string, a comment or another ``@`` (so
the rest of the parse does not depend on the name); the name keeps any line break after it."""
_SHAPES: dict[tuple[str, str, int], FunctionHeader] = {}
"""Parsed headers by the text around the name (before it, after it) and the name's length."""
_SHAPE_LIMIT = 4096


def _renamed(header: FunctionHeader, name: str) -> FunctionHeader:
    """A copy of ``header`` (no list shared) for a function named ``name``."""
    return FunctionHeader(
        is_definition=header.is_definition,
        name=name,
        linkage=header.linkage,
        calling_convention=header.calling_convention,
        return_type=header.return_type,
        parameters=[
            Parameter(p.type_text, list(p.attributes), p.name, p.start, p.end)
            for p in header.parameters
        ],
        group_refs=list(header.group_refs),
        group_ref_spans=list(header.group_ref_spans),
        inline_attributes=list(header.inline_attributes),
        address_space=header.address_space,
        section=header.section,
        attachments=dict(header.attachments),
        attachment_spans=dict(header.attachment_spans),
        attributes_end=header.attributes_end,
        content_end=header.content_end,
        parameter_strings=header.parameter_strings,
    )


def _parse_header(text: str) -> FunctionHeader:
    content = text.rstrip()
    is_definition = text.startswith("define")
    if is_definition:
        brace = len(content) - 1 if content.endswith("{") else body_brace(text, 0, len(text))
        if brace < 0:
            raise ValueError("expected '{' at the end of the function header")
        content = content[:brace].rstrip()
    items = chunks(text, 0, len(content))
    name_index = next(
        (
            i
            for i in range(1, len(items) - 1)
            if items[i].text.startswith("@") and items[i + 1].text.startswith("(")
        ),
        -1,
    )
    if name_index < 0:
        raise ValueError("expected '@name(' in the function header")
    prefix = items[1:name_index]
    return_start = _return_type_start(prefix)
    words = {c.text for c in prefix[:return_start]}
    group = items[name_index + 1]
    suffix = _parse_suffix(text, items, name_index + 2)
    parameters = [
        _parameter(text, piece) for piece in split_chunks(text, group.start + 1, group.end - 1)
    ]
    return FunctionHeader(
        is_definition=is_definition,
        name=items[name_index].text,
        linkage=next((w for w in _LINKAGES if w in words), None),
        calling_convention=_calling_convention(prefix[:return_start]),
        return_type=text_of(prefix, text, return_start, len(prefix)),
        parameters=parameters,
        group_refs=suffix.group_refs,
        group_ref_spans=suffix.group_ref_spans,
        inline_attributes=suffix.attributes,
        address_space=suffix.address_space,
        section=suffix.section,
        attachments=suffix.attachments,
        attachment_spans=suffix.attachment_spans,
        attributes_end=suffix.attributes_end or group.end,
        content_end=len(content),
        parameter_strings=tuple(tuple(string_attributes(p.attributes).items()) for p in parameters),
    )


_BRACKETS = re.compile(r'"[^"]*"|;[^\n]*|[()\[\]{}<>\n]')
_OPENING = frozenset("([{<")
_CLOSING = frozenset(")]}>")


def body_brace(text: str, start: int, end: int) -> int:
    """Offset of the ``{`` that opens the body of the definition at ``text[start:end]``
    (the first bracket left open at the end of a line), or -1; the header may span lines."""
    depth = 0
    brace = -1
    parameters = False
    """Whether a parenthesised group closed at the top level (the parameter list)."""
    for match in _BRACKETS.finditer(text, start, end):
        token = match.group()
        if token == "\n":
            if depth == 1 and brace >= 0:
                return brace
        elif token in _OPENING:
            if depth == 0 and token == "{" and parameters:
                brace = match.start()
            depth += 1
        elif token in _CLOSING:
            depth -= 1
            if depth <= 0:
                parameters = parameters or token == ")"
                depth, brace = 0, -1
    return brace if depth == 1 else -1


def header_end(text: str, start: int, end: int) -> int:
    """Offset just past the header of the definition at ``text[start:end]``: past the
    line break of the line whose last bracket opens the body (``end`` if there is none).

    clang writes the header on one line ending in ``{``: that costs one ``find``.
    """
    newline = text.find("\n", start, end)
    if newline < 0:
        return end
    last = newline - 1
    while last > start and text[last] in " \t\r":
        last -= 1
    if text[last] == "{":
        return newline + 1
    brace = body_brace(text, start, end)
    if brace < 0:
        return newline + 1
    newline = text.find("\n", brace, end)
    return end if newline < 0 else newline + 1


def _calling_convention(prefix: list[Chunk]) -> str | None:
    for i, chunk in enumerate(prefix):
        if chunk.text in _CALLING_CONVENTIONS or (chunk.text.endswith("cc") and chunk.text != "cc"):
            return chunk.text
        if chunk.text == "cc" and i + 1 < len(prefix):
            return f"cc {prefix[i + 1].text}"
    return None


def _return_type_start(prefix: list[Chunk]) -> int:
    j = len(prefix)
    while j > 0:
        last = prefix[j - 1].text
        if last == "*":
            j -= 1
        elif last.startswith("(") and j >= 2 and prefix[j - 2].text == "addrspace":
            j -= 2
        else:
            break
    return max(j - 1, 0)


@dataclass
class _SuffixResult:
    group_refs: list[int]
    group_ref_spans: list[tuple[int, int]]
    attributes: list[Attribute]
    address_space: int
    section: str | None
    attributes_end: int
    attachments: dict[str, str]
    attachment_spans: dict[str, tuple[int, int]]


def _parse_suffix(text: str, items: list[Chunk], start: int) -> _SuffixResult:
    result = _SuffixResult([], [], [], 0, None, 0, {}, {})
    i = start
    in_attributes = True
    while i < len(items):
        word = items[i].text
        if word in _ADDRESS_WORDS:
            result.attributes_end = items[i].end
            i += 1
        elif word == "addrspace" and i + 1 < len(items):
            result.address_space = int(items[i + 1].text[1:-1])
            result.attributes_end = items[i + 1].end
            i += 2
        elif word.startswith("#") and word[1:].isdigit():
            result.group_refs.append(int(word[1:]))
            result.group_ref_spans.append((items[i].start, items[i].end))
            result.attributes_end = items[i].end if in_attributes else result.attributes_end
            i += 1
        elif word.startswith("!") and i + 1 < len(items) and items[i + 1].text.startswith("!"):
            result.attachments[word] = items[i + 1].text
            result.attachment_spans[word] = (items[i + 1].start, items[i + 1].end)
            in_attributes = False
            i += 2
        elif word in _TRAILER_OPERANDS:
            in_attributes = False
            if word == "section" and i + 1 < len(items):
                result.section = items[i + 1].text[1:-1]
            i = _trailer_end(items, i)
        elif in_attributes:
            attribute_end = _attribute_end(items, i)
            result.attributes.extend(attributes_of_chunks(text, items[i:attribute_end]))
            result.attributes_end = items[attribute_end - 1].end
            i = attribute_end
        else:
            i += 1
    return result


def _trailer_end(items: list[Chunk], i: int) -> int:
    """Index just past the trailer keyword ``items[i]`` and its operands."""
    operands = _TRAILER_OPERANDS[items[i].text]
    j = i + 1
    if operands == "optional group":
        return j + 1 if j < len(items) and items[j].text.startswith("(") else j
    if operands != "constant":
        return min(j + 1, len(items))
    j = max(type_end(items, j), j + 1)
    while j < len(items) and not _ends_constant(items[j].text):
        j += 1
    return j


def _ends_constant(word: str) -> bool:
    """Whether ``word`` cannot continue a trailer's constant (``bitcast (...)``, ``@f``):
    an attachment, or the next trailer keyword."""
    return word.startswith("!") or word in _TRAILER_OPERANDS


def _attribute_end(items: list[Chunk], i: int) -> int:
    if i + 2 < len(items) and items[i + 1].text == "=":
        return i + 3
    if i + 1 < len(items) and items[i + 1].text.startswith("("):
        return i + 2
    return i + 1


def _parameter(text: str, items: list[Chunk]) -> Parameter:
    if not items:
        raise ValueError("empty parameter")
    start, end = items[0].start, items[-1].end
    stop = type_end(items, 0)
    name: str | None = None
    attributes_end = len(items)
    if len(items) > stop and items[-1].text.startswith("%"):
        name = items[-1].text
        attributes_end -= 1
    attributes = attributes_of_chunks(text, items[stop:attributes_end])
    return Parameter(text_of(items, text, 0, stop) or text[start:end], attributes, name, start, end)


def render_parameter(parameter: Parameter, attributes: list[Attribute]) -> str:
    """``type attrs name`` for ``parameter`` carrying ``attributes``."""
    parts = [parameter.type_text, *(a.render() for a in attributes)]
    if parameter.name is not None:
        parts.append(parameter.name)
    return " ".join(parts)


_NAME_AT = re.compile(r'@(?:"[^"]*"|[-\w$.]+)\s*\(')


def function_key(header_line: str) -> str | None:
    """The ``@name`` token of a function header line, found cheaply (no full parse)."""
    return function_key_at(header_line, 0, len(header_line))


def function_key_at(text: str, start: int, end: int) -> str | None:
    """``function_key(text[start:end])`` without the copy."""
    match = _NAME_AT.search(text, start, end)
    return None if match is None else match.group().rstrip("( \t")
