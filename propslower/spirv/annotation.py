"""Member-decoration annotation strings: entries → ``{ID}`` / ``{ID:...}`` blocks.

The SPIR-V LLVM translator finds blocks with ``\\{\\w([\\w:,-]|"[^"]*")*\\}`` and splits a
block's value at every comma, even inside quotes. So a string operand may never hold a
``"``, and a comma inside one operand would become an operand boundary: both are refused.
In the ``quoted`` style (the production pass) all operands travel in one quoted value,
``{6442:"0,1"}``, which the comma quirk splits back into two literals.
"""

from __future__ import annotations

from collections.abc import Iterable

from propslower.spirv.encoders import EncodingError
from propslower.spirv.model import AnnotationStyle, Entry, Operand


def _check(entry: Entry, operand: Operand) -> str:
    text = str(operand)
    if '"' in text:
        raise EncodingError(f"operand '{text}' of decoration {entry[0]} contains a '\"'")
    if "," in text:
        raise EncodingError(
            f"operand '{text}' of decoration {entry[0]} contains a ',', which the SPIR-V "
            "translator would split into several operands"
        )
    return text


def _typed(entry: Entry, operand: Operand) -> str:
    text = _check(entry, operand)
    return text if isinstance(operand, int) else f'"{text}"'


def format_block(entry: Entry, style: AnnotationStyle) -> str:
    """One block: ``{ID}`` without operands, else ``{ID:...}`` in ``style``."""
    if not entry or not isinstance(entry[0], int):
        raise EncodingError(f"annotation entry {entry!r} does not start with a decoration id")
    ident, operands = entry[0], entry[1:]
    if not operands:
        return f"{{{ident}}}"
    if style is AnnotationStyle.QUOTED:
        joined = ",".join(_check(entry, operand) for operand in operands)
        return f'{{{ident}:"{joined}"}}'
    return f"{{{ident}:{','.join(_typed(entry, operand) for operand in operands)}}}"


def format_annotation(entries: Iterable[Entry], style: AnnotationStyle) -> str:
    """The annotation string for ``entries``: their blocks concatenated."""
    return "".join(format_block(entry, style) for entry in entries)


def parse_annotation(text: str) -> tuple[Entry, ...]:
    """Read blocks back the way the translator does (for tests and round trips)."""
    entries: list[Entry] = []
    for block in text.removeprefix("{").removesuffix("}").split("}{") if text else ():
        ident, _, value = block.partition(":")
        items = value.split(",") if value else []
        operands = tuple(_read_operand(item) for item in items)
        entries.append((int(ident), *operands))
    return tuple(entries)


def _read_operand(item: str) -> Operand:
    if len(item) >= 2 and item.startswith('"') and item.endswith('"'):
        return item[1:-1]
    bare = item.strip('"')
    return int(bare) if bare.lstrip("-").isdigit() else bare
