target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

$k = comdat any

define weak_odr dso_local spir_kernel void @k(ptr addrspace(1) noundef "sycl-buffer-location"="2" %a) #0 comdat !spirv.ParameterDecorations !10 {
entry:
  ret void
}

attributes #0 = { convergent norecurse nounwind }

!10 = !{!11}
!11 = !{!12}
!12 = !{i32 5921, i32 7}
