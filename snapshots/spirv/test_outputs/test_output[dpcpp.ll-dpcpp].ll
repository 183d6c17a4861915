target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

%struct.Acc = type { ptr addrspace(4), i32 }

@dg = addrspace(1) global i32 0, align 4, !spirv.Decorations !887391 #8340
@pipe = addrspace(1) global i32 0, align 4, !spirv.Decorations !22890 #6547
@.str.1 = private unnamed_addr addrspace(1) constant [10 x i8] c"dpcpp.cpp\00", section "llvm.metadata"
@.str.7 = private unnamed_addr addrspace(1) constant [11 x i8] c"{5921:\223\22}\00", section "llvm.metadata"

define spir_kernel void @K(ptr addrspace(1) noundef align 16 %p, i32 "sycl-buffer-location"="2" %n) #1167 !reqd_work_group_size !708548 !intel_reqd_sub_group_size !356060 !work_group_size_hint !805034 !spirv.Decorations !264730 !spirv.ParameterDecorations !823386 {
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

define spir_kernel void @F() #1491 !RegisterAllocMode !888589 !ip_interface !254848 {
entry:
  ret void
}

declare ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1))

attributes #1167 = { convergent "sycl-work-group-size"="8,4,2" "sycl-sub-group-size"="16" "sycl-work-group-size-hint"="2,2" "sycl-pipelined"="3" "sycl-module-id"="dpcpp.cpp" }
attributes #1491 = { convergent "sycl-floating-point-control"="17" "sycl-streaming-interface"="1" "sycl-single-task" "sycl-grf-size"="256" }
attributes #6547 = { "sycl-host-pipe" "sycl-host-pipe-size"="4" "sycl-unique-id"="uid_pipe" "sycl-host-access"="readwrite" }
attributes #8340 = { "sycl-device-global-size"="4" "sycl-host-access"="1" "sycl-unique-id"="uid_dg" "sycl-device-image-scope" }

!22890 = !{!496474}
!170944 = !{ptr @F, i32 5620, i32 64}
!254848 = !{!"streaming", !"stall_free_return"}
!264730 = !{!601551, !908941}
!356060 = !{i32 16}
!404165 = !{ptr @F, i32 5622, i32 64}
!471240 = !{ptr @F, i32 5620, i32 16}
!489615 = !{ptr @F, i32 5622, i32 16}
!490255 = !{ptr @F, i32 4460, i32 32}
!496474 = !{i32 6147, i32 2, !"uid_pipe"}
!519909 = !{i32 6147, i32 1, !"uid_dg"}
!581524 = !{!806995}
!601551 = !{i32 5919, i32 1}
!700497 = !{ptr @F, i32 5622, i32 32}
!708548 = !{i64 1, i64 1, i64 1}
!784452 = !{ptr @F, i32 4460, i32 64}
!805034 = !{i64 2, i64 2, i64 1}
!806995 = !{i32 5921, i32 2}
!813471 = !{ptr @F, i32 4460, i32 16}
!823386 = !{!983895, !581524}
!887391 = !{!519909}
!888589 = !{i32 2}
!892945 = !{ptr @F, i32 5620, i32 32}
!908941 = !{i32 5917, i32 3}
!983895 = !{}
!spirv.ExecutionMode = !{!170944, !892945, !471240, !404165, !700497, !489615, !784452, !490255, !813471}
