"""Zero-index constant ``getelementptr`` of an opaque pointer, printed as LLVM prints it.

With opaque pointers, ``getelementptr inbounds ([1 x i32], ptr addrspace(4) @g, i64 0, i64 0)``
is the pointer ``@g`` itself, and LLVM (17 and later) folds it so while it reads a module: a
tool that reads and prints a module, such as DPC++'s ``sycl-post-link``, prints ``@g``. Typed
pointers are left alone (there the result's type differs from the base's).
"""

from __future__ import annotations

import re

_GEP = re.compile(r"getelementptr(?: inbounds)?(?: nuw| nusw)* \(")
_ZERO = re.compile(r"\s*i(?:8|16|32|64) 0\s*")
_POINTER = re.compile(r"\s*ptr(?: addrspace\(\d+\))? ")


def fold_zero_index_geps(text: str) -> str:
    """``text`` with every constant ``getelementptr`` whose indices are all literal zeros and
    whose base is an opaque pointer replaced by its base."""
    if "getelementptr" not in text:
        return text
    out: list[str] = []
    pos = 0
    while (found := _GEP.search(text, pos)) is not None:
        opening = found.end() - 1
        closing = _closing(text, opening)
        folded = None
        if closing > 0 and not _in_string(text, found.start()):
            folded = _folded(text[opening + 1 : closing])
        if folded is None:
            out.append(text[pos : found.end()])
            pos = found.end()
            continue
        out.append(text[pos : found.start()])
        out.append(folded)
        pos = closing + 1
    out.append(text[pos:])
    return "".join(out)


def _folded(inner: str) -> str | None:
    """The base value of a constant GEP's operands ``inner`` when it folds to it."""
    parts = _top_level_parts(inner)
    if len(parts) < 3 or not all(_ZERO.fullmatch(index) for index in parts[2:]):
        return None
    pointer = _POINTER.match(parts[1])
    if pointer is None:
        return None
    return fold_zero_index_geps(parts[1][pointer.end() :].strip())


def _closing(text: str, opening: int) -> int:
    """The ``)`` closing the ``(`` at ``opening`` on its line (strings skipped), or -1."""
    depth = 0
    at = opening
    size = len(text)
    while at < size:
        char = text[at]
        if char == '"':
            end = text.find('"', at + 1)
            if end < 0:
                return -1
            at = end
        elif char in "([{<":
            depth += 1
        elif char in ")]}>":
            depth -= 1
            if depth == 0:
                return at if char == ")" else -1
        elif char == "\n":
            return -1
        at += 1
    return -1


def _top_level_parts(inner: str) -> list[str]:
    """``inner`` split at the commas outside brackets and strings."""
    parts: list[str] = []
    depth = 0
    start = 0
    in_string = False
    for at, char in enumerate(inner):
        if char == '"':
            in_string = not in_string
        elif in_string:
            continue
        elif char in "([{<":
            depth += 1
        elif char in ")]}>":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(inner[start:at])
            start = at + 1
    parts.append(inner[start:])
    return parts


def _in_string(text: str, at: int) -> bool:
    """Whether ``at`` is inside a string literal of its line (LLVM strings hold no raw quote
    and no line break)."""
    line_start = text.rfind("\n", 0, at) + 1
    return text.count('"', line_start, at) % 2 == 1
