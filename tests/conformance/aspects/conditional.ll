; Aspects reached only through a sycl-call-if-on-device-conditionally helper go to
; !sycl_conditionally_used_aspects as !{!{conditions}, !{aspects}} pairs; conditions
; accumulate along the path; identical nodes are one node.
; intel/llvm: llvm/test/SYCLLowerIR/PropagateAspectsUsage/PropogateConditionalAspects/
;   conditional-aspects-1.ll, conditional-aspects-4.ll
; RUN: %propslower aspects --profile dpcpp %s | grep -v "^;" | filecheck %s

%Opt.P = type { i32 }
%Opt.Q = type { i32 }
%Opt.R = type { i32 }
%Opt.S = type { i32 }
%lambda = type { ptr addrspace(4) }

; CHECK: define spir_kernel void @top() !sycl_used_aspects ![[#USED:]] !sycl_conditionally_used_aspects ![[#COND:]]
define spir_kernel void @top() {
  call spir_func void @plain()
  call spir_func void @guarded()
  ret void
}

define spir_func void @plain() {
  %p = alloca %Opt.P
  ret void
}

define spir_func void @guarded() {
  %q = alloca %Opt.Q
  %obj = alloca %lambda
  call spir_func void @if_dev(ptr @inner, ptr %obj, i32 7, i32 8)
  ret void
}

; CHECK: define spir_func void @inner() !sycl_conditionally_used_aspects ![[#COND]] {
define spir_func void @inner() {
  %r = alloca %Opt.R
  %obj = alloca %lambda
  call spir_func void @if_dev2(ptr @deepest, ptr %obj, i32 9)
  ret void
}

; CHECK: define spir_func void @deepest() !sycl_conditionally_used_aspects ![[#DEEP:]] {
define spir_func void @deepest() {
  %s = alloca %Opt.S
  ret void
}

; CHECK: declare !sycl_conditionally_used_aspects ![[#COND]] spir_func void @if_dev(
declare spir_func void @if_dev(ptr, ptr, i32, i32) #0
; CHECK: declare !sycl_conditionally_used_aspects ![[#DEEP]] spir_func void @if_dev2(
declare spir_func void @if_dev2(ptr, ptr, i32) #0

attributes #0 = { "sycl-call-if-on-device-conditionally"="true" }

!sycl_types_that_use_aspects = !{!0, !1, !2, !3}
!0 = !{!"Opt.P", i32 1}
!1 = !{!"Opt.Q", i32 2}
!2 = !{!"Opt.R", i32 3}
!3 = !{!"Opt.S", i32 4}
!sycl_aspects = !{!4}
!4 = !{!"fp64", i32 6}

; CHECK: ![[#USED]] = !{i32 1, i32 2}
; CHECK: ![[#COND]] = !{![[#OUTER:]], ![[#NESTED:]]}
; CHECK: ![[#OUTER]] = !{![[#C1:]], ![[#A1:]]}
; CHECK: ![[#C1]] = !{i32 7, i32 8}
; CHECK: ![[#A1]] = !{i32 3, i32 4}
; CHECK: ![[#NESTED]] = !{![[#C2:]], ![[#A2:]]}
; CHECK: ![[#C2]] = !{i32 7, i32 8, i32 9}
; CHECK: ![[#A2]] = !{i32 4}
; CHECK: ![[#DEEP]] = !{![[#NESTED]]}
