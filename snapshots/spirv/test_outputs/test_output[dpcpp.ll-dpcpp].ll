target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%struct.Acc = type { ptr addrspace(4), i32 }

@dg = addrspace(1) global i32 0, align 4, !spirv.Decorations !0 #0
@pipe = addrspace(1) global i32 0, align 4, !spirv.Decorations !1 #1
@.str.1 = private unnamed_addr addrspace(1) constant [10 x i8] c"dpcpp.cpp\00", section "llvm.metadata"
@.str.7 = private unnamed_addr addrspace(1) constant [11 x i8] c"{5921:\223\22}\00", section "llvm.metadata"

define spir_kernel void @K(ptr addrspace(1) noundef align 16 %p, i32 "sycl-buffer-location"="2" %n) #2 !reqd_work_group_size !2 !intel_reqd_sub_group_size !3 !work_group_size_hint !4 !spirv.Decorations !5 !spirv.ParameterDecorations !6 {
entry:
  %acc = alloca %struct.Acc, align 8
  %acc.ascast = addrspacecast ptr %acc to ptr addrspace(4)
  %field = getelementptr inbounds %struct.Acc, ptr addrspace(4) %acc.ascast, i32 0, i32 1
  %a = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %field, ptr addrspace(1) @.str.7, ptr addrspace(1) @.str.1, i32 9, ptr addrspace(1) null)
  store i32 %n, ptr addrspace(4) %a, align 16
  %v = load i32, ptr addrspace(4) %a, align 16
  store i32 %v, ptr addrspace(4) %field, align 4
  ret void
}

define spir_kernel void @F() #3 !RegisterAllocMode !7 !ip_interface !8 {
entry:
  ret void
}

declare ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1))

attributes #0 = { "sycl-device-global-size"="4" "sycl-host-access"="1" "sycl-unique-id"="uid_dg" "sycl-device-image-scope" }
attributes #1 = { "sycl-host-pipe" "sycl-host-pipe-size"="4" "sycl-unique-id"="uid_pipe" "sycl-host-access"="readwrite" }
attributes #2 = { convergent "sycl-work-group-size"="8,4,2" "sycl-sub-group-size"="16" "sycl-work-group-size-hint"="2,2" "sycl-pipelined"="3" "sycl-module-id"="dpcpp.cpp" }
attributes #3 = { convergent "sycl-floating-point-control"="17" "sycl-streaming-interface"="1" "sycl-single-task" "sycl-grf-size"="256" }

!2 = !{i64 1, i64 1, i64 1}
!spirv.ExecutionMode = !{!9, !10, !11, !12, !13, !14, !15, !16, !17}
!18 = !{i32 6147, i32 1, !"uid_dg"}
!0 = !{!18}
!19 = !{i32 6147, i32 2, !"uid_pipe"}
!1 = !{!19}
!3 = !{i32 16}
!4 = !{i64 2, i64 2, i64 1}
!20 = !{i32 5919, i32 1}
!21 = !{i32 5917, i32 3}
!5 = !{!20, !21}
!22 = !{i32 5921, i32 2}
!23 = !{}
!24 = !{!22}
!6 = !{!23, !24}
!9 = !{ptr @F, i32 5620, i32 64}
!10 = !{ptr @F, i32 5620, i32 32}
!11 = !{ptr @F, i32 5620, i32 16}
!12 = !{ptr @F, i32 5622, i32 64}
!13 = !{ptr @F, i32 5622, i32 32}
!14 = !{ptr @F, i32 5622, i32 16}
!15 = !{ptr @F, i32 4460, i32 64}
!16 = !{ptr @F, i32 4460, i32 32}
!17 = !{ptr @F, i32 4460, i32 16}
!7 = !{i32 2}
!8 = !{!"streaming", !"stall_free_return"}
