"""Hand-written device modules for the split and check tests."""

from __future__ import annotations

from pathlib import Path

FOUR_PATH = Path(__file__).resolve().parent.parent / "lit" / "split" / "Inputs" / "four.ll"
FOUR = FOUR_PATH.read_text(encoding="utf-8")
"""k0 (no aspects), k1 (fp16), k2 (fp16, sub-group 16), k3 (fp64, work-group 8,4,2); shared
helper, globals used by several kernels, a TBAA chain, ``llvm.used``, ``!spirv.ExecutionMode``."""

HEAD = """\
source_filename = "many.cpp"
target triple = "spir64-unknown-unknown"

@shared = dso_local addrspace(1) global i32 0, align 4
@fp16_table = internal addrspace(1) constant [2 x half] [half 0xH3C00, half 0xH4000], align 2

"""

TAIL = """\
define internal spir_func void @_Z6helperv() #1 {
entry:
  %v = load i32, ptr addrspace(1) @shared, align 4, !tbaa !20
  ret void
}

define internal spir_func void @_Z4halfv() #1 !{used} !5 {
entry:
  %h = load half, ptr addrspace(1) @fp16_table, align 2
  ret void
}

define spir_func void @_Z8exportedv() #2 !{used} !5 {
entry:
  call spir_func void @_Z4halfv() #1
  ret void
}

define spir_func void @_Z20__spirv_BuiltInThingv() #2 {
entry:
  ret void
}

define internal spir_func void @_Z6doublev() #1 {
entry:
  %d = fadd double 1.0, 2.0
  ret void
}

attributes #0 = { convergent nounwind "sycl-module-id"="a.cpp" }
attributes #1 = { convergent nounwind }
attributes #2 = { convergent nounwind "sycl-module-id"="b.cpp" }
attributes #3 = { convergent nounwind "sycl-module-id"="b.cpp" }

!llvm.module.flags = !{!0}
!spirv.ExecutionMode = !{!30, !31}

!0 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 5}
!6 = !{i32 6}
!7 = !{i32 5, i32 6}
!8 = !{i32 16}
!9 = !{i32 8}
!10 = !{i32 8, i32 4, i32 2}
!11 = !{i32 4, i32 4, i32 4}
!20 = !{!21, !21, i64 0}
!21 = !{!"int", !22, i64 0}
!22 = !{!"Simple C++ TBAA"}
!30 = !{ptr @plain_a, i32 35, i32 16}
!31 = !{ptr @fp16_b, i32 35, i32 16}
"""


def kernel(name: str, attachments: str = "", calls: tuple[str, ...] = (), group: int = 0) -> str:
    body = "".join(f"  call spir_func void @{callee}() #1\n" for callee in calls)
    return (
        f"define spir_kernel void @{name}() #{group} {attachments} {{\n"
        f"entry:\n  %v = load i32, ptr addrspace(1) @shared, align 4\n{body}  ret void\n}}\n\n"
    )


def many(used: str = "intel_used_aspects") -> str:
    """Kernels over two sources: equal aspects in different kernels, sub-group and work-group
    sizes, an exported function, a SPIR-V built-in with a module id, double use."""
    kernels = [
        kernel("plain_a", calls=("_Z6helperv",)),
        kernel("fp16_a", f"!{used} !5", ("_Z4halfv",)),
        kernel("fp16_b", f"!{used} !5", ("_Z6helperv", "_Z4halfv")),
        kernel("fp16_sg16", f"!{used} !5 !intel_reqd_sub_group_size !8", ("_Z4halfv",)),
        kernel("fp16_sg8", f"!{used} !5 !intel_reqd_sub_group_size !9", ("_Z4halfv",)),
        kernel("plain_wg", "!reqd_work_group_size !10"),
        kernel("plain_wg2", "!reqd_work_group_size !11"),
        kernel("calls_exported", f"!{used} !5", ("_Z8exportedv",), group=3),
        kernel("plain_b", group=3),
        kernel("fp64", f"!{used} !6", ("_Z6doublev",)),
    ]
    return HEAD + "".join(kernels) + TAIL.replace("{used}", used)
