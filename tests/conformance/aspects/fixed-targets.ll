; Every entry point gets !sycl_fixed_targets: the listed targets' values, !{} without them.
; intel/llvm: llvm/test/SYCLLowerIR/PropagateAspectsUsage/sycl-fixed-targets.ll
; RUN: %propslower aspects --profile dpcpp --fixed-targets gpu,cpu %s | grep -v "^;" | filecheck %s
; RUN: %propslower aspects --profile dpcpp %s | grep -v "^;" | filecheck %s --check-prefix=NONE

; CHECK: define spir_kernel void @run(){{.*}}!sycl_fixed_targets ![[#TARGETS:]]
; NONE: define spir_kernel void @run(){{.*}}!sycl_fixed_targets ![[#EMPTY:]]
define spir_kernel void @run() {
  ret void
}

!sycl_aspects = !{!0, !1, !2}
!0 = !{!"cpu", i32 1}
!1 = !{!"gpu", i32 2}
!2 = !{!"fp64", i32 6}

; CHECK: ![[#TARGETS]] = !{i32 2, i32 1}
; NONE: ![[#EMPTY]] = !{}
