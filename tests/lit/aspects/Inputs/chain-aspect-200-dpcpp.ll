; The same chain in DPC++'s metadata kinds.
define spir_kernel void @k() {
entry:
  call spir_func void @f()
  ret void
}

define spir_func void @f() !sycl_declared_aspects !0 {
entry:
  call spir_func void @g()
  ret void
}

define spir_func void @g() !sycl_used_aspects !1 {
entry:
  ret void
}

!0 = !{i32 6}
!1 = !{i32 200}
