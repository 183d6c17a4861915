; sycl-post-link keeps its categories in a std::map and splits from the back: image 0 holds
; the largest category (sub-group sizes 64, 32, 16; no size last).
; intel/llvm: llvm/test/tools/sycl-post-link/device-code-split/per-reqd-sub-group-size-split-1.ll
; RUN: rm -rf %t && %propslower split --profile dpcpp --no-propagate --mode auto %s -d %t
; RUN: filecheck %s --input-file=%t/numbering_0.sym --check-prefix=IMAGE0
; RUN: filecheck %s --input-file=%t/numbering_1.sym --check-prefix=IMAGE1
; RUN: filecheck %s --input-file=%t/numbering_2.sym --check-prefix=IMAGE2
; RUN: filecheck %s --input-file=%t/numbering_3.sym --check-prefix=IMAGE3
; RUN: filecheck %s --input-file=%t/numbering_0.prop --check-prefix=PROP0

; IMAGE0: sixty_four
; IMAGE1: thirty_two
; IMAGE2: sixteen_a
; IMAGE2-NEXT: sixteen_b
; IMAGE3: plain
; PROP0: [SYCL/device requirements]
; PROP0: reqd_sub_group_size=1|64

define spir_kernel void @sixteen_a() #0 !intel_reqd_sub_group_size !0 {
  ret void
}
define spir_kernel void @plain() #0 {
  ret void
}
define spir_kernel void @sixty_four() #0 !intel_reqd_sub_group_size !1 {
  ret void
}
define spir_kernel void @thirty_two() #0 !intel_reqd_sub_group_size !2 {
  ret void
}
define spir_kernel void @sixteen_b() #0 !intel_reqd_sub_group_size !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i32 16}
!1 = !{i32 64}
!2 = !{i32 32}
