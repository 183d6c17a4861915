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
@.args = private unnamed_addr constant { [2 x i8]*, i32 } { [2 x i8]* @.str.2, i32 2 }, section "llvm.metadata"
@.str.3 = private unnamed_addr constant [20 x i8] c"propslower:function\00", section "llvm.metadata"
@.str.4 = private unnamed_addr constant [2 x i8] c"a\00", align 1
@.args.5 = private unnamed_addr constant { [2 x i8]*, i32 } { [2 x i8]* @.str.4, i32 1 }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { i8*, i8*, i8*, i32, i8* }] [{ i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (i32*, %struct.Pair*, i32)* @_Z11kernel_likePiP4Pairi to i8*), i8* getelementptr inbounds ([20 x i8], [20 x i8]* @.str.3, i32 0, i32 0), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.1, i32 0, i32 0), i32 14, i8* bitcast ({ [2 x i8]*, i32 }* @.args.5 to i8*) }], section "llvm.metadata"

; Function Attrs: mustprogress noinline nounwind optnone
define dso_local spir_func void @_Z11kernel_likePiP4Pairi(i32* noundef %0, %struct.Pair* noundef %1, i32 noundef %2) #0 {
  %4 = alloca i32*, align 8
  %5 = alloca %struct.Pair*, align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  store i32* %0, i32** %4, align 8
  store %struct.Pair* %1, %struct.Pair** %5, align 8
  store i32 %2, i32* %6, align 4
  store i32 0, i32* %7, align 4
  br label %8

8:                                                ; preds = %30, %3
  %9 = load i32, i32* %7, align 4
  %10 = load i32, i32* %6, align 4
  %11 = icmp slt i32 %9, %10
  br i1 %11, label %12, label %33

12:                                               ; preds = %8
  %13 = load %struct.Pair*, %struct.Pair** %5, align 8
  %14 = getelementptr inbounds %struct.Pair, %struct.Pair* %13, i32 0, i32 0
  %15 = load i32, i32* %14, align 4
  %16 = load %struct.Pair*, %struct.Pair** %5, align 8
  %17 = getelementptr inbounds %struct.Pair, %struct.Pair* %16, i32 0, i32 1
  %18 = bitcast float* %17 to i8*
  %19 = call i8* @llvm.ptr.annotation.p0i8(i8* %18, i8* getelementptr inbounds ([17 x i8], [17 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.1, i32 0, i32 0), i32 5, i8* bitcast ({ [2 x i8]*, i32 }* @.args to i8*))
  %20 = bitcast i8* %19 to float*
  %21 = load float, float* %20, align 4
  %22 = fptosi float %21 to i32
  %23 = add nsw i32 %15, %22
  %24 = load i32, i32* @counter, align 4
  %25 = add nsw i32 %23, %24
  %26 = load i32*, i32** %4, align 8
  %27 = load i32, i32* %7, align 4
  %28 = sext i32 %27 to i64
  %29 = getelementptr inbounds i32, i32* %26, i64 %28
  store i32 %25, i32* %29, align 4
  br label %30

30:                                               ; preds = %12
  %31 = load i32, i32* %7, align 4
  %32 = add nsw i32 %31, 1
  store i32 %32, i32* %7, align 4
  br label %8, !llvm.loop !3

33:                                               ; preds = %8
  ret void
}

; Function Attrs: inaccessiblememonly nocallback nofree nosync nounwind willreturn
declare i8* @llvm.ptr.annotation.p0i8(i8*, i8*, i8*, i32, i8*) #1

; Function Attrs: mustprogress noinline nounwind optnone
define dso_local spir_func noundef float @_Z11read_secondR4Pair(%struct.Pair* noundef nonnull align 4 dereferenceable(8) %0) #0 {
  %2 = alloca %struct.Pair*, align 8
  store %struct.Pair* %0, %struct.Pair** %2, align 8
  %3 = load %struct.Pair*, %struct.Pair** %2, align 8
  %4 = getelementptr inbounds %struct.Pair, %struct.Pair* %3, i32 0, i32 1
  %5 = bitcast float* %4 to i8*
  %6 = call i8* @llvm.ptr.annotation.p0i8(i8* %5, i8* getelementptr inbounds ([17 x i8], [17 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.1, i32 0, i32 0), i32 5, i8* bitcast ({ [2 x i8]*, i32 }* @.args to i8*))
  %7 = bitcast i8* %6 to float*
  %8 = load float, float* %7, align 4
  ret float %8
}

attributes #0 = { mustprogress noinline nounwind optnone "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { inaccessiblememonly nocallback nofree nosync nounwind willreturn }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.mustprogress"}
