from __future__ import annotations

import llvmlite.binding as llvm
import pytest

from propslower.ir.extract import ModuleIndex, extract, scan_references
from propslower.ir.module import Module
from propslower.ir.verify import verify_text
from tests.ir.helpers import VALID_INPUTS, load

MODULE = """\
; ModuleID = 'm.cpp'
source_filename = "m.cpp"
target triple = "spir64-unknown-unknown"

$_Z4linkv = comdat any
$other = comdat any

%struct.A = type { i32, %struct.B }
%struct.B = type { float }
%struct.Unused = type { i64 }
%"class.with space" = type { i8 }

@g = dso_local addrspace(1) global i32 0, align 4
@h = internal addrspace(1) global ptr addrspace(1) @g, align 8
@unused = dso_local addrspace(1) global i32 1, align 4
@.str = private unnamed_addr addrspace(1) constant [5 x i8] c"@g #1\\00", align 1
@.str.1 = private unnamed_addr addrspace(1) constant [4 x i8] c"ann\\00", align 1
@alias = alias i32, ptr addrspace(1) @g
@llvm.used = appending global [2 x ptr] [ptr @a, ptr @b], section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr addrspace(1), i32 }] \
[{ ptr, ptr addrspace(1), i32 } { ptr @b, ptr addrspace(1) @.str.1, i32 3 }], \
section "llvm.metadata"

; the first kernel
define spir_kernel void @a(ptr addrspace(1) %p) #0 !md !10 {
entry:
  %x = getelementptr inbounds %struct.A, ptr addrspace(1) %p, i32 0, i32 1
  %v = load i32, ptr addrspace(1) @alias, align 4, !tbaa !11
  call void @_Z4linkv() #2
  ret void
}

define spir_kernel void @b() #1 {
entry:
  %s = load ptr addrspace(1), ptr addrspace(1) @h, align 8
  %c = alloca %"class.with space", align 1
  ret void
}

define linkonce_odr void @_Z4linkv() #2 comdat {
entry:
  ret void
}

define void @other() comdat($other) {
entry:
  ret void
}

declare void @never_called()

attributes #0 = { nounwind "k"="a" }
attributes #1 = { nounwind }
attributes #2 = { convergent }

!llvm.module.flags = !{!0}
!spirv.ExecutionMode = !{!1, !2, !3}
!only_other = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{ptr @a, i32 35, i32 16}
!2 = !{ptr @b, i32 17, i32 1, i32 1, i32 1}
!3 = !{ptr @a, ptr @b, i32 99}
!4 = !{ptr @other}
!10 = !{!"a's node", !12}
!11 = !{!13, !13, i64 0}
!12 = distinct !{!12}
!13 = !{!"int", !14, i64 0}
!14 = !{!"Simple C++ TBAA"}
"""


@pytest.fixture(scope="module")
def index() -> ModuleIndex:
    return ModuleIndex.build(Module.parse(MODULE, "m.ll"))


def verified(text: str) -> llvm.ModuleRef:
    assert verify_text(text, "image.ll") == [], text
    return llvm.parse_assembly(text)


def test_scanner_skips_strings_and_comments() -> None:
    refs = scan_references('call void @f(ptr @"a b") #3, !dbg !7 ; @comment !9\n c"@x !8" !"@y"')
    assert refs.symbols == ("f", "a b")
    assert refs.groups == (3,)
    assert refs.nodes == (7,)


def test_scanner_types_comdats_and_quoted_types() -> None:
    refs = scan_references('%x = alloca %"class.with space", comdat($c) %struct.A')
    assert "class.with space" in refs.types
    assert "struct.A" in refs.types
    assert refs.comdats == ("c",)


def test_first_kernel_image(index: ModuleIndex) -> None:
    text = index.extract(["a"])
    parsed = verified(text)
    names = {f.name for f in parsed.functions}
    assert names == {"a", "_Z4linkv"}
    assert "@unused" not in text
    assert "%struct.Unused" not in text
    assert "%struct.B = type" in text
    assert "$_Z4linkv = comdat any" in text
    assert "$other" not in text
    assert '!"Simple C++ TBAA"' in text
    assert "!12 = distinct !{!12}" in text
    assert "; the first kernel" in text
    assert '@llvm.used = appending global [1 x ptr] [ptr @a], section "llvm.metadata"' in text
    assert "@llvm.global.annotations" not in text
    assert "!spirv.ExecutionMode = !{!1}\n" in text
    assert "!only_other" not in text
    assert "@alias = alias" in text
    assert "attributes #1" not in text


def test_second_kernel_pulls_annotation_strings(index: ModuleIndex) -> None:
    text = index.extract(["b"])
    verified(text)
    assert "@.str.1 = " in text
    assert "@.str = " not in text
    assert "@h = internal" in text
    assert "@g = dso_local" in text
    assert '%"class.with space" = type' in text
    assert "!spirv.ExecutionMode = !{!2}\n" in text


def test_both_kernels_keep_shared_entries(index: ModuleIndex) -> None:
    text = index.extract(["a", "b"])
    verified(text)
    assert "!spirv.ExecutionMode = !{!1, !2, !3}\n" in text
    assert "[2 x ptr] [ptr @a, ptr @b]" in text


def test_explicit_comdat_and_named_list_with_only_it(index: ModuleIndex) -> None:
    text = index.extract(["other"])
    verified(text)
    assert "$other = comdat any" in text
    assert "!only_other = !{!4}" in text
    assert "!spirv.ExecutionMode" not in text


def test_unknown_root_is_a_key_error(index: ModuleIndex) -> None:
    with pytest.raises(KeyError):
        index.closure(["nope"])


@pytest.mark.parametrize("name", VALID_INPUTS)
def test_every_function_of_real_inputs_extracts(name: str) -> None:
    module = load(name)
    index = ModuleIndex.build(module)
    for function in module.functions():
        if function.is_definition:
            verified(index.extract([function.parsed_header.name[1:].strip('"')]))


def test_one_shot_extract_matches_index() -> None:
    module = Module.parse(MODULE, "m.ll")
    assert extract(module, ["b"]) == ModuleIndex.build(module).extract(["b"])
