; Kernels whose !reqd_work_group_size is not one to three integers.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @K0(i32 %n, ptr addrspace(1)  %a) #0 !reqd_work_group_size !0 {
entry:
  ret void
}

define spir_kernel void @K1(i32 %n, ptr addrspace(1)  %a) #0 !reqd_work_group_size !1 {
entry:
  ret void
}

define spir_kernel void @K2(i32 %n, ptr addrspace(1)  %a) #0 !reqd_work_group_size !2 {
entry:
  ret void
}

define spir_kernel void @K3(i32 %n, ptr addrspace(1)  %a) #0 !reqd_work_group_size !3 {
entry:
  ret void
}

attributes #0 = { nounwind  }
!0 = !{}
!1 = !{i32 0}
!2 = !{i32 1, i32 2, i32 3, i32 4}
!3 = !{!"x"}
