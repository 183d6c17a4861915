; kernel -> f -> g: g uses aspect 200, which the default aspects.def does not name; f allows only fp64.
define spir_kernel void @k() {
entry:
  call spir_func void @f()
  ret void
}

define spir_func void @f() !intel_allowed_aspects !0 {
entry:
  call spir_func void @g()
  ret void
}

define spir_func void @g() !intel_used_aspects !1 {
entry:
  ret void
}

!0 = !{i32 6}
!1 = !{i32 200}
