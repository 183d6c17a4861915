"""Fast reads and writes of a function's metadata attachments on its header line.

Definitions carry attachments after the parameter list (``define … #0 !k !1 {``);
declarations carry them right after ``declare`` (``declare !k !1 void @f()``), which is the
only place LLVM accepts them there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from propslower.ir.functions import FunctionItem
from propslower.ir.headers import body_brace

_ATTACHMENT = re.compile(r'"[^"]*"|;[^\n]*|(![A-Za-z_][-\w$.\\]*)\s+(!\d+)')
"""An attachment ``!kind !N``; strings and comments are matched only to be skipped."""
_DECLARE = re.compile(r"\s*declare\b")


def header_line(item: FunctionItem) -> str:
    """The ``define … {`` header (with its line break; it may span lines) or the whole
    ``declare`` item."""
    return item.header_text if item.is_definition else item.text


def _attachments(item: FunctionItem, header: str) -> Iterator[re.Match[str]]:
    """The attachment matches of ``header`` (after the name of a definition)."""
    start = 0 if not item.is_definition else max(header.find(item.key or "@"), 0)
    for match in _ATTACHMENT.finditer(header, start):
        if match.group(1) is not None:
            yield match


def header_attachments(item: FunctionItem) -> dict[str, str]:
    """Metadata kind (with ``!``) → node reference attached to the function."""
    return {match.group(1): match.group(2) for match in _attachments(item, header_line(item))}


def set_function_attachment(item: FunctionItem, kind: str, ref: str) -> None:
    """Attach ``!kind ref`` to the function, replacing an attachment of that kind."""
    header = header_line(item)
    tag = f"!{kind}"
    for match in _attachments(item, header):
        if match.group(1) == tag:
            new = f"{header[: match.start(2)]}{ref}{header[match.end(2) :]}"
            item.set_header_text(new)
            return
    if item.is_definition:
        content = header.rstrip()
        at = len(content) - 1 if content.endswith("{") else body_brace(header, 0, len(header))
        at = len(content) if at < 0 else at
        before = header[:at].rstrip()
        new = f"{before} {tag} {ref} {header[at:]}"
    else:
        declare = _DECLARE.match(header)
        at = declare.end() if declare is not None else 0
        new = f"{header[:at]} {tag} {ref}{header[at:]}"
    item.set_header_text(new)


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
