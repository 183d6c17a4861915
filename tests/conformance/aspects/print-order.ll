; Numbered metadata definitions come out in the order LLVM's printer writes them (named
; metadata's operands, then each function's attachments in module order, each node before
; the nodes it refers to), every node keeping its number and its line: a new list lands
; before the existing nodes LLVM numbers after it, existing nodes written out of that order
; move, and a node nothing refers to (LLVM drops it) stays, last. The design profile keeps the
; input's order (and adds new nodes after it).
; intel/llvm: llvm/test/SYCLLowerIR/PropagateAspectsUsage/PropageteDeclaredAspects/
;   propagate-declared-2.ll, propagate-declared-3.ll;
;   PropagateFunctionWithSyclDetailAspect/propagate-aspects-from-function-with-sycl-detail-2.ll
; RUN: %propslower aspects --profile dpcpp %s | grep -v "^;" | filecheck %s --check-prefix=DPCPP
; RUN: %propslower aspects --profile design %s | grep -v "^;" | filecheck %s --check-prefix=DESIGN

; DPCPP: define spir_kernel void @kernel() !sycl_used_aspects ![[#BOTH:]] !sycl_fixed_targets ![[#NONE:]] {
define spir_kernel void @kernel() {
  call spir_func void @uses_cpu()
  call spir_func void @declares_host()
  ret void
}

; DPCPP: define spir_func void @uses_cpu() !sycl_used_aspects !4 {
define spir_func void @uses_cpu() !sycl_used_aspects !4 {
  ret void
}

; DPCPP: define spir_func void @declares_host() !sycl_used_aspects !3 !sycl_declared_aspects !3 {
define spir_func void @declares_host() !sycl_declared_aspects !3 {
  ret void
}

!sycl_aspects = !{!0, !1, !2}

!0 = !{!"host", i32 0}
!1 = !{!"cpu", i32 1}
!2 = !{!"fp64", i32 6}
!3 = !{i32 0}
!4 = !{i32 1}
!5 = !{i32 0, i32 1}

; DPCPP:      !0 = !{!"host", i32 0}
; DPCPP-NEXT: !1 = !{!"cpu", i32 1}
; DPCPP-NEXT: !2 = !{!"fp64", i32 6}
; DPCPP-NEXT: ![[#BOTH]] = !{i32 1, i32 0}
; DPCPP-NEXT: ![[#NONE]] = !{}
; DPCPP-NEXT: !4 = !{i32 1}
; DPCPP-NEXT: !3 = !{i32 0}
; DPCPP-NEXT: !5 = !{i32 0, i32 1}

; DESIGN:      !3 = !{i32 0}
; DESIGN-NEXT: !4 = !{i32 1}
; DESIGN-NEXT: !5 = !{i32 0, i32 1}
