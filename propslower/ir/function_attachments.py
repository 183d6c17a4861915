"""Fast reads and writes of a function's metadata attachments on its header line.

Definitions carry attachments after the parameter list (``define … #0 !k !1 {``);
declarations carry them right after ``declare`` (``declare !k !1 void @f()``), which is the
only place LLVM accepts them there.

LLVM prints a function's attachments in metadata-kind order: its fixed kinds (``!dbg``,
``!prof`` …) by number, then custom kinds in the order the module first registered them
(their first use in the text it read, then each kind a pass asks for). A new attachment is
put where LLVM's printer would put it (``KindOrder``).
"""

from __future__ import annotations

import re
import weakref
from bisect import bisect_right
from collections.abc import Iterator, Sequence

from propslower.ir.functions import FunctionItem
from propslower.ir.headers import body_brace

_ATTACHMENT = re.compile(r'"[^"]*"|;[^\n]*|(![A-Za-z_][-\w$.\\]*)\s+(!\d+)')
"""An attachment ``!kind !N``; strings and comments are matched only to be skipped."""
_DECLARE = re.compile(r"\s*declare\b")
_KIND_USE = re.compile(r"!(?<![-\w$.]!)([A-Za-z_$.][-\w$.]*)[ \t]+!(?=\d|\{)")
"""A metadata attachment ``!kind !N`` / ``!kind !{`` (the ``!`` is checked for what precedes it
only once matched, so the search skips from one ``!`` to the next in C)."""
_SKIPPED = {'"': re.compile(r'"(?:[^"\\]|\\.)*"'), ";": re.compile(r";[^\n]*")}
"""Strings and comments, by their first character: what they hold attaches nothing."""
_QUOTE_OR_SEMICOLON = (re.compile('"'), re.compile(";"))


def kind_uses(source: str) -> Iterator[str]:
    """The kind of each metadata attachment of ``source`` in order, outside strings and
    comments.

    Each of ``!``, ``"`` and ``;`` is found by its own literal search (a search for any of the
    three tries every offset, four times slower on a large module); the strings and comments
    are then worked out in order, as a reading from the start meets them (a ``;`` in a
    string starts no comment, a quote in a comment no string). No attachment can hold a
    ``"`` or ``;``, so each lies wholly inside or outside them.
    """
    starts = sorted(m.start() for finder in _QUOTE_OR_SEMICOLON for m in finder.finditer(source))
    skipped_starts: list[int] = []
    skipped_ends: list[int] = []
    covered = 0
    for at in starts:
        if at < covered:
            continue
        match = _SKIPPED[source[at]].match(source, at)
        if match is not None:
            covered = match.end()
            skipped_starts.append(at)
            skipped_ends.append(covered)
    for match in _KIND_USE.finditer(source):
        at = match.start()
        inside = bisect_right(skipped_starts, at) - 1
        if inside < 0 or skipped_ends[inside] <= at:
            yield match.group(1)


FIXED_KINDS = (
    "dbg", "tbaa", "prof", "fpmath", "range", "tbaa.struct", "invariant.load", "alias.scope",
    "noalias", "nontemporal", "llvm.mem.parallel_loop_access", "nonnull", "dereferenceable",
    "dereferenceable_or_null", "make.implicit", "unpredictable", "invariant.group", "align",
    "llvm.loop", "type", "section_prefix", "absolute_symbol", "associated", "callees",
    "irr_loop", "llvm.access.group", "callback", "llvm.preserve.access.index",
    "vcall_visibility", "noundef", "annotation", "nosanitize", "func_sanitize", "exclude",
    "memprof", "callsite", "kcfi_type", "pcsections", "DIAssignID", "coro.outside.frame",
)  # fmt: skip
"""LLVM's fixed metadata kinds by number (llvm/IR/FixedMetadataKinds.def)."""


class KindOrder:
    """The metadata-kind numbering of a module: fixed kinds, then custom kinds as registered."""

    def __init__(self, source: str, registered: Sequence[str] = ()) -> None:
        self._rank: dict[str, int] = {kind: i for i, kind in enumerate(FIXED_KINDS)}
        rank = self._rank
        for kind in kind_uses(source):
            if kind not in rank:
                rank[kind] = len(rank)
        self.register(registered)

    def register(self, kinds: Sequence[str]) -> None:
        """Register ``kinds`` (without ``!``) in turn, as a pass asking for them does."""
        for kind in kinds:
            self._rank.setdefault(kind, len(self._rank))

    def rank(self, kind: str) -> int:
        """The number of ``kind`` (registered now when new)."""
        return self._rank.setdefault(kind, len(self._rank))


