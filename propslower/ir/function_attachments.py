"""Fast reads and writes of a function's metadata attachments on its header line.

Definitions carry attachments after the parameter list (``define … #0 !k !1 {``);
declarations carry them right after ``declare`` (``declare !k !1 void @f()``), which is the
only place LLVM accepts them there.
"""

from __future__ import annotations

import re

from propslower.ir.functions import FunctionItem

_ATTACHMENT = re.compile(r"(![A-Za-z_][-\w$.\\]*)\s+(!\d+)")
_DECLARE = re.compile(r"\s*declare\b")


def header_line(item: FunctionItem) -> str:
    """The ``define … {`` line (with its line break) or the whole ``declare`` item."""
    text = item.text
    if not item.is_definition:
        return text
    newline = text.find("\n")
    return text if newline < 0 else text[: newline + 1]


def header_attachments(item: FunctionItem) -> dict[str, str]:
    """Metadata kind (with ``!``) → node reference attached to the function."""
    header = header_line(item)
    if not item.is_definition:
        return dict(_ATTACHMENT.findall(header))
    at = header.find(item.key or "@")
    return dict(_ATTACHMENT.findall(header, max(at, 0)))


def set_function_attachment(item: FunctionItem, kind: str, ref: str) -> None:
    """Attach ``!kind ref`` to the function, replacing an attachment of that kind."""
    header = header_line(item)
    tag = f"!{kind}"
    start = 0 if not item.is_definition else max(header.find(item.key or "@"), 0)
    for match in _ATTACHMENT.finditer(header, start):
        if match.group(1) == tag:
            new = f"{header[: match.start(2)]}{ref}{header[match.end(2) :]}"
            item.set_header_text(new)
            return
    if item.is_definition:
        content = header.rstrip()
        at = len(content) - 1 if content.endswith("{") else len(content)
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
    start = 0 if not item.is_definition else max(header.find(item.key or "@"), 0)
    for match in _ATTACHMENT.finditer(header, start):
        if match.group(1) == tag:
            before = header[: match.start()].rstrip(" ")
            item.set_header_text(f"{before}{header[match.end() :]}")
            return True
    return False
