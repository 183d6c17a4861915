"""Helpers for lowering tests: inputs, parsing and checked rendering."""

from pathlib import Path

from propslower.ir.module import Module
from propslower.ir.verify import verify_text

INPUTS = Path(__file__).resolve().parent.parent / "inputs"
DESIGN_EXAMPLES = INPUTS / "design_examples"


def module_of(path: Path) -> Module:
    return Module.parse(path.read_text(), path.name)


def verified(module: Module) -> str:
    text = module.render()
    assert verify_text(text, module.name) == []
    return text
