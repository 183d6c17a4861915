"""Failures the fuzzer found, replayed as fixed cases (shrunk by hand) so they stay fixed."""

from __future__ import annotations

import pytest

from tests.fuzz.corpus import REPOSITORY
from tests.fuzz.helpers import assert_ok
from tests.fuzz.runner import judge_isolated, preload
from tests.fuzz.scenarios import PRESET, Case

pytestmark = pytest.mark.fuzz

UNNAMED_ANNOTATION = b"""\
@.str = private unnamed_addr constant [20 x i8] c"sycl-properties:foo\\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [6 x i8] c"x.cpp\\00", section "llvm.metadata"

define spir_func i32 @f(ptr %0) {
  %2 = call ptr @llvm.ptr.annotation.p0.p0(ptr %0, ptr @.str, ptr @.str.1, i32 1, ptr null)
  %3 = load i32, ptr %2, align 4
  ret i32 %3
}

declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)
"""

MISSPELT = b"""\
@.str = private unnamed_addr constant [18 x i8] c"propslower:member\\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [6 x i8] c"x.cpp\\00", section "llvm.metadata"

define void @f(i8 addrspace(4)* %p) {
  %1 = call i8 addrspace(4)* @llvm.ptr.annotation.p4i8(i8 addrspace(4)* %p, \
i8* getelementptr inbounds ([18 x i8], [18 x i8]* @.str, i32 0, i32 0), \
i8* getelumentptr inbounds ([6 x i8], [6 x i8]* @.str.1, i32 0, i32 0), i32 1, i8* null)
  ret void
}

declare i8 addrspace(4)* @llvm.ptr.annotation.p4i8(i8 addrspace(4)*, i8*, i8*, i32, i8*)
"""


def _module_case(command: str, options: list[str], module: bytes, **files: bytes) -> Case:
    return Case(
        command,
        [command, *options, "-o", "out.ll", "in.ll"],
        files={"in.ll": module, "out.ll": PRESET, **files},
        watched=["out.ll", "in.ll"],
        module_input="in.ll",
        module_output="out.ll",
        preserve_lines=True,
        idempotent=True,
    )


def _split(options: list[str], module: bytes, **files: bytes) -> Case:
    case = Case("split", ["split", "-d", "out", *options, "in.ll"])
    case.files = {"in.ll": module, "out/keep.txt": PRESET, **files}
    case.watched, case.split_directory = ["out"], "out"
    return case


FOUR = (REPOSITORY / "tests/lit/split/Inputs/four.ll").read_bytes()
PACKS = (REPOSITORY / "tests/inputs/annotate/clang15-packs.ll").read_bytes()
GLOBAL = (REPOSITORY / "tests/lit/annotate/Inputs/global.ll").read_bytes()
CHAIN = (REPOSITORY / "examples/ir/chain.ll").read_bytes()
DEVICE = (REPOSITORY / "examples/ir/device.ll").read_bytes()
DEVICE_SPEC = (REPOSITORY / "examples/ir/device.yaml").read_bytes()

