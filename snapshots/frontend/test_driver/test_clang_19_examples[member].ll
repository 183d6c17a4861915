target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::ext::oneapi::experimental::annotated_ptr" = type { ptr addrspace(4) }

$_ZN4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi8EEENS2_15buffer_locationILi1EEEEEEEC2EPi = comdat any

$_ZNK4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi8EEENS2_15buffer_locationILi1EEEEEEEdeEv = comdat any

@.str.1 = private unnamed_addr addrspace(1) constant [24 x i8] c"examples/sycl_props.hpp\00", section "llvm.metadata"
@.str.4 = private unnamed_addr addrspace(1) constant [56 x i8] c"sycl-properties:sycl-alignment=8,sycl-buffer-location=1\00", section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef i32 @_Z4loadPi(ptr addrspace(4) noundef %0) #1980 {
  %2 = alloca i32, align 4
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca %"class.sycl::ext::oneapi::experimental::annotated_ptr", align 8
  %5 = addrspacecast ptr %2 to ptr addrspace(4)
  %6 = addrspacecast ptr %3 to ptr addrspace(4)
  %7 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %6, align 8
  %8 = load ptr addrspace(4), ptr addrspace(4) %6, align 8
  call spir_func void @_ZN4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi8EEENS2_15buffer_locationILi1EEEEEEEC2EPi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %7, ptr addrspace(4) noundef %8) #520
  %9 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi8EEENS2_15buffer_locationILi1EEEEEEEdeEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %7) #520
  %10 = load i32, ptr addrspace(4) %9, align 4
  ret i32 %10
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi8EEENS2_15buffer_locationILi1EEEEEEEC2EPi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, ptr addrspace(4) noundef %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca ptr addrspace(4), align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store ptr addrspace(4) %1, ptr addrspace(4) %6, align 8
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::annotated_ptr", ptr addrspace(4) %7, i32 0, i32 0
  %9 = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %8, ptr addrspace(1) @.str.4, ptr addrspace(1) @.str.1, i32 138, ptr addrspace(1) null)
  %10 = load ptr addrspace(4), ptr addrspace(4) %6, align 8
  store ptr addrspace(4) %10, ptr addrspace(4) %9, align 8
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi8EEENS2_15buffer_locationILi1EEEEEEEdeEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::annotated_ptr", ptr addrspace(4) %6, i32 0, i32 0
  %8 = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %7, ptr addrspace(1) @.str.4, ptr addrspace(1) @.str.1, i32 138, ptr addrspace(1) null)
  %9 = load ptr addrspace(4), ptr addrspace(4) %8, align 8
  ret ptr addrspace(4) %9
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1)) #388

attributes #388 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #520 = { convergent nounwind }
attributes #1980 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!llvm.module.flags = !{!812750, !460345}
!llvm.ident = !{!463824}

!460345 = !{i32 7, !"frame-pointer", i32 2}
!463824 = !{!"<producer>"}
!812750 = !{i32 1, !"wchar_size", i32 4}
