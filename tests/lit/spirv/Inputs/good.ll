target triple = "spir64-unknown-unknown"

@dm1 = addrspace(1) global i32 0, align 4 #0

define spir_kernel void @K() #1 {
entry:
  ret void
}

define spir_kernel void @P(i32 %n, ptr addrspace(1) "sycl-buffer-location"="3" %a) {
entry:
  ret void
}

attributes #0 = { "sycl-host-access"="read" }
attributes #1 = { "sycl-work-group-size"="8,4,2" "sycl-sub-group-size"="16" "sycl-frob"="1" }
