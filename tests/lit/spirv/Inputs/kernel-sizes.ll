; A kernel with a work-group and a sub-group size.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @K(i32 %n, ptr addrspace(1)  %a) #0 {
entry:
  ret void
}

attributes #0 = { nounwind "sycl-work-group-size"="8,4,2" "sycl-sub-group-size"="16" }
