; --exclude-aspects leaves excluded aspects out of the used lists, except declared ones
; (!sycl_declared_aspects, from device_has): those are always added, on the declaring
; function and on its callers, and an excluded aspect already in a function's own
; !sycl_used_aspects is kept.
; intel/llvm: llvm/test/SYCLLowerIR/PropagateAspectsUsage/exclude-aspect.ll (after pull
;   request #10650, "Propagate explicitly declared aspects even if excluded")
; RUN: %propslower aspects --profile dpcpp --exclude-aspects fp64,fp16 %s | grep -v "^;" | filecheck %s

%Dbl = type { double }
%Half = type { half }

; CHECK: define spir_kernel void @kernel() !sycl_used_aspects ![[#DECLARED:]]
define spir_kernel void @kernel() {
  call spir_func void @uses_double()
  call spir_func void @declares_fp64()
  ret void
}

; CHECK-NOT: define spir_func void @uses_double() {{.*}}!sycl_used_aspects
define spir_func void @uses_double() {
  %d = alloca %Dbl
  ret void
}

; CHECK: define spir_func void @declares_fp64() !sycl_declared_aspects ![[#DECLARED]] !sycl_used_aspects ![[#DECLARED]] {
define spir_func void @declares_fp64() !sycl_declared_aspects !2 {
  ret void
}

; CHECK: define spir_func void @keeps_own() !sycl_used_aspects ![[#OWN:]] {
define spir_func void @keeps_own() !sycl_used_aspects !3 {
  %h = alloca %Half
  ret void
}

!sycl_aspects = !{!0, !1}
!sycl_types_that_use_aspects = !{!4, !5}

!0 = !{!"fp16", i32 5}
!1 = !{!"fp64", i32 6}
!2 = !{i32 6}
!3 = !{i32 5}
!4 = !{!"Dbl", i32 6}
!5 = !{!"Half", i32 5}

; CHECK-DAG: ![[#DECLARED]] = !{i32 6}
; CHECK-DAG: ![[#OWN]] = !{i32 5}
