target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Acc = type { ptr addrspace(1), i32 }

@dm1 = dso_local addrspace(1) global i32 0, align 4 #0
@.str = private unnamed_addr constant [39 x i8] c"sycl-properties:sycl-buffer-location=3\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [11 x i8] c"opaque.cpp\00", section "llvm.metadata"

define dso_local spir_kernel void @K() #1 {
entry:
  ret void
}

define dso_local spir_kernel void @P(i32 %n, ptr addrspace(1) noundef "sycl-buffer-location"="3" %a) #2 {
entry:
  %acc = alloca %struct.Acc, align 8
  %field = getelementptr inbounds %struct.Acc, ptr %acc, i32 0, i32 1
  %0 = call ptr @llvm.ptr.annotation.p0.p0(ptr %field, ptr @.str, ptr @.str.1, i32 7, ptr null)
  store i32 %n, ptr %0, align 4
  ret void
}

declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr)

attributes #0 = { "sycl-host-access"="read" }
attributes #1 = { convergent norecurse nounwind "sycl-sub-group-size"="16" "sycl-work-group-size"="8,4,2" }
attributes #2 = { convergent norecurse nounwind }
