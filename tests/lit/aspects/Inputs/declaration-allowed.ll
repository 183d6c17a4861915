; An exported function calls a declaration that allows gpu and fp64.
define spir_func void @ext() #0 {
entry:
  call spir_func void @decl()
  ret void
}

declare !intel_allowed_aspects !0 spir_func void @decl()

define spir_func void @unused() {
entry:
  call spir_func void @decl()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
!0 = !{i32 2, i32 6}
