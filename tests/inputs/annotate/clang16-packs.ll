; ModuleID = 'packs.cpp'
source_filename = "packs.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

%class.annotated_ptr = type { ptr }

$_Z6kernelIJ14sub_group_size11single_taskEEvPi = comdat any

$_ZN13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEC2EPi = comdat any

$_ZNK13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEdeEv = comdat any

@.str = private unnamed_addr constant [20 x i8] c"propslower:function\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [10 x i8] c"packs.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [20 x i8] c"sycl-sub-group-size\00", align 1
@.str.3 = private unnamed_addr constant [17 x i8] c"sycl-single-task\00", align 1
@.str.4 = private unnamed_addr constant [1 x i8] zeroinitializer, align 1
@.args = private unnamed_addr constant { ptr, ptr, i32, ptr } { ptr @.str.2, ptr @.str.3, i32 32, ptr @.str.4 }, section "llvm.metadata"
@.str.5 = private unnamed_addr constant [18 x i8] c"propslower:member\00", section "llvm.metadata"
@.str.6 = private unnamed_addr constant [4 x i8] c"foo\00", align 1
@.str.7 = private unnamed_addr constant [4 x i8] c"bar\00", align 1
@.args.8 = private unnamed_addr constant { ptr, ptr, ptr, i32 } { ptr @.str.6, ptr @.str.7, ptr @.str.4, i32 32 }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @_Z6kernelIJ14sub_group_size11single_taskEEvPi, ptr @.str, ptr @.str.1, i32 20, ptr @.args }], section "llvm.metadata"

; Function Attrs: mustprogress noinline optnone
define weak_odr dso_local spir_func void @_Z6kernelIJ14sub_group_size11single_taskEEvPi(ptr noundef %0) #0 comdat {
  %2 = alloca ptr, align 8
  %3 = alloca %class.annotated_ptr, align 8
  store ptr %0, ptr %2, align 8
  %4 = load ptr, ptr %2, align 8
  call spir_func void @_ZN13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEC2EPi(ptr noundef nonnull align 8 dereferenceable(8) %3, ptr noundef %4)
  %5 = call spir_func noundef nonnull align 4 dereferenceable(4) ptr @_ZNK13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEdeEv(ptr noundef nonnull align 8 dereferenceable(8) %3)
  store i32 42, ptr %5, align 4
  ret void
}

; Function Attrs: noinline nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEC2EPi(ptr noundef nonnull align 8 dereferenceable(8) %0, ptr noundef %1) unnamed_addr #1 comdat align 2 {
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8
  store ptr %1, ptr %4, align 8
  %5 = load ptr, ptr %3, align 8
  %6 = getelementptr inbounds %class.annotated_ptr, ptr %5, i32 0, i32 0
  %7 = call ptr @llvm.ptr.annotation.p0.p0(ptr %6, ptr @.str.5, ptr @.str.1, i32 12, ptr @.args.8)
  %8 = load ptr, ptr %4, align 8
  store ptr %8, ptr %7, align 8
  ret void
}

; Function Attrs: mustprogress noinline nounwind optnone
define linkonce_odr dso_local spir_func noundef nonnull align 4 dereferenceable(4) ptr @_ZNK13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEdeEv(ptr noundef nonnull align 8 dereferenceable(8) %0) #2 comdat align 2 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds %class.annotated_ptr, ptr %3, i32 0, i32 0
  %5 = call ptr @llvm.ptr.annotation.p0.p0(ptr %4, ptr @.str.5, ptr @.str.1, i32 12, ptr @.args.8)
  %6 = load ptr, ptr %5, align 8
  ret ptr %6
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr @llvm.ptr.annotation.p0.p0(ptr, ptr, ptr, i32, ptr) #3

attributes #0 = { mustprogress noinline optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { noinline nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { mustprogress noinline nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{!"Debian clang version 16.0.6 (15~deb12u1)"}
