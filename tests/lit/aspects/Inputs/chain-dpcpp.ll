; The same chain in DPC++'s vocabulary, with mangled names and pair-form used aspects.
define spir_kernel void @_ZTS6Kernel() {
entry:
  call spir_func void @_Z1fv()
  ret void
}

define spir_func void @_Z1fv() !sycl_declared_aspects !2 {
entry:
  call spir_func void @_Z1gv()
  %x = fadd double 1.0, 2.0
  ret void
}

define spir_func void @_Z1gv() !sycl_used_aspects !3 {
entry:
  ret void
}

!sycl_aspects = !{!0, !1}
!0 = !{!"fp16", i32 5}
!1 = !{!"fp64", i32 6}
!2 = !{}
!3 = !{!0}
