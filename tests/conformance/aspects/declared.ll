; Declared aspects (device_has) of a callee reach its callers' used list, after the used
; aspects; an existing list with the same content is reused (LLVM uniques metadata).
; intel/llvm: llvm/test/SYCLLowerIR/PropagateAspectsUsage/PropageteDeclaredAspects/
;   propagate-declared-1.ll
; RUN: %propslower aspects --profile dpcpp %s | grep -v "^;" | filecheck %s

%Dbl = type { double }

; CHECK: define spir_kernel void @k() !sycl_used_aspects ![[#KERNEL:]]
define spir_kernel void @k() {
  call spir_func void @helper()
  ret void
}

; CHECK: define spir_func void @helper() !sycl_declared_aspects !1 !sycl_used_aspects ![[#KERNEL]] {
define spir_func void @helper() !sycl_declared_aspects !1 {
  %d = alloca %Dbl
  ret void
}

!sycl_aspects = !{!0}
!0 = !{!"fp64", i32 6}
!1 = !{i32 5}

; CHECK: ![[#KERNEL]] = !{i32 6, i32 5}
