; Used aspects written out of order.
define spir_func void @g() !intel_used_aspects !0 {
entry:
  ret void
}

!0 = !{i32 6, i32 5}
