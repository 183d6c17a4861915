"""SPIR-V table YAML: the shared positioned reader plus operands (integers or strings)."""

from __future__ import annotations

import yaml

from propslower.diagnostics import Diagnostic, DiagnosticError
from propslower.spirv.model import Operand
from propslower.yaml_tags import INT_TAG, STR_TAG
from propslower.yamlnodes import NodeReader
from propslower.yamlnodes import compose as compose_or_raise


def compose(text: str, name: str) -> tuple[yaml.Node | None, Diagnostic | None]:
    """The YAML node tree of ``text``, or a diagnostic for a syntax error."""
    try:
        return compose_or_raise(text, name), None
    except DiagnosticError as error:
        return None, error.diagnostics[0]


class SpirvNodeReader(NodeReader):
    """Reads the table's operand lists on top of the shared typed accessors."""

    def operand(self, node: yaml.Node, what: str) -> Operand | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == INT_TAG:
            return self.integer(node, what)
        if isinstance(node, yaml.ScalarNode) and node.tag == STR_TAG:
            return str(node.value)
        self.error(node, f"{what} must be an integer or a string")
        return None

    def operands(self, node: yaml.Node, what: str) -> tuple[Operand, ...]:
        """A list of operands, or a single scalar operand."""
        if isinstance(node, yaml.ScalarNode):
            single = self.operand(node, what)
            return () if single is None else (single,)
        items = (self.operand(item, what) for item in self.sequence(node, f"{what} list"))
        return tuple(item for item in items if item is not None)
