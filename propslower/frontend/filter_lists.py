"""Filter lists rewritten in the user's sources before clang and libclang read them.

``[[__sycl_detail__::add_ir_*({"Prop3", "Prop4"}, names..., values...)]]``: the prelude makes
the attribute a ``clang::annotate``, which rejects the braced list. Each list of plain string
literals becomes one marked string literal (``properties/filter_mark.py``) padded with the
list's own line breaks and blanks, so every later token keeps its line and column (clang's
diagnostics and the file and line clang records for a member stay right). The source file and
the headers it includes from its own directory, ``-iquote`` and ``-I`` directories are read;
clang gets the rewritten ones through a VFS overlay, libclang as unsaved files.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.frontend.prelude import attribute_name, spellings
from propslower.properties.filter_mark import filter_literal

_TOKEN = re.compile(
    r"""(?P<skip>//[^\n]*|/\*.*?(?:\*/|\Z))
    |(?P<raw>(?:u8|[uUL])?R"(?P<delim>[^()\\\s"]{0,16})\()
    |(?P<string>(?:u8|[uUL])?"(?:[^"\\\n]|\\.)*")
    |(?P<char>(?:u8|[uUL])?'(?:[^'\\\n]|\\.)*')
    |(?P<number>\.?\d(?:[\w.]|'\w|[eEpP][-+])*)
    |(?P<name>[A-Za-z_]\w*)
    |(?P<other>.)""",
    re.VERBOSE | re.DOTALL,
)
_BLANKS = r"(?:\s+|//[^\n]*|/\*.*?\*/)*"
"""White space and comments."""
_BLANK = re.compile(_BLANKS, re.DOTALL)
_PLAIN_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)', re.MULTILINE)
_MAX_FILES = 500
"""Headers read at most: a user's own headers, not a library's tree."""


@functools.cache
def _candidates() -> re.Pattern[str]:
    """A spelling, ``(`` and ``{`` (comments and strings not told apart: a first look)."""
    names = "|".join(sorted(spellings(), key=len, reverse=True))
    return re.compile(rf"\b(?:{names})\b\s*\({_BLANKS}\{{", re.DOTALL)


@dataclass(frozen=True)
class Rewritten:
    """A file's text with its filter lists rewritten (``None``: it has none), and the offsets
    of list items that are not plain string literals, with the attribute's name."""

    text: str | None
    not_literals: tuple[tuple[int, str], ...] = ()


def rewrite_filter_lists(text: str) -> Rewritten:
    """``text`` with each filter list of an ``add_ir_*`` attribute rewritten."""
    if _candidates().search(text) is None:
        return Rewritten(None)  # the token scan below costs ~0.3 s per MB: only where needed
    names = spellings()
    pieces: list[str] = []
    problems: list[tuple[int, str]] = []
    done = position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        assert match is not None  # 'other' matches any one character
        position = match.end()
        if match.lastgroup == "raw":
            closing = text.find(f'){match.group("delim")}"', position)
            position = len(text) if closing < 0 else closing + len(match.group("delim")) + 2
            continue
        if match.lastgroup != "name" or match.group() not in names:
            continue
        found = _braced_list(text, position)
        if isinstance(found, int):
            problems.append((found, attribute_name(match.group())))
            continue
        if found is None:
            continue
        start, end, bodies = found
        pieces.extend((text[done:start], _padded(filter_literal(bodies), text[start:end])))
        done = position = end
    if not pieces:
        return Rewritten(None, tuple(problems))
    pieces.append(text[done:])
    return Rewritten("".join(pieces), tuple(problems))


def _braced_list(text: str, position: int) -> tuple[int, int, list[str]] | int | None:
    """``(start, end, bodies)`` of the ``{"a", "b"}`` right after ``name(`` at ``position``,
    ``None`` when the first argument is not braced, or the offset of an item that is not a
    plain string literal."""
    position = _skip_blanks(text, position)
    if not text.startswith("(", position):
        return None
    start = _skip_blanks(text, position + 1)
    if not text.startswith("{", start):
        return None
    bodies: list[str] = []
    position = _skip_blanks(text, start + 1)
    while not text.startswith("}", position):
        literal = _PLAIN_STRING.match(text, position)
        if literal is None:
            return position
        bodies.append(literal.group()[1:-1])
        position = _skip_blanks(text, literal.end())
        if text.startswith(",", position):
            position = _skip_blanks(text, position + 1)
        elif not text.startswith("}", position):
            return position
    return (start, position + 1, bodies) if bodies else None


def _skip_blanks(text: str, position: int) -> int:
    found = _BLANK.match(text, position)
    return position if found is None else found.end()


def _padded(literal: str, written: str) -> str:
    """``literal`` in place of ``written``, ending at the same line and column."""
    blank = "".join(c if c in "\r\n" else " " for c in written)
    first_line = len(blank.split("\n", 1)[0].rstrip("\r"))
    if "\n" not in written:
        return literal + blank[len(literal) :]  # a list is longer than its literal
    return literal + blank[first_line:]


@dataclass
class FilterRewrites:
    """The rewritten text of every file read that has a filter list."""

    texts: dict[str, str] = field(default_factory=dict)
    """Absolute path → rewritten text."""

    def clang_arguments(self, directory: Path) -> list[str]:
        """``-ivfsoverlay`` with the rewritten files written under ``directory`` (none when
        nothing was rewritten)."""
        if not self.texts:
            return []
        roots: dict[str, list[dict[str, str]]] = {}
        for index, (path, text) in enumerate(sorted(self.texts.items())):
            copy = directory / f"filtered-{index}{Path(path).suffix}"
            copy.write_text(text, encoding="utf-8", errors="surrogateescape")
            parent, name = str(Path(path).parent), Path(path).name
            entry = {"name": name, "type": "file", "external-contents": str(copy)}
            roots.setdefault(parent, []).append(entry)
        overlay = {
            "version": 0,
            "use-external-names": False,
            "roots": [
                {"name": parent, "type": "directory", "contents": contents}
                for parent, contents in roots.items()
            ],
        }
        written = directory / "filter-lists.vfs.json"
        written.write_text(json.dumps(overlay), encoding="utf-8")
        return ["-ivfsoverlay", str(written)]

    def unsaved(self, source: str) -> dict[str, str]:
        """The rewritten texts for libclang, the source under the name the command gives it."""
        files = dict(self.texts)
        absolute = str(Path(source).absolute())
        if absolute in files:
            files[source] = files.pop(absolute)
        return files


def filter_rewrites(source: str, arguments: Sequence[str]) -> FilterRewrites:
    """Every file of ``source``'s own include tree (see the module docstring) that has a
    filter list, rewritten; a file that cannot be read is left to clang to report. Raises
    ``DiagnosticError`` for a list item that is not a string literal, as DPC++'s clang does."""
    quoted, angled = _include_dirs(arguments)
    found = FilterRewrites()
    errors: list[Diagnostic] = []
    for path, text in _user_files(Path(source).absolute(), quoted, angled):
        if "{" not in text:
            continue
        rewritten = rewrite_filter_lists(text)
        if rewritten.text is not None:
            found.texts[str(path)] = rewritten.text
        shown = source if path == Path(source).absolute() else str(path)
        errors.extend(_not_literal(shown, text, *problem) for problem in rewritten.not_literals)
    if errors:
        raise DiagnosticError(errors)
    return found


def _not_literal(file: str, text: str, offset: int, attribute: str) -> Diagnostic:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    message = (
        f"initializer list in the first argument of '{attribute}' must contain only string literals"
    )
    return Diagnostic.error(message, Span(file, line, column))


def _user_files(
    source: Path, quoted: Sequence[Path], angled: Sequence[Path]
) -> Iterator[tuple[Path, str]]:
    """``source`` and the headers it includes, transitively, found in the user's directories."""
    pending, seen = [source], {source}
    while pending and len(seen) <= _MAX_FILES:
        path = pending.pop()
        try:
            text = path.read_text(encoding="utf-8", errors="surrogateescape")
        except (OSError, ValueError):
            continue
        yield path, text
        for match in _INCLUDE.finditer(text):
            name = match.group(1) or match.group(2)
            directories = [path.parent, *quoted, *angled] if match.group(1) else angled
            header = _find(name, directories)
            if header is not None and header not in seen:
                seen.add(header)
                pending.append(header)


def _find(name: str, directories: Sequence[Path]) -> Path | None:
    for directory in directories:
        candidate = directory / name
        if candidate.is_file():
            return Path(candidate.absolute())
    return None


def _include_dirs(arguments: Sequence[str]) -> tuple[list[Path], list[Path]]:
    """The ``-iquote`` and ``-I`` directories of a clang command (driver or ``-cc1``)."""
    quoted: list[Path] = []
    angled: list[Path] = []
    for flag, into in (("-iquote", quoted), ("-I", angled)):
        for index, argument in enumerate(arguments):
            if argument == flag and index + 1 < len(arguments):
                into.append(Path(arguments[index + 1]))
            elif argument.startswith(flag) and len(argument) > len(flag):
                into.append(Path(argument[len(flag) :]))
    return quoted, angled
