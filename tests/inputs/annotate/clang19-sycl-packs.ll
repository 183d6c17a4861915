; ModuleID = 'packs.cpp'
source_filename = "packs.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%class.annotated_ptr = type { ptr addrspace(4) }

$_Z6kernelIJ14sub_group_size11single_taskEEvPi = comdat any

$_ZN13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEC2EPi = comdat any

$_ZNK13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEdeEv = comdat any

@.str = private unnamed_addr addrspace(1) constant [18 x i8] c"propslower:member\00", section "llvm.metadata"
@.str.1 = private unnamed_addr addrspace(1) constant [10 x i8] c"packs.cpp\00", section "llvm.metadata"
@.str.2 = private unnamed_addr addrspace(1) constant [4 x i8] c"foo\00", align 1
@.str.3 = private unnamed_addr addrspace(1) constant [4 x i8] c"bar\00", align 1
@.str.4 = private unnamed_addr addrspace(1) constant [1 x i8] zeroinitializer, align 1
@.args = private unnamed_addr addrspace(1) constant { ptr addrspace(4), ptr addrspace(4), ptr addrspace(4), i32 } { ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.2 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.3 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.4 to ptr addrspace(4)), i32 32 }, section "llvm.metadata"
@.str.5 = private unnamed_addr addrspace(1) constant [20 x i8] c"propslower:function\00", section "llvm.metadata"
@.str.6 = private unnamed_addr addrspace(1) constant [20 x i8] c"sycl-sub-group-size\00", align 1
@.str.7 = private unnamed_addr addrspace(1) constant [17 x i8] c"sycl-single-task\00", align 1
@.args.8 = private unnamed_addr addrspace(1) constant { ptr addrspace(4), ptr addrspace(4), i32, ptr addrspace(4) } { ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.6 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.7 to ptr addrspace(4)), i32 32, ptr addrspace(4) addrspacecast (ptr addrspace(1) @.str.4 to ptr addrspace(4)) }, section "llvm.metadata"
@llvm.global.annotations = appending addrspace(1) global [1 x { ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) }] [{ ptr addrspace(1), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1) } { ptr addrspace(1) addrspacecast (ptr @_Z6kernelIJ14sub_group_size11single_taskEEvPi to ptr addrspace(1)), ptr addrspace(1) @.str.5, ptr addrspace(1) @.str.1, i32 20, ptr addrspace(1) @.args.8 }], section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define weak_odr dso_local spir_func void @_Z6kernelIJ14sub_group_size11single_taskEEvPi(ptr addrspace(4) noundef %0) #0 comdat {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca %class.annotated_ptr, align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %4, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %4, align 8
  call spir_func void @_ZN13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEC2EPi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %5, ptr addrspace(4) noundef %6) #2
  %7 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEdeEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %5) #2
  store i32 42, ptr addrspace(4) %7, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEC2EPi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, ptr addrspace(4) noundef %1) unnamed_addr #0 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca ptr addrspace(4), align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store ptr addrspace(4) %1, ptr addrspace(4) %6, align 8
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = getelementptr inbounds %class.annotated_ptr, ptr addrspace(4) %7, i32 0, i32 0
  %9 = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %8, ptr addrspace(1) @.str, ptr addrspace(1) @.str.1, i32 12, ptr addrspace(1) @.args)
  %10 = load ptr addrspace(4), ptr addrspace(4) %6, align 8
  store ptr addrspace(4) %10, ptr addrspace(4) %9, align 8
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK13annotated_ptrIi13property_listIJ3foo3barILi32EEEEEdeEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #0 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %class.annotated_ptr, ptr addrspace(4) %6, i32 0, i32 0
  %8 = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %7, ptr addrspace(1) @.str, ptr addrspace(1) @.str.1, i32 12, ptr addrspace(1) @.args)
  %9 = load ptr addrspace(4), ptr addrspace(4) %8, align 8
  ret ptr addrspace(4) %9
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1)) #1

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #2 = { convergent nounwind }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
