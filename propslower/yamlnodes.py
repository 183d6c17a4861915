"""Positioned YAML: compose a document, then read typed values with file:line:col diagnostics."""

from __future__ import annotations

import gc
from dataclasses import dataclass, field

import yaml

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.yaml_tags import BOOL_TAG, INT_TAG, STR_TAG

_BASE_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's composer when PyYAML was built with it (about 10x faster); positions are the same."""


class _Loader(_BASE_LOADER):  # type: ignore[misc]
    """The safe loader, resolving each distinct plain scalar's tag once per document."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._tags: dict[str, str] = {}

    def resolve(self, kind: type, value: str, implicit: tuple[bool, bool]) -> str:
        if kind is not yaml.ScalarNode or implicit != (True, False):
            return str(super().resolve(kind, value, implicit))
        tag = self._tags.get(value)
        if tag is None:
            tag = self._tags[value] = str(super().resolve(kind, value, implicit))
        return tag


_LOADER: type = _Loader


def compose(text: str, name: str) -> yaml.Node | None:
    """The node tree of ``text`` (``None`` for an empty document); syntax errors are positioned."""
    collecting = gc.isenabled()
    gc.disable()  # a big spec is a tree of many small acyclic nodes: collection only slows it
    try:
        return yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        span = Span(name, mark.line + 1, mark.column + 1) if mark else Span(name, 1, 1)
        problem = error.problem or error.context or "invalid YAML"
        raise DiagnosticError(Diagnostic.error(f"invalid YAML: {problem}", span)) from error
    except yaml.YAMLError as error:
        raise DiagnosticError(
            Diagnostic.error(f"invalid YAML: {error}", Span(name, 1, 1))
        ) from error
    finally:
        if collecting:
            gc.enable()


def span_of(node: yaml.Node, name: str) -> Span:
    """Where ``node`` is in file ``name`` (with its end column when it fits on one line)."""
    start, end = node.start_mark, node.end_mark
    if end.line == start.line and end.column > start.column:
        return Span(name, start.line + 1, start.column + 1, start.line + 1, end.column)
    return Span(name, start.line + 1, start.column + 1)


@dataclass
class NodeReader:
    """Typed access to YAML nodes; each mistake is recorded with the node's position."""

    name: str
    errors: list[Diagnostic] = field(default_factory=list)

    def span(self, node: yaml.Node) -> Span:
        return span_of(node, self.name)

    def error(self, node: yaml.Node, message: str, *notes: Diagnostic) -> None:
        self.errors.append(Diagnostic.error(message, self.span(node), *notes))

    def mapping(self, node: yaml.Node, what: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
        """``(key, key node, value node)`` of a mapping; reports non-string and duplicate keys."""
        if not isinstance(node, yaml.MappingNode):
            self.error(node, f"{what} must be a mapping")
            return []
        items: list[tuple[str, yaml.Node, yaml.Node]] = []
        seen: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.error(key_node, f"a key in {what} must be a string")
                continue
            key = str(key_node.value)
            if key in seen:
                first = Diagnostic.note("first defined here", self.span(seen[key]))
                self.error(key_node, f"duplicate key '{key}' in {what}", first)
                continue
            seen[key] = key_node
            items.append((key, key_node, value_node))
        return items

    def sequence(self, node: yaml.Node, what: str) -> list[yaml.Node]:
        if isinstance(node, yaml.SequenceNode):
            return list(node.value)
        self.error(node, f"{what} must be a list")
        return []

    def string(self, node: yaml.Node, what: str) -> str | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == STR_TAG and node.value:
            return str(node.value)
        self.error(node, f"{what} must be a non-empty string")
        return None

    def integer(self, node: yaml.Node, what: str) -> int | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == INT_TAG:
            try:
                return int(str(node.value).replace("_", ""), 0)
            except ValueError:
                pass
        self.error(node, f"{what} must be an integer")
        return None

    def boolean(self, node: yaml.Node, what: str) -> bool | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == BOOL_TAG:
            return str(node.value).lower() in {"true", "yes", "on"}
        self.error(node, f"{what} must be true or false")
        return None

    def choice(self, node: yaml.Node, what: str, choices: tuple[str, ...]) -> str | None:
        value = self.string(node, what)
        if value is None or value in choices:
            return value
        self.error(node, f"unknown {what} '{value}' (expected one of: {', '.join(choices)})")
        return None

    def strings(self, node: yaml.Node, what: str) -> tuple[str, ...]:
        items = (self.string(item, what) for item in self.sequence(node, f"{what} list"))
        return tuple(item for item in items if item is not None)

    def integers(self, node: yaml.Node, what: str) -> tuple[int, ...]:
        items = (self.integer(item, what) for item in self.sequence(node, f"{what} list"))
        return tuple(item for item in items if item is not None)
