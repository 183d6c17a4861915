; An indirect call keeps its possible targets in the image: sycl-post-link's dependency graph
; links a function calling through a pointer to every function (not a kernel) that carries
; "referenced-indirectly" and has the called type. A target that is only address-compatible
; (same type, no attribute) or only marked (other type) stays out, and the walk goes on from
; an added target's own indirect calls.
; intel/llvm: llvm/test/tools/sycl-post-link/device-code-split/auto-module-split-3.ll and
; complex-indirect-call-chain.ll
; RUN: rm -rf %t && %propslower split --profile dpcpp --no-propagate --mode per_kernel %s -d %t
; RUN: filecheck %s --input-file=%t/indirect-calls_0.ll --check-prefix=CALLER
; RUN: not grep -e "^define.*@same_type_unmarked" -e "^define.*@marked_other_type" \
; RUN:   -e "^define.*@lonely" %t/indirect-calls_0.ll
; RUN: filecheck %s --input-file=%t/indirect-calls_1.ll --check-prefix=LONELY
; RUN: not grep -e "^define.*@target_" %t/indirect-calls_1.ll
; The design profile keeps to what the image references:
; RUN: rm -rf %t2 && %propslower split --profile design --no-propagate --mode per_kernel %s -d %t2
; RUN: cat %t2/*.ll | filecheck %s --check-prefix=DESIGN
; RUN: cat %t2/*.ll | not grep "^define.*@target_float"

; CALLER: define spir_kernel void @via_pointer(
; CALLER: define spir_func float @target_float(float %x, ptr %next)
; CALLER: define spir_func void @target_leaf()
; LONELY: define spir_kernel void @lonely()
; DESIGN: define spir_kernel void @via_pointer(

define spir_kernel void @via_pointer(ptr %fp) #0 {
  %r = call spir_func float %fp(float 1.0, ptr null)
  ret void
}

define spir_kernel void @lonely() #0 {
  ret void
}

define spir_func float @target_float(float %x, ptr %next) #1 {
  call spir_func void %next()
  ret float %x
}

define spir_func void @target_leaf() #1 {
  ret void
}

define spir_func float @same_type_unmarked(float %x, ptr %next) {
  ret float %x
}

define spir_func i32 @marked_other_type(i32 %x) #1 {
  ret i32 %x
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "referenced-indirectly" }
