; ModuleID = 'annotated.cpp'
source_filename = "annotated.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, float }

@counter = dso_local addrspace(1) global i32 7, align 4
@message = dso_local addrspace(1) global [19 x i8] c"say \22hi\22 \\ {x}; ok\00", align 1
@"quoted name; {x}" = dso_local addrspace(1) global i32 3, align 4
@pair_global = dso_local addrspace(1) global %struct.Pair { i32 1, float 2.000000e+00 }, align 4
@.str = private unnamed_addr constant [17 x i8] c"propslower:field\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [14 x i8] c"annotated.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr addrspace(1) constant [2 x i8] c"b\00", align 1
@.args = private unnamed_addr constant { [2 x i8] addrspace(4)*, i32 } { [2 x i8] addrspace(4)* addrspacecast ([2 x i8] addrspace(1)* @.str.2 to [2 x i8] addrspace(4)*), i32 2 }, section "llvm.metadata"
@.str.3 = private unnamed_addr constant [20 x i8] c"propslower:function\00", section "llvm.metadata"
@.str.4 = private unnamed_addr addrspace(1) constant [2 x i8] c"a\00", align 1
@.args.5 = private unnamed_addr constant { [2 x i8] addrspace(4)*, i32 } { [2 x i8] addrspace(4)* addrspacecast ([2 x i8] addrspace(1)* @.str.4 to [2 x i8] addrspace(4)*), i32 1 }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { i8*, i8*, i8*, i32, i8* }] [{ i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (i32 addrspace(4)*, %struct.Pair addrspace(4)*, i32)* @_Z11kernel_likePiP4Pairi to i8*), i8* getelementptr inbounds ([20 x i8], [20 x i8]* @.str.3, i32 0, i32 0), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.1, i32 0, i32 0), i32 14, i8* bitcast ({ [2 x i8] addrspace(4)*, i32 }* @.args.5 to i8*) }], section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func void @_Z11kernel_likePiP4Pairi(i32 addrspace(4)* noundef %0, %struct.Pair addrspace(4)* noundef %1, i32 noundef %2) #0 {
  %4 = alloca i32 addrspace(4)*, align 8
  %5 = alloca %struct.Pair addrspace(4)*, align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = addrspacecast i32 addrspace(4)** %4 to i32 addrspace(4)* addrspace(4)*
  %9 = addrspacecast %struct.Pair addrspace(4)** %5 to %struct.Pair addrspace(4)* addrspace(4)*
  %10 = addrspacecast i32* %6 to i32 addrspace(4)*
  %11 = addrspacecast i32* %7 to i32 addrspace(4)*
  store i32 addrspace(4)* %0, i32 addrspace(4)* addrspace(4)* %8, align 8
  store %struct.Pair addrspace(4)* %1, %struct.Pair addrspace(4)* addrspace(4)* %9, align 8
  store i32 %2, i32 addrspace(4)* %10, align 4
  store i32 0, i32 addrspace(4)* %11, align 4
  br label %12

12:                                               ; preds = %34, %3
  %13 = load i32, i32 addrspace(4)* %11, align 4
  %14 = load i32, i32 addrspace(4)* %10, align 4
  %15 = icmp slt i32 %13, %14
  br i1 %15, label %16, label %37

16:                                               ; preds = %12
  %17 = load %struct.Pair addrspace(4)*, %struct.Pair addrspace(4)* addrspace(4)* %9, align 8
  %18 = getelementptr inbounds %struct.Pair, %struct.Pair addrspace(4)* %17, i32 0, i32 0
  %19 = load i32, i32 addrspace(4)* %18, align 4
  %20 = load %struct.Pair addrspace(4)*, %struct.Pair addrspace(4)* addrspace(4)* %9, align 8
  %21 = getelementptr inbounds %struct.Pair, %struct.Pair addrspace(4)* %20, i32 0, i32 1
  %22 = bitcast float addrspace(4)* %21 to i8 addrspace(4)*
  %23 = call i8 addrspace(4)* @llvm.ptr.annotation.p4i8(i8 addrspace(4)* %22, i8* getelementptr inbounds ([17 x i8], [17 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.1, i32 0, i32 0), i32 5, i8* bitcast ({ [2 x i8] addrspace(4)*, i32 }* @.args to i8*))
  %24 = bitcast i8 addrspace(4)* %23 to float addrspace(4)*
  %25 = load float, float addrspace(4)* %24, align 4
  %26 = fptosi float %25 to i32
  %27 = add nsw i32 %19, %26
  %28 = load i32, i32 addrspace(4)* addrspacecast (i32 addrspace(1)* @counter to i32 addrspace(4)*), align 4
  %29 = add nsw i32 %27, %28
  %30 = load i32 addrspace(4)*, i32 addrspace(4)* addrspace(4)* %8, align 8
  %31 = load i32, i32 addrspace(4)* %11, align 4
  %32 = sext i32 %31 to i64
  %33 = getelementptr inbounds i32, i32 addrspace(4)* %30, i64 %32
  store i32 %29, i32 addrspace(4)* %33, align 4
  br label %34

34:                                               ; preds = %16
  %35 = load i32, i32 addrspace(4)* %11, align 4
  %36 = add nsw i32 %35, 1
  store i32 %36, i32 addrspace(4)* %11, align 4
  br label %12, !llvm.loop !3

37:                                               ; preds = %12
  ret void
}

; Function Attrs: inaccessiblememonly nocallback nofree nosync nounwind willreturn
declare i8 addrspace(4)* @llvm.ptr.annotation.p4i8(i8 addrspace(4)*, i8*, i8*, i32, i8*) #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef float @_Z11read_secondR4Pair(%struct.Pair addrspace(4)* noundef align 4 dereferenceable(8) %0) #0 {
  %2 = alloca float, align 4
  %3 = alloca %struct.Pair addrspace(4)*, align 8
  %4 = addrspacecast float* %2 to float addrspace(4)*
  %5 = addrspacecast %struct.Pair addrspace(4)** %3 to %struct.Pair addrspace(4)* addrspace(4)*
  store %struct.Pair addrspace(4)* %0, %struct.Pair addrspace(4)* addrspace(4)* %5, align 8
  %6 = load %struct.Pair addrspace(4)*, %struct.Pair addrspace(4)* addrspace(4)* %5, align 8
  %7 = getelementptr inbounds %struct.Pair, %struct.Pair addrspace(4)* %6, i32 0, i32 1
  %8 = bitcast float addrspace(4)* %7 to i8 addrspace(4)*
  %9 = call i8 addrspace(4)* @llvm.ptr.annotation.p4i8(i8 addrspace(4)* %8, i8* getelementptr inbounds ([17 x i8], [17 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.1, i32 0, i32 0), i32 5, i8* bitcast ({ [2 x i8] addrspace(4)*, i32 }* @.args to i8*))
  %10 = bitcast i8 addrspace(4)* %9 to float addrspace(4)*
  %11 = load float, float addrspace(4)* %10, align 4
  ret float %11
}

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { inaccessiblememonly nocallback nofree nosync nounwind willreturn }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{!"Debian clang version 15.0.6"}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.mustprogress"}
