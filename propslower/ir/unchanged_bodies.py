"""An edited module with the function bodies its input had replaced by stubs, for its verifier.

A module command verifies its input and its output. Where the output differs from the input
only in ways no function body can observe, a body whose text is the input's is valid in the
output because it was valid in the input, so the output's verifier need not read it again:
:func:`stub_unchanged_bodies` writes the output with each such body replaced by
``unreachable`` and as many empty lines, so every line keeps its number and LLVM's messages
point into the real output. The differences that keep an unchanged body's validity
(docs/verification.md gives the argument):

* string attributes (``"key"="value"``) added, removed or changed on a function, its
  parameters and return value, a declaration or a global variable;
* a function's or global's attribute group changed for one with the same attributes other
  than string ones; an added group holding string attributes only;
* metadata attachments other than ``!dbg`` added to or removed from those headers;
* new top-level entities: numbered metadata, named metadata not named ``llvm.*``, attribute
  groups with new numbers, types, comdats, globals, functions and declarations;
* edited function bodies, which are kept and verified.

Anything else (a symbol removed or retyped, a changed type, metadata node or attribute group,
a new ``!llvm.*`` list, a header line that is not one line) returns ``None``, and the caller
verifies the whole output. A stubbed output that does not verify is no verdict either: a
``blockaddress`` may name a stubbed block, so the caller verifies the whole output then too.
"""

from __future__ import annotations

import re

_DEFINE = "define "
_STUB = "  unreachable"
_STRING_ATTRIBUTE = re.compile(
    r'(?<![\w"%$@!(])(?<!section )(?<!partition )(?<!gc )(?<!code_model )"[^"\n]*"(?:="[^"\n]*")?'
)
"""A string attribute, ``"key"="value"`` or ``"key"``: a quoted string that is no name
(``@"f"``, ``%"class.S"``, ``$"c"``, ``!"s"``), no array of characters (``c"s"``), no
named address space (``addrspace("A")``) and no section, partition, garbage collector or code
model name (LLVM writes a quote inside a string as ``\\22``)."""
_ATTACHMENT_OR_GROUP = re.compile(r",? !(?!dbg[ ,])[-a-zA-Z$._][-\w$.]* !\d+(?=[ ,]|\Z)|#(\d+)\b")
"""A metadata attachment other than ``!dbg``, or a reference to an attribute group."""
_ADDED_SUFFIX = re.compile(r"(?:,? !(?!dbg[ ,])[-a-zA-Z$._][-\w$.]* !\d+)*(?: #(\d+))?")
"""What an edit may append to a global's line or before a header's `` {``."""
_GROUP_LINE = re.compile(r"attributes #(\d+) = (\{.*\})\Z")
_GROUP_NUMBER = re.compile(r"attributes #(\d+)")
_SPACES = re.compile(r" {2,}")


_Function = tuple[str, int, int]
"""A definition's header line, and where its body's lines are (``{`` and ``}`` excluded)."""


class ModuleLayout:
    """A module text cut into function definitions and the top-level lines between them."""

    def __init__(self, text: str, functions: dict[str, _Function], top_lines: list[str]) -> None:
        self.text, self.functions, self.top_lines = text, functions, top_lines
        self._line_set: frozenset[str] | None = None

    @classmethod
    def of(cls, text: str) -> ModuleLayout | None:
        """The layout of ``text``, or ``None`` when a definition's header is not one line
        ending with ``{`` or its body does not end with a line ``}`` (or the text uses
        carriage returns)."""
        if "\r" in text:
            return None
        functions: dict[str, _Function] = {}
        top_lines: list[str] = []
        position = 0
        start = 0 if text.startswith(_DEFINE) else _next_definition(text, 0)
        while start >= 0:
            header_end = text.find("\n", start)
            if header_end < 0:
                return None
            header = text[start:header_end].rstrip()
            body_end = text.find("\n}\n", header_end)
            if body_end < 0:
                if not text.endswith("\n}"):
                    return None
                body_end = len(text) - 2
            name = _defined_name(header)
            if name is None or not header.endswith("{"):
                return None
            top_lines += text[position:start].split("\n")
            functions[name] = (header, header_end + 1, body_end)
            position = body_end + 3
            start = _next_definition(text, body_end)
        top_lines += text[position:].split("\n")
        return cls(text, functions, top_lines)

    @property
    def line_set(self) -> frozenset[str]:
        """The top-level lines as a set (made once: the input's is made while the pass runs)."""
        if self._line_set is None:
            self._line_set = frozenset(self.top_lines)
        return self._line_set


