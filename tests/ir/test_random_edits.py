"""Property test: any sequence of supported edits keeps every input verifiable and readable."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from propslower.ir.module import Module
from tests.ir.helpers import VALID_INPUTS, assert_verifies, load, reparse

_KEYS = st.text(
    alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FF), min_size=1, max_size=8
)
_VALUES = st.none() | st.text(max_size=8)
_EDIT = st.tuples(
    st.sampled_from(["global", "function", "parameter", "metadata", "string"]), _KEYS, _VALUES
)


def _apply(module: Module, edit: tuple[str, str, str | None], step: int) -> None:
    kind, key, value = edit
    definitions = [f for f in module.functions() if f.is_definition]
    variables = [g for g in module.globals() if g.is_variable and "@llvm." not in (g.key or "")]
    function = definitions[step % len(definitions)]
    variable = variables[step % len(variables)]
    if kind == "global":
        module.attributes.add_to_global(variable, {key: value})
    elif kind == "function":
        module.attributes.add_to_function(function, {key: value})
    elif kind == "parameter" and function.parsed_header.parameters:
        index = step % len(function.parsed_header.parameters)
        module.attributes.add_to_parameter(function, index, {key: value})
    elif kind == "metadata":
        node = module.metadata.add_node(
            [f"!{module.metadata.add_node(['i32 44', 'i32 8']).node_id}"]
        )
        target = variable if step % 2 else function
        module.metadata.extend_attachment(target, "!spirv.Decorations", node.operands)
    else:
        module.symbols.string_constant(key + (value or ""))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VALID_INPUTS), st.lists(_EDIT, max_size=8))
def test_random_edits_keep_module_valid(
    name: str, edits: list[tuple[str, str, str | None]]
) -> None:
    module = load(name)
    for step, edit in enumerate(edits):
        _apply(module, edit, step)
    assert_verifies(module)
    again = reparse(module)
    assert again.render() == module.render()
