; ModuleID = 'packs.cpp'
source_filename = "packs.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%class.annotated_ptr = type { i32* }

$_Z6kernelIJ14sub_group_size11single_taskEEvPi = comdat any

$_ZN13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEC2EPi = comdat any

$_ZNK13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEdeEv = comdat any

@.str = private unnamed_addr constant [20 x i8] c"propslower:function\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [10 x i8] c"packs.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [20 x i8] c"sycl-sub-group-size\00", align 1
@.str.3 = private unnamed_addr constant [17 x i8] c"sycl-single-task\00", align 1
@.str.4 = private unnamed_addr constant [1 x i8] zeroinitializer, align 1
@.args = private unnamed_addr constant { i8*, i8*, i32, i8* } { i8* getelementptr inbounds ([20 x i8], [20 x i8]* @.str.2, i32 0, i32 0), i8* getelementptr inbounds ([17 x i8], [17 x i8]* @.str.3, i32 0, i32 0), i32 32, i8* getelementptr inbounds ([1 x i8], [1 x i8]* @.str.4, i32 0, i32 0) }, section "llvm.metadata"
@.str.5 = private unnamed_addr constant [18 x i8] c"propslower:member\00", section "llvm.metadata"
@.str.6 = private unnamed_addr constant [4 x i8] c"foo\00", align 1
@.str.7 = private unnamed_addr constant [4 x i8] c"bar\00", align 1
@.args.8 = private unnamed_addr constant { i8*, i8*, i8*, i32 } { i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str.6, i32 0, i32 0), i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.str.7, i32 0, i32 0), i8* getelementptr inbounds ([1 x i8], [1 x i8]* @.str.4, i32 0, i32 0), i32 32 }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { i8*, i8*, i8*, i32, i8* }] [{ i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (i32*)* @_Z6kernelIJ14sub_group_size11single_taskEEvPi to i8*), i8* getelementptr inbounds ([20 x i8], [20 x i8]* @.str, i32 0, i32 0), i8* getelementptr inbounds ([10 x i8], [10 x i8]* @.str.1, i32 0, i32 0), i32 20, i8* bitcast ({ i8*, i8*, i32, i8* }* @.args to i8*) }], section "llvm.metadata"

; Function Attrs: mustprogress noinline optnone
define weak_odr dso_local spir_func void @_Z6kernelIJ14sub_group_size11single_taskEEvPi(i32* noundef %0) #0 comdat {
  %2 = alloca i32*, align 8
  %3 = alloca %class.annotated_ptr, align 8
  store i32* %0, i32** %2, align 8
  %4 = load i32*, i32** %2, align 8
  call spir_func void @_ZN13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEC2EPi(%class.annotated_ptr* noundef nonnull align 8 dereferenceable(8) %3, i32* noundef %4)
  %5 = call spir_func noundef nonnull align 4 dereferenceable(4) i32* @_ZNK13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEdeEv(%class.annotated_ptr* noundef nonnull align 8 dereferenceable(8) %3)
  store i32 42, i32* %5, align 4
  ret void
}

; Function Attrs: noinline nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEC2EPi(%class.annotated_ptr* noundef nonnull align 8 dereferenceable(8) %0, i32* noundef %1) unnamed_addr #1 comdat align 2 {
  %3 = alloca %class.annotated_ptr*, align 8
  %4 = alloca i32*, align 8
  store %class.annotated_ptr* %0, %class.annotated_ptr** %3, align 8
  store i32* %1, i32** %4, align 8
  %5 = load %class.annotated_ptr*, %class.annotated_ptr** %3, align 8
  %6 = getelementptr inbounds %class.annotated_ptr, %class.annotated_ptr* %5, i32 0, i32 0
  %7 = bitcast i32** %6 to i8*
  %8 = call i8* @llvm.ptr.annotation.p0i8(i8* %7, i8* getelementptr inbounds ([18 x i8], [18 x i8]* @.str.5, i32 0, i32 0), i8* getelementptr inbounds ([10 x i8], [10 x i8]* @.str.1, i32 0, i32 0), i32 12, i8* bitcast ({ i8*, i8*, i8*, i32 }* @.args.8 to i8*))
  %9 = bitcast i8* %8 to i32**
  %10 = load i32*, i32** %4, align 8
  store i32* %10, i32** %9, align 8
  ret void
}

; Function Attrs: mustprogress noinline nounwind optnone
define linkonce_odr dso_local spir_func noundef nonnull align 4 dereferenceable(4) i32* @_ZNK13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEdeEv(%class.annotated_ptr* noundef nonnull align 8 dereferenceable(8) %0) #2 comdat align 2 {
  %2 = alloca %class.annotated_ptr*, align 8
  store %class.annotated_ptr* %0, %class.annotated_ptr** %2, align 8
  %3 = load %class.annotated_ptr*, %class.annotated_ptr** %2, align 8
  %4 = getelementptr inbounds %class.annotated_ptr, %class.annotated_ptr* %3, i32 0, i32 0
  %5 = bitcast i32** %4 to i8*
  %6 = call i8* @llvm.ptr.annotation.p0i8(i8* %5, i8* getelementptr inbounds ([18 x i8], [18 x i8]* @.str.5, i32 0, i32 0), i8* getelementptr inbounds ([10 x i8], [10 x i8]* @.str.1, i32 0, i32 0), i32 12, i8* bitcast ({ i8*, i8*, i8*, i32 }* @.args.8 to i8*))
  %7 = bitcast i8* %6 to i32**
  %8 = load i32*, i32** %7, align 8
  ret i32* %8
}

; Function Attrs: inaccessiblememonly nocallback nofree nosync nounwind willreturn
declare i8* @llvm.ptr.annotation.p0i8(i8*, i8*, i8*, i32, i8*) #3

attributes #0 = { mustprogress noinline optnone "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { noinline nounwind optnone "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { mustprogress noinline nounwind optnone "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { inaccessiblememonly nocallback nofree nosync nounwind willreturn }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{!"Debian clang version 15.0.6"}
