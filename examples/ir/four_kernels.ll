; ModuleID = 'four.cpp'
source_filename = "four.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, %struct.Inner }
%struct.Inner = type { half }
%struct.Unused = type { i64 }

@shared = dso_local addrspace(1) global i32 0, align 4
@only_k3 = internal addrspace(1) global double 1.0, align 8
@table = internal addrspace(1) constant [1 x ptr addrspace(1)] [ptr addrspace(1) @shared], align 8
@unused = dso_local addrspace(1) global i32 7, align 4
@llvm.used = appending global [3 x ptr] [ptr addrspacecast (ptr addrspace(1) @shared to ptr), ptr @_Z6helperv, ptr addrspacecast (ptr addrspace(1) @unused to ptr)], section "llvm.metadata"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k0(ptr addrspace(1) %out) #0 !kernel_arg_addr_space !10 {
entry:
  %v = load i32, ptr addrspace(1) @shared, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  call spir_func void @_Z6helperv() #2
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @k1(ptr addrspace(1) %p) #0 !kernel_arg_addr_space !10 !intel_used_aspects !11 {
entry:
  %f = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 1
  call spir_func void @_Z8use_halfv() #2
  call spir_func void @_Z6helperv() #2
  ret void
}

define dso_local spir_kernel void @k2(ptr addrspace(1) %p) #0 !kernel_arg_addr_space !10 !intel_used_aspects !11 !intel_reqd_sub_group_size !12 {
entry:
  call spir_func void @_Z8use_halfv() #2
  ret void
}

define dso_local spir_kernel void @k3(ptr addrspace(1) %out) #0 !kernel_arg_addr_space !10 !intel_used_aspects !13 !reqd_work_group_size !14 {
entry:
  %d = call spir_func double @_Z6doublev() #2
  %t = load ptr addrspace(1), ptr addrspace(1) @table, align 8
  ret void
}

define dso_local spir_func void @_Z6helperv() #1 {
entry:
  %v = load i32, ptr addrspace(1) @shared, align 4, !tbaa !15
  ret void
}

define internal spir_func void @_Z8use_halfv() #1 !intel_used_aspects !11 {
entry:
  %h = fadd half 0xH3C00, 0xH3C00
  ret void
}

define internal spir_func double @_Z6doublev() #1 !intel_used_aspects !13 {
entry:
  %d = load double, ptr addrspace(1) @only_k3, align 8
  ret double %d
}

declare spir_func void @_Z8external() #1

attributes #0 = { convergent norecurse nounwind "sycl-module-id"="four.cpp" }
attributes #1 = { convergent nounwind }
attributes #2 = { convergent nounwind }
attributes #3 = { nounwind readnone }

!llvm.module.flags = !{!0}
!opencl.spir.version = !{!1}
!spirv.ExecutionMode = !{!2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 1, i32 2}
!2 = !{ptr @k2, i32 35, i32 16}
!3 = !{ptr @k3, i32 17, i32 8, i32 4, i32 2}
!4 = !{!"clang version 15.0.7"}
!10 = !{i32 1}
!11 = !{i32 5}
!12 = !{i32 16}
!13 = !{i32 6}
!14 = !{i32 8, i32 4, i32 2}
!15 = !{!16, !16, i64 0}
!16 = !{!"int", !17, i64 0}
!17 = !{!"omnipotent char", !18, i64 0}
!18 = !{!"Simple C++ TBAA"}
