"""Items made on demand, rewritten unmade, rendered by slices: as if every item were made."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from propslower.ir import symbol_edits
from propslower.ir.globals import GlobalItem
from propslower.ir.items import Item, ItemKind
from propslower.ir.metadata import MetadataNode
from propslower.ir.module import Module
from tests.ir.helpers import ALL_INPUTS, read_input

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from synth import synthesize

_KINDS = tuple(ItemKind)


def _naive_render(module: Module) -> str:
    """``render`` as it was: every item made, texts joined, a line break where one lacks it."""
    pieces: list[str] = []
    for item in module.items():
        if pieces and not pieces[-1].endswith("\n"):
            pieces.append("\n")
        pieces.append(item.text)
    return "".join(pieces)


def _edit(module: Module, step: int, how: str) -> None:
    """One edit of a kind the passes make, on the ``step``-th global (made or unmade)."""
    names = sorted(module.store.globals)
    if not names:
        return
    name = names[step % len(names)]
    unmade = module.store.unmade_global(name)
    if how == "rewrite" and unmade is not None:
        edited = unmade[1].replace(" global ", " constant ").replace("private", "internal")
        module.store.rewrite(unmade[0], edited.rstrip("\n") + f" ; edit {step}\n")
    elif how == "set":
        variable = module.global_variable(name)
        assert variable is not None
        variable.text = variable.text.replace("=", "= ", 1)
    elif how == "empty":
        variable = module.global_variable(name)
        assert variable is not None
        variable.text = ""
    elif how == "remove":
        variable = module.global_variable(name)
        assert variable is not None
        module.remove(variable)
    elif how == "insert":
        module.insert(GlobalItem(f"@new{step} = global i32 {step}", key=f"@new{step}"))
        module.insert(MetadataNode.create(module.fresh_metadata_id(), [f"i32 {step}"]))
    elif how == "read":
        _ = module.global_variable(name)


_EDITS = st.lists(
    st.tuples(
        st.integers(0, 50), st.sampled_from(["rewrite", "set", "empty", "remove", "insert", "read"])
    ),
    max_size=10,
)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([*ALL_INPUTS, "synthetic"]), _EDITS)
def test_render_and_searches_agree_with_made_items(name: str, edits: list[tuple[int, str]]) -> None:
    text = synthesize(0.005, True) if name == "synthetic" else read_input(name)
    module = Module(text, name)
    for step, how in edits:
        _edit(module, step, how)
    expected = _naive_render(Module(text, name)) if not edits else None
    rendered = module.render()
    assert "".join(module.render_pieces()) == rendered
    for needle in ("#", "@", "global", "private unnamed_addr ", "edit", "!{", "define", "x"):
        for kinds in ((ItemKind.GLOBAL,), (ItemKind.DEFINITION,), _KINDS):
            found = module.items_containing(needle, kinds)
            texts = [(n, t[s:e]) for n, t, s, e in module.store.texts_containing(needle, kinds)]
            naive = [i for i in module.items() if i.kind in kinds and needle in i.text]
            assert found == naive
            assert [t for _, t in texts] == [i.text for i in naive]
            assert [module.store.item(n) for n, _ in texts] == naive
    assert rendered == _naive_render(module)
    if expected is not None:
        assert rendered == expected == text


def test_rewritten_items_are_searched_in_their_new_text() -> None:
    module = Module("@a = global i32 0\n@b = global i32 1\n@c = global i32 2\n", "t.ll")
    for name in ("b", "c"):
        unmade = module.store.unmade_global(name)
        assert unmade is not None
        module.store.rewrite(unmade[0], unmade[1].replace("global", "constant"))
    _ = module.global_variable("c")
    assert [i.key for i in module.items_containing("global", [ItemKind.GLOBAL])] == ["@a"]
    found = module.store.texts_containing("constant", [ItemKind.GLOBAL])
    assert [(n, t[s:e]) for n, t, s, e in found] == [
        (1, "@b = constant i32 1\n"),
        (2, "@c = constant i32 2\n"),
    ]


def test_rewrite_is_setting_the_text_of_the_item_made_later() -> None:
    text = "@a = global i32 0\n@b = global i32 1 #0\n"
    module = Module(text, "t.ll")
    unmade = module.store.unmade_global("b")
    assert unmade is not None
    module.store.rewrite(unmade[0], "@b = global i32 2 #0")
    assert module.render() == "@a = global i32 0\n@b = global i32 2 #0"
    assert module.store.changed_items((ItemKind.GLOBAL,)) == [(1, "@b = global i32 2 #0")]
    item = module.global_variable("b")
    assert isinstance(item, Item)
    assert (item.text, item.line, item.offset, item.pristine) == (
        "@b = global i32 2 #0",
        2,
        18,
        False,
    )
    assert module.store.unmade_global("b") is None
    assert module.render() == "@a = global i32 0\n@b = global i32 2 #0"


_STRING_MODULES = [
    '@s = private unnamed_addr constant [2 x i8] c"a\\00", section "llvm.metadata"\n',
    '@s = private unnamed_addr constant [2 x i8] c"\\61\\00", section "llvm.metadata"\n'
    '@t = private unnamed_addr constant [2 x i8] c"a\\00", section "llvm.metadata"\n',
    '@s = private unnamed_addr constant [3 x i8] c"a\\0a\\00", section "llvm.metadata"\n',
    '@s = private unnamed_addr constant [3 x i8] c"a\\0A\\00", section "llvm.metadata"\n'
    '@t = private unnamed_addr addrspace(1) constant [2 x i8] c"a\\00", section "llvm.metadata"\n',
    '@s = private unnamed_addr constant [2 x i8] c"a\\00"\n@t = global i32 0 ; c"a\\00"\n',
    '@s = private unnamed_addr constant [4 x i8] c"\\5C\\\\\\00", section "llvm.metadata"\n',
    '@s = private unnamed_addr constant [3 x i8] c"é\\00", section "llvm.metadata"\n',
]
_CONTENTS = [b"a", b"a\n", b"\\\\", "é".encode(), b"b"]


@pytest.mark.parametrize("text", _STRING_MODULES)
@pytest.mark.parametrize("edited", [False, True])
def test_string_index_by_spelling_finds_what_the_full_index_finds(
    text: str, edited: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    def made(full: bool) -> list[str]:
        if full:
            monkeypatch.setattr(symbol_edits, "_UNUSUAL_BODY", _Always())
        module = Module(text, "t.ll")
        if edited:
            first = module.global_variable("s")
            assert first is not None
            first.text = first.text.replace("unnamed_addr", "unnamed_addr ")
        found = []
        for content in _CONTENTS:
            for space, section in ((0, "llvm.metadata"), (1, "llvm.metadata"), (0, None)):
                found.append(module.symbols.string_constant(content, space, section).text)
        monkeypatch.undo()
        return found

    assert made(full=False) == made(full=True)


class _Always:
    """A pattern that finds an unusual string body anywhere (so the full index is built)."""

    def search(self, text: str, *_: int) -> object:
        return text
