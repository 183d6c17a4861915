; A kernel with "calls-indirectly" gets the aspects of its indirectly-callable sets only
; when it makes a call marked "virtual-call".
; intel/llvm: llvm/test/SYCLLowerIR/PropagateAspectsUsage/VirtualFunctions/
;   virtual-functions-2.ll, virtual-functions-4.ll
; RUN: %propslower aspects --profile dpcpp %s | grep -v "^;" | filecheck %s

%Red = type { i32 }
%Blue = type { i32 }

; CHECK: @paint_red() #0 !sycl_used_aspects ![[#RED:]]
define spir_func void @paint_red() #0 {
  %r = alloca %Red
  ret void
}

; CHECK: @paint_blue() #1 !sycl_used_aspects ![[#BLUE:]]
define spir_func void @paint_blue() #1 {
  %b = alloca %Blue
  ret void
}

; CHECK: @painter(ptr %fn) #2 !sycl_used_aspects ![[#BOTH:]]
define spir_kernel void @painter(ptr %fn) #2 {
  call void %fn() #3
  ret void
}

; CHECK-NOT: @no_call() #2 !sycl_used_aspects
define spir_kernel void @no_call() #2 {
  ret void
}

attributes #0 = { "indirectly-callable"="reds" }
attributes #1 = { "indirectly-callable"="blues" }
attributes #2 = { "calls-indirectly"="reds,blues" }
attributes #3 = { "virtual-call" }

!sycl_aspects = !{!0}
!0 = !{!"fp64", i32 6}
!sycl_types_that_use_aspects = !{!1, !2}
!1 = !{!"Red", i32 1}
!2 = !{!"Blue", i32 2}

; CHECK-DAG: ![[#RED]] = !{i32 1}
; CHECK-DAG: ![[#BLUE]] = !{i32 2}
; CHECK-DAG: ![[#BOTH]] = !{i32 1, i32 2}
