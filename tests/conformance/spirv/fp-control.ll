; sycl-floating-point-control in fp_control_kernel_properties.hpp's layout: rounding mode,
; FP mode (IEEE 5623 / ALT 5622) and denormal handling, for widths 64, 32, 16.
; intel/llvm: llvm/test/SYCLLowerIR/CompileTimePropertiesPass/fp-control-kernel-properties.ll
; RUN: %propslower spirv --profile dpcpp %s | grep -v "^;" | filecheck %s

define spir_kernel void @"Default"() #0 {
entry:
  ret void
}

define spir_kernel void @"HalfDenormals"() #1 {
entry:
  ret void
}

define spir_kernel void @"RtzAllAlt"() #2 {
entry:
  ret void
}

; CHECK: !0 = !{ptr @Default, i32 4462, i32 64}
; CHECK: !3 = !{ptr @Default, i32 5623, i32 64}
; CHECK: !8 = !{ptr @Default, i32 4460, i32 16}
; CHECK: !9 = !{ptr @HalfDenormals, i32 4462, i32 64}
; CHECK: !15 = !{ptr @HalfDenormals, i32 4459, i32 16}
; CHECK-NEXT: !16 = !{ptr @RtzAllAlt, i32 4463, i32 64}
; CHECK: !19 = !{ptr @RtzAllAlt, i32 5622, i32 64}
; CHECK: !22 = !{ptr @RtzAllAlt, i32 4459, i32 16}
; CHECK-NEXT: !23 = !{ptr @RtzAllAlt, i32 4459, i32 32}
; CHECK-NEXT: !24 = !{ptr @RtzAllAlt, i32 4459, i32 64}
attributes #0 = { "sycl-floating-point-control"="0" }
attributes #1 = { "sycl-floating-point-control"="1024" }
attributes #2 = { "sycl-floating-point-control"="1265" }