_ORDERS: weakref.WeakKeyDictionary[object, KindOrder] = weakref.WeakKeyDictionary()


def kind_order(module: object, source: str, registered: Sequence[str] = ()) -> KindOrder:
    """The module's ``KindOrder`` (read from ``source``, its input text, once per module);
    ``registered`` kinds are registered in turn (a no-op for those already known)."""
    order = _ORDERS.get(module)
    if order is None:
        order = _ORDERS[module] = KindOrder(source)
    order.register(registered)
    return order


def header_line(item: FunctionItem) -> str:
    """The ``define … {`` header (with its line break; it may span lines) or the whole
    ``declare`` item."""
    return item.header_text if item.is_definition else item.text


def _attachments(item: FunctionItem, header: str) -> Iterator[re.Match[str]]:
    """The attachment matches of ``header`` (after the name of a definition)."""
    return _header_matches(header, item.is_definition, item.key)


def _header_matches(header: str, definition: bool, key: str | None) -> Iterator[re.Match[str]]:
    start = 0 if not definition else max(header.find(key or "@"), 0)
    for match in _ATTACHMENT.finditer(header, start):
        if match.group(1) is not None:
            yield match


def header_attachments(item: FunctionItem) -> dict[str, str]:
    """Metadata kind (with ``!``) → node reference attached to the function."""
    return {match.group(1): match.group(2) for match in _attachments(item, header_line(item))}


def set_function_attachment(
    item: FunctionItem, kind: str, ref: str, order: KindOrder | None = None
) -> None:
    """Attach ``!kind ref`` to the function, replacing an attachment of that kind; a new one
    goes where LLVM prints it: by ``order`` (default: the header's own kinds in their order,
    a new custom kind after them)."""
    header = header_line(item)
    item.set_header_text(
        with_attachment(header, item.is_definition, item.key, kind, ref, order=order)
    )


def with_attachment(
    header: str, definition: bool, key: str | None, kind: str, ref: str, *, order: KindOrder | None
) -> str:
    """``header`` (a definition's header line, or a whole declaration) with ``!kind ref``
    attached as ``set_function_attachment`` attaches it."""
    tag = f"!{kind}"
    existing = list(_header_matches(header, definition, key))
    for match in existing:
        if match.group(1) == tag:
            return f"{header[: match.start(2)]}{ref}{header[match.end(2) :]}"
    if order is None:
        order = KindOrder(header)
    rank = order.rank(kind)
    later = next((m for m in existing if order.rank(m.group(1)[1:]) > rank), None)
    if later is not None:
        at = later.start()
        return f"{header[:at]}{tag} {ref} {header[at:]}"
    if existing:
        at = existing[-1].end()
        return f"{header[:at]} {tag} {ref}{header[at:]}"
    if definition:
        content = header.rstrip()
        at = len(content) - 1 if content.endswith("{") else body_brace(header, 0, len(header))
        at = len(content) if at < 0 else at
        return f"{header[:at].rstrip()} {tag} {ref} {header[at:]}"
    declare = _DECLARE.match(header)
    at = declare.end() if declare is not None else 0
    return f"{header[:at]} {tag} {ref}{header[at:]}"


def remove_function_attachment(item: FunctionItem, kind: str) -> bool:
    """Drop the ``!kind`` attachment from the function; False when it has none."""
    header = header_line(item)
    tag = f"!{kind}"
    for match in _attachments(item, header):
        if match.group(1) == tag:
            before = header[: match.start()].rstrip(" ")
            item.set_header_text(f"{before}{header[match.end() :]}")
            return True
    return False


def mentions_attachment(text: str, kind: str) -> bool:
    """Whether ``text`` may attach ``kind`` (``!spirv.Decorations``): the kind followed by
    space of any sort (a header may break its line there). Cheap: a pre-check before a
    parse, so a false yes costs only that parse."""
    at = text.find(kind)
    while at >= 0:
        after = text[at + len(kind) : at + len(kind) + 1]
        if after.isspace():
            return True
        at = text.find(kind, at + 1)
    return False
