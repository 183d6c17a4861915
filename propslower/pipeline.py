"""Pass pipelines as text: ``lower,spirv`` or ``aspects{werror=true exclude-aspects=fp64,fp16}``.

Each pass's options are the typed fields of its class (``bool``, ``int``, ``str``, a tuple
of strings; each optionally ``None``), named in kebab case. Inside braces, options are
separated by spaces (as xDSL and MLIR write them) or by a comma before the next ``name=``;
a list value is comma-separated. A mistake is a usage error that names the pass and lists
what it accepts.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from propslower.diagnostics import Diagnostic, DiagnosticError


@dataclass(frozen=True)
class PassSpec:
    """One pass of a pipeline: its name and the options written for it (raw text)."""

    name: str
    options: dict[str, str]


_PASS = re.compile(r"\s*([A-Za-z][-\w]*)\s*(?:\{([^{}]*)\})?\s*(?:,|$)")
_OPTION_SPLIT = re.compile(r"\s+|,(?=\s*[A-Za-z][-\w]*\s*=)")


def parse_pipeline(text: str) -> list[PassSpec]:
    """The passes of ``text``; ``DiagnosticError`` naming the position of a mistake."""
    specs: list[PassSpec] = []
    position = 0
    while position < len(text):
        if text[position] in " ,":
            position += 1
            continue
        found = _PASS.match(text, position)
        if found is None or found.end() == position:
            raise _error(f"cannot read the pass pipeline at column {position + 1}: '{text}'")
        specs.append(PassSpec(found.group(1), _options(found.group(1), found.group(2) or "")))
        position = found.end()
    if not specs:
        raise _error("the pass pipeline is empty")
    return specs


def _options(name: str, text: str) -> dict[str, str]:
    options: dict[str, str] = {}
    for word in (w for w in _OPTION_SPLIT.split(text) if w and w.strip()):
        key, equals, value = word.partition("=")
        if not equals:
            raise _error(f"pass '{name}': option '{word}' needs a value ('{word}=...')")
        options[key.strip()] = value.strip()
    return options


def option_names(cls: type) -> list[str]:
    """The pipeline option names of pass class ``cls``."""
    return [_kebab(f.name) for f in _option_fields(cls)]


def configured(cls: type, name: str, raw: dict[str, str], preset: dict[str, Any]) -> Any:
    """An instance of ``cls`` with ``preset`` and the options ``raw`` converted to their
    fields' types."""
    fields = {_kebab(f.name): f for f in _option_fields(cls)}
    hints = typing.get_type_hints(cls)
    values = dict(preset)
    for key, text in raw.items():
        field = fields.get(key)
        if field is None:
            accepted = ", ".join(fields) or "none"
            raise _error(f"pass '{name}' has no option '{key}'; its options: {accepted}")
        values[field.name] = _convert(hints[field.name], text, name, key)
    return cls(**values)


def _option_fields(cls: type) -> list[dataclasses.Field[Any]]:
    hints = typing.get_type_hints(cls)
    return [f for f in dataclasses.fields(cls) if f.init and _converter(hints[f.name]) is not None]


def _kebab(name: str) -> str:
    return name.replace("_", "-")


_BOOLEANS = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}


def _boolean(text: str) -> bool:
    if text.lower() not in _BOOLEANS:
        raise ValueError("expected true or false")
    return _BOOLEANS[text.lower()]


def _strings(text: str) -> tuple[str, ...]:
    return tuple(word.strip() for word in text.split(",") if word.strip())


_CONVERTERS: dict[Any, Callable[[str], Any]] = {
    bool: _boolean,
    int: int,
    str: str,
    tuple[str, ...]: _strings,
}


def _converter(hint: Any) -> Callable[[str], Any] | None:
    """How to read a value of type ``hint`` (``T | None`` as ``T``), if it is an option."""
    if isinstance(hint, types.UnionType):
        rest = [a for a in typing.get_args(hint) if a is not type(None)]
        return _converter(rest[0]) if len(rest) == 1 else None
    return _CONVERTERS.get(hint)


def _convert(hint: Any, text: str, name: str, key: str) -> Any:
    converter = _converter(hint)
    assert converter is not None
    try:
        return converter(text)
    except ValueError as error:
        raise _error(f"pass '{name}': option '{key}={text}': {error}") from error


def _error(message: str) -> DiagnosticError:
    return DiagnosticError(Diagnostic.error(message))
