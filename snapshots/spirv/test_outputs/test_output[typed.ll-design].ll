target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.Acc = type { i32 addrspace(1)*, i32 }

@dm1 = dso_local addrspace(1) global i32 0, align 4, !spirv.Decorations !662450 #6233
@.str.1 = private unnamed_addr constant [10 x i8] c"typed.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [9 x i8] c"{5921:3}\00", section "llvm.metadata"

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @K() #7605 {
entry:
  ret void
}

; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @P(i32 %n, i32 addrspace(1)* noundef "sycl-buffer-location"="3" %a) #6196 !spirv.ParameterDecorations !836261 {
entry:
  %acc = alloca %struct.Acc, align 8
  %field = getelementptr inbounds %struct.Acc, %struct.Acc* %acc, i32 0, i32 1
  %0 = bitcast i32* %field to i8*
  %1 = call i8* @llvm.ptr.annotation.p0i8(i8* %0, i8* getelementptr inbounds ([9 x i8], [9 x i8]* @.str.2, i32 0, i32 0), i8* getelementptr inbounds ([10 x i8], [10 x i8]* @.str.1, i32 0, i32 0), i32 7, i8* null)
  %2 = bitcast i8* %1 to i32*
  store i32 %n, i32* %2, align 4
  ret void
}

declare i8* @llvm.ptr.annotation.p0i8(i8*, i8*, i8*, i32, i8*) #5893

attributes #5893 = { inaccessiblememonly nofree nosync nounwind willreturn }
attributes #6196 = { convergent norecurse nounwind }
attributes #6233 = { "sycl-host-access"="read" }
attributes #7605 = { convergent norecurse nounwind "sycl-sub-group-size"="16" "sycl-work-group-size"="8,4,2" }

!llvm.module.flags = !{!812750}
!spirv.ExecutionMode = !{!132322, !865531}

!130662 = !{i32 6147, i32 0, !"dm1"}
!132322 = !{void ()* @K, i32 35, i32 16}
!487538 = !{!954535}
!662450 = !{!130662}
!812750 = !{i32 1, !"wchar_size", i32 4}
!836261 = !{!983895, !487538}
!865531 = !{void ()* @K, i32 17, i32 2, i32 4, i32 8}
!954535 = !{i32 5921, i32 3}
!983895 = !{}
