; DPC++'s pair-form lists: g's used list names fp16 by its entry in !sycl_aspects.
define spir_kernel void @k() {
entry:
  call spir_func void @f()
  ret void
}

define spir_func void @f() !sycl_declared_aspects !3 {
entry:
  call spir_func void @g()
  ret void
}

define spir_func void @g() !sycl_used_aspects !2 {
entry:
  ret void
}

!sycl_aspects = !{!0, !1}
!0 = !{!"fp16", i32 5}
!1 = !{!"fp64", i32 6}
!2 = !{!0}
!3 = !{i32 6}