CASES = {
    # ValueError: '..._intel_gpu_pvc.table' is written twice
    "split-duplicate-target": _split(["--targets", "intel_gpu_pvc,intel_gpu_pvc"], FOUR),
    # the annotation call goes, %3 keeps its number: llvm-as-15 rejects the output
    "spirv-unnamed-annotation-removed": _module_case("spirv", [], UNNAMED_ANNOTATION),
    # the same with typed pointers: propslower's own verifier rejects what it made
    "run-lower-spirv-typed-packs": _module_case("run", ["-p", "lower,spirv"], PACKS),
    # OverflowError: int too big to convert (lowering/spec_lines.py)
    "annotate-huge-parameter-index": _module_case(
        "annotate",
        ["--props", "spec.yaml"],
        GLOBAL,
        **{"spec.yaml": b"kernel_parameters:\n  _ZTS7Reading:\n    18446744073709551616: {a: 1}\n"},
    ),
    # llvmlite's parser (an LLVM with assertions) aborts the process: DenseMap empty key
    "annotate-value-number-uint-max": _module_case(
        "annotate", [], b"define void @f(ptr %4294967295) {\n  ret void\n}\n"
    ),
    # KeyError: '(' in ir/constants.py _single: a misspelt constant expression in the call
    "run-lower-misspelt-constant-expression": _module_case("run", ["-p", "lower"], MISSPELT),
    # a verifier error in a module with "Debug Info Version" 3: LLVM's debug-info upgrade in
    # llvmlite's parser calls report_fatal_error ("Broken module found") and aborts
    "annotate-broken-module-with-debug-info": _module_case(
        "annotate",
        [],
        b"define void @f() {\n  %a = add i32 %b, 1\n  %b = add i32 1, 1\n  ret void\n}\n\n"
        b'!llvm.module.flags = !{!0}\n!0 = !{i32 2, !"Debug Info Version", i32 3}\n',
    ),
    # the annotation call --spirv consumed is made again by a second run
    "annotate-spirv-member-typed-twice": _module_case(
        "annotate",
        ["--props", "spec.yaml", "--spirv"],
        (REPOSITORY / "tests/inputs/design_examples/member-typed.ll").read_bytes(),
        **{"spec.yaml": (REPOSITORY / "tests/inputs/design_examples/member.yaml").read_bytes()},
    ),
    # --graph is written although writing the module fails afterwards
    "aspects-graph-written-on-error": Case(
        "aspects",
        ["aspects", "--graph", "graph.dot", "-o", "plain/out.ll", "in.ll"],
        files={"in.ll": CHAIN, "plain": PRESET, "graph.dot": PRESET},
        watched=["graph.dot", "plain"],
    ),
    # an invalid global line (name and section swapped) is accepted and rewritten
    "spirv-invalid-global-line": _module_case(
        "spirv",
        [],
        (REPOSITORY / "tests/spirv/inputs/opaque.ll")
        .read_bytes()
        .replace(
            b'@.str.1 = private unnamed_addr constant [11 x i8] c"opaque.cpp\\00", '
            b'section "llvm.metadata"',
            b'"llvm.metadata" = private unnamed_addr constant [11 x i8] c"opaque.cpp\\00", '
            b"section @.str.1",
        ),
    ),
    # LexError escapes 'aspects --profile dpcpp' on a control character in a call's operands
    "aspects-dpcpp-control-character-in-call": _module_case(
        "aspects",
        ["--profile", "dpcpp"],
        b"declare void @g(ptr)\n\ndefine void @f(ptr %p) !sycl_declared_aspects !0 {\n"
        b"  call void @g(ptr \x12%p)\n  ret void\n}\n\n!0 = !{i32 5}\n",
    ),
    # stray top-level text after @llvm.global.annotations went with the consumed record
    "annotate-from-annotations-stray-line": _module_case(
        "annotate",
        ["--from-annotations"],
        (REPOSITORY / "tests/inputs/clang16-annotated.ll")
        .read_bytes()
        .replace(b'section "llvm.metadata"\n\n', b'section "llvm.metadata"\ni8 addrspace(4)*\n', 1),
    ),
    # a global's attribute-group reference repeated on a continuation line (valid for
    # llvm-as-15): spirv puts !spirv.Decorations after '#0' and its verifier rejects the result
    "spirv-global-attribute-group-on-next-line": _module_case(
        "spirv",
        [],
        b"@dm1 = addrspace(1) global i32 0, align 4 #0\n#0\n\n"
        b'attributes #0 = { "sycl-host-access"="read" }\n',
    ),
    # metadata nodes separated by a bare CR (LLVM reads CR as white space): '!1' is not seen
    # and a fresh node takes its id ('Metadata id is already used')
    "aspects-dpcpp-metadata-after-cr": _module_case(
        "aspects",
        ["--profile", "dpcpp"],
        b"define spir_kernel void @k() {\n  ret void\n}\n\n!0 = !{i32 5}\r!1 = !{i32 6}\n",
    ),
    # two top-level items on one line (LLVM reads them as two): the global's attachment was
    # written after the metadata node, which LLVM rejects
    "annotate-spirv-two-items-on-one-line": _module_case(
        "annotate",
        ["--spirv", "--props", "spec.yaml"],
        b"@dm1 = addrspace(1) global i32 0, align 4!99 = !{}\n"
        b"define spir_kernel void @k() {\n  ret void\n}attributes #0 = { nounwind }\n",
        **{"spec.yaml": b"globals:\n  dm1:\n    sycl-host-access: read\n"},
    ),
    # an edited definition whose '}' shares its line with the next item: the line was split
    "annotate-edited-definition-shares-its-last-line": _module_case(
        "annotate",
        ["--props", "spec.yaml"],
        b"define spir_kernel void @k() {\n  ret void\n}!99 = !{}\n",
        **{"spec.yaml": b"functions:\n  k:\n    sycl-sub-group-size: 16\n"},
    ),
    # bare CRs between a member's GEP and its uses (LLVM reads CR as white space): the oracle
    # took the lines the member lowering rewires for one untouched line
    "annotate-member-uses-after-bare-cr": _module_case(
        "annotate",
        ["--props", "spec.yaml"],
        DEVICE.replace(b"i32 0, i32 0\n  %generic", b"i32 0, i32 0\r  %generic"),
        **{"spec.yaml": DEVICE_SPEC},
    ),
    # IndexError in ir/attributes.py: an attribute group ending in 'nounwind =' (invalid IR)
    "split-attribute-group-ends-in-equals": _split(
        ["--kernel-reqs"],
        b"define spir_kernel void @K() #0 {\nentry:\n  ret void\n}\n\n"
        b"attributes #0 = { nounwind = }\n",
    ),
    # strings outside section "llvm.metadata": --from-annotations made its new strings in
    # address space 0 for a '.p4.p1' intrinsic, and its own verifier refused the result
    "annotate-from-annotations-strings-outside-llvm-metadata": _module_case(
        "annotate",
        ["--from-annotations"],
        (REPOSITORY / "tests/inputs/annotate/clang19-sycl-packs.ll")
        .read_bytes()
        .replace(b'section "llvm.metadata"', b'section "llvm.metadatax"'),
    ),
    # FileExistsError when -d names a file (fixed by split's staging)
    "split-directory-is-a-file": Case(
        "split",
        ["split", "-d", "out", "in.ll"],
        files={"in.ll": FOUR, "out": PRESET},
        watched=["out"],
        split_directory="out",
    ),
}


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    preload()


@pytest.mark.parametrize("name", sorted(CASES))
def test_regression(name: str) -> None:
    result = judge_isolated(CASES[name], llvm_as=True)
    assert result.case.command == CASES[name].command
    assert_ok([result])