def _next_definition(text: str, start: int) -> int:
    found = text.find("\n" + _DEFINE, start)
    return found if found < 0 else found + 1


def _defined_name(header: str) -> str | None:
    """The ``@name`` of a ``define`` or ``declare`` line (quoted names included)."""
    at = header.find("@")
    if at < 0:
        return None
    if header.startswith('"', at + 1):
        close = header.find('"', at + 2)
        return None if close < 0 else header[at : close + 1]
    paren = header.find("(", at)
    return None if paren < 0 else header[at:paren]


def _global_name(line: str) -> str | None:
    if line.startswith('@"'):
        close = line.find('"', 2)
        return None if close < 0 else line[: close + 1]
    space = line.find(" ")
    return None if space < 0 else line[:space]


def _symbol(line: str) -> str | None:
    """The name a top-level ``@`` or ``declare`` line introduces."""
    if line.startswith("@"):
        return _global_name(line)
    if line.startswith("declare "):
        return _defined_name(line)
    return None


def _groups(lines: list[str]) -> dict[str, str]:
    """Each attribute group's number and its attributes other than string ones (empty
    when it holds string attributes only)."""
    groups: dict[str, str] = {}
    for line in lines:
        if line.startswith("attributes #"):
            match = _GROUP_LINE.match(line)
            if match is None:
                continue
            rest = _SPACES.sub(" ", _STRING_ATTRIBUTE.sub("", match.group(2)))
            groups[match.group(1)] = "" if rest in ("{ }", "{}") else f"#{rest}"
    return groups


class _Normaliser:
    """Compares two versions of a symbol's line for what a function body can observe."""

    def __init__(self, groups: dict[str, str]) -> None:
        self.groups = groups
        self.known: dict[str, str] = {}
        """Normalised text by text: the lines of one module repeat the same parameters and
        attributes around different names."""

    def same(self, before: str, after: str, name: str) -> bool:
        """Whether ``before`` and ``after``, both lines of the symbol ``name``, differ only in
        what no body observes (see :meth:`normalised`)."""
        if before == after:
            return True
        braced = before.endswith(" {") and after.endswith(" {")
        stem = before[:-2] if braced else before
        if after.startswith(stem):
            end = len(after) - 2 if braced else len(after)
            added = _ADDED_SUFFIX.fullmatch(after, len(stem), end)
            group = None if added is None else added.group(1)
            if added is not None and (group is None or self.groups.get(group) == ""):
                return True
        return self.normalised(before, name) == self.normalised(after, name)

    def normalised(self, line: str, name: str) -> str:
        """``line`` without what a body cannot observe: string attributes, attachments other
        than ``!dbg``, and attribute groups' string attributes (a group is replaced by the
        rest). The name is kept as it is (a quoted name may hold anything)."""
        at = line.find(name)
        if at < 0:
            return self._text(line)
        return self._text(line[:at]) + name + self._text(line[at + len(name) :])

    def _text(self, text: str) -> str:
        known = self.known.get(text)
        if known is None:
            known = _normalised(text, self.groups)
            self.known[text] = known
        return known


def _normalised(text: str, groups: dict[str, str]) -> str:
    text = _STRING_ATTRIBUTE.sub("", text)
    if '"' in text:
        parts = text.split('"')
        parts[::2] = [_normalised_outside(part, groups) for part in parts[::2]]
        return '"'.join(parts).strip()
    return _normalised_outside(text, groups).strip()


def _normalised_outside(text: str, groups: dict[str, str]) -> str:
    def replace(match: re.Match[str]) -> str:
        number = match.group(1)
        return "" if number is None else groups.get(number, f"#?{number}")

    text = _ATTACHMENT_OR_GROUP.sub(replace, text)
    return _SPACES.sub(" ", text) if "  " in text else text


