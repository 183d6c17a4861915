"""Line endings and items over several lines: what ``llvm-as-15`` accepts, read and written
back with the input's own line breaks (``module.py``'s ``line_convention``, ``reader.py``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from propslower.ir.extract import extract
from propslower.ir.module import Module, line_convention
from tests.conftest import require_tool

LF = (
    'target triple = "spir64-unknown-unknown"\n'
    "\n"
    "@g = addrspace(1) global\n"
    "  i32 0, align 4 #0\n"
    "\n"
    "define spir_kernel void @k(i32 %n,\n"
    "    ptr addrspace(1) %a)\n"
    "    #0 {\n"
    "entry:\n"
    "  store i32 %n,\n"
    "    ptr addrspace(1) %a, align 4\n"
    "  ret void\n"
    "}\n"
    "\n"
    'attributes #0 = { "sycl-x"="1" }\n'
    "!0 = !{i32 1}\n"
)


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_convention_round_trips(newline: str) -> None:
    text = LF.replace("\n", newline)
    found, internal = line_convention(text)
    assert (found, internal) == (newline, LF)
    module = Module(text, "t.ll")
    assert module.newline == newline
    assert module.render() == text


def test_mixed_endings_are_kept_as_they_are() -> None:
    text = "@a = global i32 0\r\n@b = global i32 1\n"
    assert line_convention(text) == ("\n", text)
    assert Module(text, "t.ll").render() == text


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_edits_use_the_input_line_break(newline: str) -> None:
    """(a) CR-only input is read as lines (items found, so edits happen); (d) inserted
    lines end with the input's line break; lines nothing changed stay byte for byte."""
    text = LF.replace("\n", newline)
    module = Module(text, "t.ll")
    g, k = module.global_variable("g"), module.function("k")
    assert g is not None and k is not None
    module.metadata.attach(k, "!spirv.ParameterDecorations", module.metadata.add_node(["!0"]))
    [store] = k.find_instructions("store")
    k.insert_after(store, "  call void @llvm.donothing()")
    module.symbols.declare("declare void @llvm.donothing()")
    out = module.render()
    assert "@llvm.donothing" in out and "!spirv.ParameterDecorations !1" in out
    assert out.replace(newline, "").count("\n") == 0
    assert out.replace(newline, "\n").replace("\r", "") == out.replace(newline, "\n")
    lines = out.split(newline)
    for line in text.split(newline):
        if not line.endswith("{"):  # the header's last line gained the attachment
            assert line in lines


def test_extracted_images_keep_the_line_break() -> None:
    module = Module(LF.replace("\n", "\r\n"), "t.ll")
    image = extract(module, ["k"])
    assert "@k(" in image and image.count("\n") == image.count("\r\n") > 0


def test_items_over_several_lines_are_one_item_each() -> None:
    """(b) a global and a define header over several lines are read, not rejected."""
    module = Module(LF, "t.ll")
    g, k = module.global_variable("g"), module.function("k")
    assert g is not None and k is not None
    assert g.parts.group_ref == 0 and g.parts.initializer == "0"
    assert [p.name for p in k.parsed_header.parameters] == ["%n", "%a"]
    assert k.parsed_header.group_refs == [0]
    assert k.header_text.endswith("#0 {\n")


@pytest.mark.integration
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_llvm_as_accepts_the_inputs_and_outputs(tmp_path: Path, newline: str) -> None:
    llvm_as = require_tool("llvm-as-15")
    text = LF.replace("\n", newline)
    module = Module(text, "t.ll")
    k = module.function("k")
    assert k is not None
    module.metadata.attach(k, "!kind", module.metadata.add_node(["i32 2"]))
    for name, content in (("in.ll", text), ("out.ll", module.render())):
        path = tmp_path / name
        path.write_bytes(content.encode())
        subprocess.run([llvm_as, str(path), "-o", str(tmp_path / "x.bc")], check=True)
