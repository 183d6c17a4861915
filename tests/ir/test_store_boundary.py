"""No pass module outside ir/ asks the item store anything or sets an item's text: every edit
goes through an editor."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

import propslower
from propslower.ir.module import Module
from propslower.ir.store import ItemStore

PACKAGE = Path(propslower.__file__).resolve().parent
PASS_PACKAGES = ("spirv", "lowering", "aspects", "postlink", "frontend", "commands")
STORE_ONLY = frozenset(
    name for name in dir(ItemStore) if not name.startswith("__") and not hasattr(Module, name)
) | {"store", "item_at", "read_span"}
"""What the store answers and the module does not (plus the store itself)."""


def _chain(node: ast.expr) -> str:
    """``self.run.module`` for an attribute chain, ``""`` for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _chain(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


def store_uses(source: str) -> list[tuple[int, str]]:
    """(line, text) of each use of the store in ``source``: an import of ``ir.store``, or
    a store-only name asked of something named as a module."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("ir.store"):
            found.append((node.lineno, f"from {node.module} import ..."))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names if a.name.endswith("ir.store"))
        elif isinstance(node, ast.Attribute) and node.attr in STORE_ONLY:
            owner = _chain(node.value)
            if owner.split(".")[-1].lstrip("_") in ("module", "store"):
                found.append((node.lineno, f"{owner}.{node.attr}"))
    return found


def test_the_check_finds_store_uses() -> None:
    source = (
        "from propslower.ir.store import ItemStore\n"
        "def f(module, run):\n"
        "    module.store.rewrite(1, 'x')\n"
        "    run.module.unmade_global('g')\n"
        "    writer.rewrite(1)\n"
    )
    assert sorted(line for line, _ in store_uses(source)) == [1, 3, 3, 4]
    assert {"unmade", "rewrite", "texts_containing", "read_key", "is_unmade"} <= STORE_ONLY


def findings(package: str, check: Callable[[str], list[tuple[int, str]]]) -> list[str]:
    """``path:line: text`` of what ``check`` finds in each module of ``package``."""
    return [
        f"{path.relative_to(PACKAGE)}:{line}: {text}"
        for path in sorted((PACKAGE / package).rglob("*.py"))
        for line, text in check(path.read_text(encoding="utf-8"))
    ]


@pytest.mark.parametrize("package", PASS_PACKAGES)
def test_pass_packages_ask_the_store_nothing(package: str) -> None:
    assert findings(package, store_uses) == []


def text_edits(source: str) -> list[tuple[int, str]]:
    """(line, target) of each assignment to the ``text`` of something other than ``self``
    (an item's text set by hand instead of through an editor)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Attribute) and target.attr == "text":
                owner = _chain(target.value)
                if owner != "self":
                    found.append((node.lineno, f"{owner or '...'}.text"))
    return found


def test_the_check_finds_text_edits() -> None:
    source = "def f(item, self):\n    item.text = 'x'\n    self.text = 'y'\n    a.b.text += 'z'\n"
    assert text_edits(source) == [(2, "item.text"), (4, "a.b.text")]


@pytest.mark.parametrize("package", PASS_PACKAGES)
def test_pass_packages_set_no_item_text(package: str) -> None:
    assert findings(package, text_edits) == []
