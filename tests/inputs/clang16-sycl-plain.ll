; ModuleID = 'plain.cpp'
source_filename = "plain.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, float }

@counter = dso_local addrspace(1) global i32 7, align 4
@message = dso_local addrspace(1) global [19 x i8] c"say \22hi\22 \\ {x}; ok\00", align 1
@"quoted name; {x}" = dso_local addrspace(1) global i32 3, align 4
@pair_global = dso_local addrspace(1) global %struct.Pair { i32 1, float 2.000000e+00 }, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func void @_Z11kernel_likePiP4Pairi(ptr addrspace(4) noundef %0, ptr addrspace(4) noundef %1, i32 noundef %2) #0 {
  %4 = alloca ptr addrspace(4), align 8
  %5 = alloca ptr addrspace(4), align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = addrspacecast ptr %4 to ptr addrspace(4)
  %9 = addrspacecast ptr %5 to ptr addrspace(4)
  %10 = addrspacecast ptr %6 to ptr addrspace(4)
  %11 = addrspacecast ptr %7 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %8, align 8
  store ptr addrspace(4) %1, ptr addrspace(4) %9, align 8
  store i32 %2, ptr addrspace(4) %10, align 4
  store i32 0, ptr addrspace(4) %11, align 4
  br label %12

12:                                               ; preds = %31, %3
  %13 = load i32, ptr addrspace(4) %11, align 4
  %14 = load i32, ptr addrspace(4) %10, align 4
  %15 = icmp slt i32 %13, %14
  br i1 %15, label %16, label %34

16:                                               ; preds = %12
  %17 = load ptr addrspace(4), ptr addrspace(4) %9, align 8
  %18 = getelementptr inbounds %struct.Pair, ptr addrspace(4) %17, i32 0, i32 0
  %19 = load i32, ptr addrspace(4) %18, align 4
  %20 = load ptr addrspace(4), ptr addrspace(4) %9, align 8
  %21 = getelementptr inbounds %struct.Pair, ptr addrspace(4) %20, i32 0, i32 1
  %22 = load float, ptr addrspace(4) %21, align 4
  %23 = fptosi float %22 to i32
  %24 = add nsw i32 %19, %23
  %25 = load i32, ptr addrspace(4) addrspacecast (ptr addrspace(1) @counter to ptr addrspace(4)), align 4
  %26 = add nsw i32 %24, %25
  %27 = load ptr addrspace(4), ptr addrspace(4) %8, align 8
  %28 = load i32, ptr addrspace(4) %11, align 4
  %29 = sext i32 %28 to i64
  %30 = getelementptr inbounds i32, ptr addrspace(4) %27, i64 %29
  store i32 %26, ptr addrspace(4) %30, align 4
  br label %31

31:                                               ; preds = %16
  %32 = load i32, ptr addrspace(4) %11, align 4
  %33 = add nsw i32 %32, 1
  store i32 %33, ptr addrspace(4) %11, align 4
  br label %12, !llvm.loop !3

34:                                               ; preds = %12
  ret void
}

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.mustprogress"}
