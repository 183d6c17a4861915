"""The ``annotate --props`` spec: YAML naming sites in a module, each with its properties.

```yaml
globals:            {dm1: 'add_ir_global_variable_attributes("sycl-host-access", "read")'}
functions:          {_ZTS8MyKernel: {sycl-sub-group-size: 32}}
kernel_parameters:  {_ZTS8MyKernel: {1: {sycl-buffer-location: 3}}}
members:            {class.annotated_ptr: {0: 'add_ir_member_annotation("foo", "", )'}}
```

A value is either attribute text (parsed by the attribute grammar, positions mapped into the
spec file) or a mapping of property name to value, YAML ``null`` meaning "no value".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import yaml

from propslower.diagnostics import Diagnostic, DiagnosticError, Span
from propslower.ir.nogc import gc_paused
from propslower.lowering.placements import (
    FunctionTarget,
    GlobalTarget,
    MemberTarget,
    ParameterTarget,
    Placement,
    Target,
)
from propslower.lowering.spec_lines import read_simple_rows
from propslower.lowering.spec_scalars import scalar_value
from propslower.properties.attribute import PropertyAttribute
from propslower.properties.model import Property, PropertyList, Site
from propslower.properties.profiles import Profile
from propslower.properties.values import PropertyValue
from propslower.yaml_tags import INT_TAG
from propslower.yamlnodes import NodeReader, compose

_MAX_INDEX = 2**31 - 1
"""The largest parameter or field index a spec may name (LLVM counts them in 32 bits)."""


def read_spec(
    text: str, name: str, profile: Profile, enums: Mapping[str, int] | None = None
) -> list[Placement]:
    """Every placement the spec asks for; all mistakes are reported together."""
    return list(read_spec_rows(text, name, profile, enums))


def read_spec_rows(
    text: str, name: str, profile: Profile, enums: Mapping[str, int] | None = None
) -> Sequence[Placement]:
    """``read_spec``, as compact rows (``SpecRows``) when the spec has the simple layout."""
    with gc_paused():
        simple = read_simple_rows(text, name)
    if simple is not None:
        return simple
    return _read_yaml(text, name, profile, enums)


def _read_yaml(
    text: str, name: str, profile: Profile, enums: Mapping[str, int] | None
) -> list[Placement]:
    root = compose(text, name)
    if root is None:
        return []
    reader = _SpecReader(NodeReader(name), text, profile, enums or {})
    with gc_paused():
        placements = reader.read(root)
    if reader.nodes.errors:
        raise DiagnosticError(sorted(reader.nodes.errors, key=_position))
    return placements


def _position(diagnostic: Diagnostic) -> tuple[int, int]:
    span = diagnostic.span
    return (span.line, span.column) if span else (0, 0)


class _SpecReader:
    """Walks the spec's node tree, collecting placements and positioned errors."""

    def __init__(
        self, nodes: NodeReader, text: str, profile: Profile, enums: Mapping[str, int]
    ) -> None:
        self.nodes = nodes
        self.text = text
        self.profile = profile
        self.enums = enums
        self.sections: dict[str, Callable[[yaml.Node], list[Placement]]] = {
            "globals": lambda node: self._simple(node, Site.GLOBAL_VARIABLE, GlobalTarget),
            "functions": lambda node: self._simple(node, Site.FUNCTION, FunctionTarget),
            "kernel_parameters": self._parameters,
            "members": self._members,
        }

    def read(self, root: yaml.Node) -> list[Placement]:
        placements: list[Placement] = []
        for key, key_node, value in self.nodes.mapping(root, "the spec"):
            section = self.sections.get(key)
            if section is None:
                self.nodes.error(
                    key_node,
                    f"unknown section '{key}' (expected one of: {', '.join(self.sections)})",
                )
                continue
            placements.extend(section(value))
        return placements

    def _simple(
        self, node: yaml.Node, site: Site, make: Callable[[str], Target]
    ) -> list[Placement]:
        placements = []
        for name, key_node, value in self.nodes.mapping(node, f"'{site.value}' entries"):
            properties = self._properties(value, site)
            if properties is not None:
                placements.append(Placement(make(name), properties, self.nodes.span(key_node)))
        return placements

    def _parameters(self, node: yaml.Node) -> list[Placement]:
        placements = []
        for function, function_node, parameters in self.nodes.mapping(node, "kernel_parameters"):
            for index, key_node, value in self.nodes.mapping(
                parameters, f"parameters of '{function}'"
            ):
                number = self._index(key_node, index, "a parameter index")
                properties = self._properties(value, Site.KERNEL_PARAMETER)
                if number is not None and properties is not None:
                    target = ParameterTarget(function, number)
                    span, owner = self.nodes.span(key_node), self.nodes.span(function_node)
                    placements.append(Placement(target, properties, span, owner))
        return placements

    def _members(self, node: yaml.Node) -> list[Placement]:
        placements = []
        for struct, struct_node, fields in self.nodes.mapping(node, "members"):
            for index, key_node, value in self.nodes.mapping(fields, f"fields of '{struct}'"):
                number = self._index(key_node, index, "a field index")
                properties = self._properties(value, Site.MEMBER)
                if number is not None and properties is not None:
                    target = MemberTarget(struct.removeprefix("%"), number)
                    span, owner = self.nodes.span(key_node), self.nodes.span(struct_node)
                    placements.append(Placement(target, properties, span, owner))
        return placements

    def _index(self, node: yaml.Node, text: str, what: str) -> int | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == INT_TAG:
            # YAML's own reading of an int (0x10, 0b101, 1_000, 017 are ints to it)
            value = yaml.SafeLoader.construct_yaml_int(yaml.SafeLoader(""), node)
            if 0 <= value <= _MAX_INDEX:
                return value
        self.nodes.error(node, f"'{text}' is not {what} (an integer from 0 to {_MAX_INDEX})")
        return None

    def _properties(self, node: yaml.Node, site: Site) -> PropertyList | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
            return self._attribute_text(node, site)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node)
        self.nodes.error(node, "expected attribute text or a mapping of property name to value")
        return None

    def _attribute_text(self, node: yaml.ScalarNode, site: Site) -> PropertyList | None:
        from propslower.properties.front import (  # noqa: PLC0415 - the grammar loads lark
            parse_attribute,
        )

        line, column, indent = self._text_origin(node)
        result = parse_attribute(
            str(node.value),
            source=self.nodes.name,
            kind=site.value,
            profile=self.profile,
            enums=self.enums,
            line=line,
            column=column,
            indent=indent,
        )
        self.nodes.errors.extend(d for d in result.diagnostics if d.is_error)
        attribute = result.attribute
        if not result.ok or not isinstance(attribute, PropertyAttribute):
            return None
        if attribute.unresolved:
            first = attribute.unresolved[0]
            self.nodes.errors.append(
                Diagnostic.error(
                    f"cannot lower the pack expansion '{first.text}' without the C++ front-end",
                    first.span,
                )
            )
            return None
        return attribute.properties

    def _text_origin(self, node: yaml.ScalarNode) -> tuple[int, int, int]:
        """Where a scalar's text starts in the file, and the indentation of its later lines."""
        mark = node.start_mark
        if node.style in ("|", ">"):
            lines = self.text.splitlines()
            following = lines[mark.line + 1] if mark.line + 1 < len(lines) else ""
            indent = len(following) - len(following.lstrip(" "))
            return mark.line + 2, indent + 1, indent
        quoted = 1 if node.style in ("'", '"') else 0
        return mark.line + 1, mark.column + 1 + quoted, 0

    def _mapping(self, node: yaml.MappingNode) -> PropertyList:
        properties = []
        for name, key_node, value in self.nodes.mapping(node, "properties"):
            converted = self._value(value)
            if converted is not None:
                properties.append(Property(name, converted, self.nodes.span(key_node)))
        return PropertyList(tuple(properties))

    def _value(self, node: yaml.Node) -> PropertyValue | None:
        if not isinstance(node, yaml.ScalarNode):
            self.nodes.error(node, "a property value must be a string, number, boolean or null")
            return None
        span: Span = self.nodes.span(node)
        text = str(node.value)
        tag = node.tag
        return scalar_value(tag, text, span)
