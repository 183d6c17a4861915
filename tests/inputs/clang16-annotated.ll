; ModuleID = 'annotated.cpp'
source_filename = "annotated.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, float }

@counter = dso_local global i32 7, align 4
@message = dso_local global [19 x i8] c"say \22hi\22 \\ {x}; ok\00", align 1
@"quoted name; {x}" = dso_local global i32 3, align 4
@pair_global = dso_local global %struct.Pair { i32 1, float 2.000000e+00 }, align 4
@.str = private unnamed_addr constant [17 x i8] c"propslower:field\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [14 x i8] c"annotated.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [2 x i8] c"b\00", align 1
@.args = private unnamed_addr constant { ptr, i32 } { ptr @.str.2, i32 2 }, section "llvm.metadata"
@.str.3 = private unnamed_addr constant [20 x i8] c"propslower:function\00", section "llvm.metadata"
@.str.4 = private unnamed_addr constant [2 x i8] c"a\00", align 1
@.args.5 = private unnamed_addr constant { ptr, i32 } { ptr @.str.4, i32 1 }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @_Z11kernel_likePiP4Pairi, ptr @.str.3, ptr @.str.1, i32 14, ptr @.args.5 }], section "llvm.metadata"

; Function Attrs: mustprogress noinline nounwind optnone
define dso_local spir_func void @_Z11kernel_likePiP4Pairi(ptr noundef %0, ptr noundef %1, i32 noundef %2) #0 {
  %4 = alloca ptr, align 8
  %5 = alloca ptr, align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  store ptr %0, ptr %4, align 8
  store ptr %1, ptr %5, align 8
  store i32 %2, ptr %6, align 4
  store i32 0, ptr %7, align 4
  br label %8

8:                                                ; preds = %28, %3
  %9 = load i32, ptr %7, align 4
  %10 = load i32, ptr %6, align 4
  %11 = icmp slt i32 %9, %10
  br i1 %11, label %12, label %31

12:                                               ; preds = %8
  %13 = load ptr, ptr %5, align 8
  %14 = getelementptr inbounds %struct.Pair, ptr %13, i32 0, i32 0
  %15 = load i32, ptr %14, align 4
  %16 = load ptr, ptr %5, align 8
  %17 = getelementptr inbounds %struct.Pair, ptr %16, i32 0, i32 1
  %18 = call ptr @llvm.ptr.annotation.p0.p0(ptr %17, ptr @.str, ptr @.str.1, i32 5, ptr @.args)
  %19 = load float, ptr %18, align 4
  %20 = fptosi float %19 to i32
  %21 = add nsw i32 %15, %20
  %22 = load i32, ptr @counter, align 4
  %23 = add nsw i32 %21, %22
  %24 = load ptr, ptr %4, align 8
  %25 = load i32, ptr %7, align 4
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds i32, ptr %24, i64 %26
  store i32 %23, ptr %27, align 4
  br label %28

28:                                               ; preds = %12
  %29 = load i32, ptr %7, align 4
  %30 = add nsw i32 %29, 1
  store i32 %30, ptr %7, align 4
  br label %8, !llvm.loop !3

31:                                               ; preds = %8
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr) #1

; Function Attrs: mustprogress noinline nounwind optnone
define dso_local spir_func noundef float @_Z11read_secondR4Pair(ptr noundef nonnull align 4 dereferenceable(8) %0) #0 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds %struct.Pair, ptr %3, i32 0, i32 1
  %5 = call ptr @llvm.ptr.annotation.p0.p0(ptr %4, ptr @.str, ptr @.str.1, i32 5, ptr @.args)
  %6 = load float, ptr %5, align 4
  ret float %6
}

attributes #0 = { mustprogress noinline nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.mustprogress"}
