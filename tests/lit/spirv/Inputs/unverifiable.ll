target triple = "spir64-unknown-unknown"

define spir_kernel void @K() #0 {
entry:
  call void @missing()
  ret void
}

attributes #0 = { "sycl-sub-group-size"="16" }
