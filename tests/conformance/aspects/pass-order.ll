; DPC++ writes a function's own aspects first, then its callees' in call order
; (llvm::SmallSet<int, 4>: insertion order up to four, ascending from five).
; intel/llvm: llvm/test/SYCLLowerIR/PropagateAspectsUsage/
;   PropagateFunctionWithSyclDetailAspect/propagate-aspects-from-function-with-sycl-detail-3.ll
; RUN: %propslower aspects --profile dpcpp %s | grep -v "^;" | filecheck %s

%T1 = type { i32 }
%T2 = type { i32 }
%T3 = type { i32 }
%T4 = type { i32 }
%T5 = type { i32 }

; CHECK: define spir_kernel void @entry() !sycl_used_aspects ![[#BOTH:]]
define spir_kernel void @entry() {
  call spir_func void @first()
  call spir_func void @second()
  ret void
}

; CHECK: define spir_func void @first() !sycl_used_aspects ![[#ONE:]] {
define spir_func void @first() {
  %a = alloca %T1
  ret void
}

; CHECK: define spir_func void @second() !sycl_used_aspects ![[#TWO:]] {
define spir_func void @second() !sycl_used_aspects !7 {
  %b = alloca %T2
  ret void
}

; CHECK: define spir_kernel void @many() !sycl_used_aspects ![[#MANY:]]
define spir_kernel void @many() {
  %e = alloca %T5
  %d = alloca %T4
  %c = alloca %T3
  %b = alloca %T2
  %a = alloca %T1
  ret void
}

!sycl_types_that_use_aspects = !{!0, !1, !2, !3, !4}
!0 = !{!"T1", i32 1}
!1 = !{!"T2", i32 2}
!2 = !{!"T3", i32 3}
!3 = !{!"T4", i32 4}
!4 = !{!"T5", i32 5}
!sycl_aspects = !{!5, !6}
!5 = !{!"fp64", i32 6}
!6 = !{!"host", i32 0}
!7 = !{i32 0}

; CHECK-DAG: ![[#BOTH]] = !{i32 1, i32 2, i32 0}
; CHECK-DAG: ![[#ONE]] = !{i32 1}
; CHECK-DAG: ![[#TWO]] = !{i32 2, i32 0}
; CHECK-DAG: ![[#MANY]] = !{i32 1, i32 2, i32 3, i32 4, i32 5}
