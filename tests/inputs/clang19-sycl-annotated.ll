; ModuleID = 'annotated.cpp'
source_filename = "annotated.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, float }

@counter = dso_local addrspace(1) global i32 7, align 4
@message = dso_local addrspace(1) global [19 x i8] c"say \22hi\22 \\ {x}; ok\00", align 1
@"quoted name; {x}" = dso_local addrspace(1) global i32 3, align 4
@pair_global = dso_local addrspace(1) global %struct.Pair { i32 1, float 2.000000e+00 }, align 4
@.str = private unnamed_addr addrspace(1) constant [17 x i8] c"propslower:field\00", section "llvm.metadata"
@.str.1 = private unnamed_addr addrspace(1) constant [14 x i8] c"annotated.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr addrspace(1) constant [2 x i8] c"b\00", align 1
@.args = private unnamed_addr addrspace(1) constant { ptr addrspace(4), i32 } { ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.2 to ptr addrspace(4)), i32 2 }, section "llvm.metadata"
@.str.3 = private unnamed_addr addrspace(1) constant [20 x i8] c"propslower:function\00", section "llvm.metadata"
@.str.4 = private unnamed_addr addrspace(1) constant [2 x i8] c"a\00", align 1
@.args.5 = private unnamed_addr addrspace(1) constant { ptr addrspace(4), i32 } { ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.4 to ptr addrspace(4)), i32 1 }, section "llvm.metadata"
@llvm.global.annotations = appending addrspace(1) global [1 x { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) }] [{ ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) } { ptr addrspace(1) addrspacecast (ptr @_Z11kernel_likePiP4Pairi to ptr addrspace(1)), ptr addrspace(1) @.str.3, ptr addrspace(1) @.str.1, i32 14, ptr addrspace(1) @.args.5 }], section "llvm.metadata"

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

12:                                               ; preds = %32, %3
  %13 = load i32, ptr addrspace(4) %11, align 4
  %14 = load i32, ptr addrspace(4) %10, align 4
  %15 = icmp slt i32 %13, %14
  br i1 %15, label %16, label %35

16:                                               ; preds = %12
  %17 = load ptr addrspace(4), ptr addrspace(4) %9, align 8
  %18 = getelementptr inbounds %struct.Pair, ptr addrspace(4) %17, i32 0, i32 0
  %19 = load i32, ptr addrspace(4) %18, align 4
  %20 = load ptr addrspace(4), ptr addrspace(4) %9, align 8
  %21 = getelementptr inbounds %struct.Pair, ptr addrspace(4) %20, i32 0, i32 1
  %22 = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %21, ptr addrspace(1) @.str, ptr addrspace(1) @.str.1, i32 5, ptr addrspace(1) @.args)
  %23 = load float, ptr addrspace(4) %22, align 4
  %24 = fptosi float %23 to i32
  %25 = add nsw i32 %19, %24
  %26 = load i32, ptr addrspace(4) addrspacecast (ptr addrspace(1) @counter to ptr addrspace(4)), align 4
  %27 = add nsw i32 %25, %26
  %28 = load ptr addrspace(4), ptr addrspace(4) %8, align 8
  %29 = load i32, ptr addrspace(4) %11, align 4
  %30 = sext i32 %29 to i64
  %31 = getelementptr inbounds i32, ptr addrspace(4) %28, i64 %30
  store i32 %27, ptr addrspace(4) %31, align 4
  br label %32

32:                                               ; preds = %16
  %33 = load i32, ptr addrspace(4) %11, align 4
  %34 = add nsw i32 %33, 1
  store i32 %34, ptr addrspace(4) %11, align 4
  br label %12, !llvm.loop !3

35:                                               ; preds = %12
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1)) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef float @_Z11read_secondR4Pair(ptr addrspace(4) noundef align 4 dereferenceable(8) %0) #0 {
  %2 = alloca float, align 4
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %struct.Pair, ptr addrspace(4) %6, i32 0, i32 1
  %8 = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %7, ptr addrspace(1) @.str, ptr addrspace(1) @.str.1, i32 5, ptr addrspace(1) @.args)
  %9 = load float, ptr addrspace(4) %8, align 4
  ret float %9
}

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.mustprogress"}
