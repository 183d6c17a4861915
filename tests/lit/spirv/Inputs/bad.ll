target triple = "spir64-unknown-unknown"

@g = addrspace(1) global i32 0, align 4 #0

define spir_kernel void @K(ptr addrspace(1) "sycl-alignment"="12" %a) #1 {
entry:
  ret void
}

define spir_kernel void @W() #2 {
entry:
  ret void
}

attributes #0 = { "sycl-host-access"="sometimes" }
attributes #1 = { "sycl-sub-group-size"="sixteen" }
attributes #2 = { "sycl-work-group-size"="1,2,3,4" }
