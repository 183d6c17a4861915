"""Device-configuration YAML: raising typed accessors over the shared positioned reader."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from propslower.yaml_tags import BOOL_TAG, INT_TAG, NULL_TAG, STR_TAG
from propslower.yamlnodes import compose, span_of

__all__ = ["BOOL_TAG", "INT_TAG", "NULL_TAG", "STR_TAG", "compose", "span_of"]

_CONSTRUCTOR = SafeConstructor()


class YamlError(Exception):
    """A mistake at a node; converted to a diagnostic by the caller."""

    def __init__(self, message: str, node: yaml.Node) -> None:
        super().__init__(message)
        self.node = node


def describe(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return {
        INT_TAG: "an integer",
        BOOL_TAG: "a boolean",
        STR_TAG: "a string",
        NULL_TAG: "null",
    }.get(node.tag, "a scalar")


def value(node: yaml.Node) -> Any:
    return _CONSTRUCTOR.construct_object(node, deep=True)


def expect_mapping(node: yaml.Node, what: str) -> yaml.MappingNode:
    if not isinstance(node, yaml.MappingNode):
        raise YamlError(f"{what} must be a mapping, not {describe(node)}", node)
    return node


def expect_sequence(node: yaml.Node, what: str) -> yaml.SequenceNode:
    if not isinstance(node, yaml.SequenceNode):
        raise YamlError(f"{what} must be a list, not {describe(node)}", node)
    return node


def expect_scalar(node: yaml.Node, tag: str, what: str) -> Any:
    if not isinstance(node, yaml.ScalarNode) or node.tag != tag:
        wanted = {INT_TAG: "an integer", BOOL_TAG: "true or false", STR_TAG: "a string"}[tag]
        raise YamlError(f"{what} must be {wanted}, not {describe(node)}", node)
    return value(node)


def unique_items(
    node: yaml.MappingNode, what: str, errors: list[YamlError] | None = None
) -> Iterator[tuple[str, yaml.Node, yaml.Node]]:
    """``(key text, key node, value node)`` per entry; a repeated or non-scalar key is an error,
    raised, or appended to ``errors`` (and the entry skipped) when a list is given."""
    seen: set[str] = set()
    for key_node, value_node in node.value:
        problem = None
        if not isinstance(key_node, yaml.ScalarNode):
            problem = YamlError(f"{what} keys must be plain names", key_node)
        elif str(key_node.value) in seen:
            problem = YamlError(f"duplicate {what} key '{key_node.value}'", key_node)
        if problem is None:
            seen.add(str(key_node.value))
            yield str(key_node.value), key_node, value_node
        elif errors is None:
            raise problem
        else:
            errors.append(problem)