_READ_WHOLE = ("blockaddress(", "@llvm.localrecover", '"alloc-variant-zeroed"')
"""What ties one body to another or to a named function's attributes: a ``blockaddress``
names another function's block, ``llvm.localrecover`` counts another body's
``llvm.localescape`` arguments, and a call's ``"alloc-variant-zeroed"`` attribute has LLVM
read the named function's attributes. A text holding any of them is verified whole."""
_UPGRADED_METADATA = ("llvm.", "nvvm.", "cfi.", "clang.arc.")
"""Named metadata LLVM's reader acts on (``llvm.*`` lists, and what ``AutoUpgrade`` turns
into attributes and calling conventions, such as ``nvvm.annotations``)."""
_WORTH_STUBBING = 0.25
"""Stubs are written when the bodies they replace are at least this share of the output:
below it, checking the rest costs about what LLVM's read of those bodies would."""


def stub_unchanged_bodies(
    base: ModuleLayout, text: str, *, worth: float = _WORTH_STUBBING
) -> str | None:
    """``text`` (an edit of ``base``'s module) with the bodies it shares with ``base`` as
    stubs, or ``None`` when it differs from ``base`` in a way an unchanged body may observe
    (or when those bodies are less than the share ``worth`` of it)."""
    if any(marker in text for marker in _READ_WHOLE):
        return None
    output = ModuleLayout.of(text)
    if output is None or base.functions.keys() - output.functions.keys():
        return None
    base_text, base_functions = base.text, base.functions
    shared: list[tuple[str, _Function, _Function]] = []
    stubbed: list[_Function] = []
    size = 0
    for name, function in output.functions.items():
        before = base_functions.get(name)
        if before is None:
            continue
        if before[0] != function[0]:
            shared.append((name, before, function))
        length = function[2] - function[1]
        if (
            length > 0
            and length == before[2] - before[1]
            and text[function[1] : function[2]] == base_text[before[1] : before[2]]
        ):
            stubbed.append(function)
            size += length
    if size < worth * len(text):
        return None
    normaliser = _Normaliser(_groups(output.top_lines))
    if not all(normaliser.same(before[0], after[0], name) for name, before, after in shared):
        return None
    if not _top_levels_compatible(base, output, normaliser):
        return None
    return _with_stubs(text, stubbed)


def _top_levels_compatible(
    base: ModuleLayout, output: ModuleLayout, normaliser: _Normaliser
) -> bool:
    """Whether every top-level line of ``base`` is in ``output`` (a symbol's line possibly
    changed as :meth:`_Normaliser.same` allows) and every new line of ``output`` adds an
    entity."""
    before = base.line_set
    base_groups: set[str] | None = None
    """Every group number the input defines, whatever follows it (a comment, say)."""
    changed: dict[str, str] = {}
    declared: set[str] = set()
    """Intrinsics declared anew or again: a declaration's own attributes replace those LLVM
    gives an intrinsic only used, and calls are checked against them."""
    for line in output.line_set - before:
        first = line[:1]
        if first == "!":
            if line[1:2].isdigit():
                continue  # a numbered node: defined twice, LLVM reports it
            name = line[1 : line.find(" ")]
            if name.startswith(_UPGRADED_METADATA) or "\\" in name:
                return False  # merges into the input's list, or changes what LLVM reads
        elif first == "@" or line.startswith("declare "):
            symbol = _symbol(line)
            if symbol is None:
                return False
            changed[symbol] = line
            if first == "d" and symbol.startswith(("@llvm.", '@"llvm.')):
                declared.add(symbol)
        elif line.startswith("attributes #"):
            if base_groups is None:
                base_groups = {
                    match.group(1) for match in map(_GROUP_NUMBER.match, before) if match
                }
            match = _GROUP_NUMBER.match(line)
            if match is None or match.group(1) in base_groups:
                return False  # a group defined again merges into the input's
        elif first not in ("", ";", "%", "$"):
            return False  # a type, a comdat: defined twice, LLVM reports it
    for line in before - output.line_set:
        if not line or line.startswith(";"):
            continue
        symbol = _symbol(line)
        if symbol is None or symbol not in changed:
            return False
        if not normaliser.same(line, changed[symbol], symbol):
            return False
        declared.discard(symbol)
    return not declared


def _with_stubs(text: str, stubbed: list[_Function]) -> str:
    pieces: list[str] = []
    position = 0
    for _, body_start, body_end in sorted(stubbed, key=lambda function: function[1]):
        pieces.append(text[position:body_start])
        pieces.append(_STUB)
        pieces.append("\n" * text.count("\n", body_start, body_end))
        position = body_end
    pieces.append(text[position:])
    return "".join(pieces)
