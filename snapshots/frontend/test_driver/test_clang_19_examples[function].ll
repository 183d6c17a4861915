target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%"struct.sycl::ext::oneapi::experimental::property_list" = type { i8 }
%"struct.sycl::ext::oneapi::experimental::sub_group_size" = type { i8 }
%struct.Work = type { ptr addrspace(4) }
%"class.sycl::ext::oneapi::experimental::kernel_wrapper" = type { %struct.Work }

$_ZN4sycl3ext6oneapi12experimental11single_taskI8MyKernel4WorkNS2_13property_listIJNS2_14sub_group_sizeILj32EEEEEEEEvT1_T0_ = comdat any

$_ZN4sycl3ext6oneapi12experimental10propertiesIJNS2_14sub_group_sizeILj32EEEEEENS2_13property_listIJDpT_EEES8_ = comdat any

$_ZN4sycl3ext6oneapi12experimental28kernel_entry_with_propertiesI8MyKernel4WorkJNS2_14sub_group_sizeILj32EEEEEEvNS2_14kernel_wrapperIT0_NS2_13property_listIJDpT1_EEEEE = comdat any

$_ZN4sycl3ext6oneapi12experimental14kernel_wrapperI4WorkNS2_13property_listIJNS2_14sub_group_sizeILj32EEEEEEEC2ES4_ = comdat any

$_ZNK4sycl3ext6oneapi12experimental14kernel_wrapperI4WorkNS2_13property_listIJNS2_14sub_group_sizeILj32EEEEEEEclEv = comdat any

$_ZNK4WorkclEv = comdat any


; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func void @_Z6submitPi(ptr addrspace(4) noundef %0) #1980 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca %"struct.sycl::ext::oneapi::experimental::property_list", align 1
  %4 = alloca %"struct.sycl::ext::oneapi::experimental::sub_group_size", align 1
  %5 = alloca %struct.Work, align 8
  %6 = addrspacecast ptr %2 to ptr addrspace(4)
  %7 = addrspacecast ptr %3 to ptr addrspace(4)
  %8 = addrspacecast ptr %4 to ptr addrspace(4)
  %9 = addrspacecast ptr %5 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %6, align 8
  %10 = addrspacecast ptr addrspace(4) %8 to ptr
  call spir_func void @_ZN4sycl3ext6oneapi12experimental10propertiesIJNS2_14sub_group_sizeILj32EEEEEENS2_13property_listIJDpT_EEES8_(ptr addrspace(4) dead_on_unwind writable sret(%"struct.sycl::ext::oneapi::experimental::property_list") align 1 %7, ptr noundef byval(%"struct.sycl::ext::oneapi::experimental::sub_group_size") align 1 %10) #520
  %11 = getelementptr inbounds %struct.Work, ptr addrspace(4) %9, i32 0, i32 0
  %12 = load ptr addrspace(4), ptr addrspace(4) %6, align 8
  store ptr addrspace(4) %12, ptr addrspace(4) %11, align 8
  %13 = addrspacecast ptr addrspace(4) %7 to ptr
  %14 = addrspacecast ptr addrspace(4) %9 to ptr
  call spir_func void @_ZN4sycl3ext6oneapi12experimental11single_taskI8MyKernel4WorkNS2_13property_listIJNS2_14sub_group_sizeILj32EEEEEEEEvT1_T0_(ptr noundef byval(%"struct.sycl::ext::oneapi::experimental::property_list") align 1 %13, ptr noundef byval(%struct.Work) align 8 %14) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext6oneapi12experimental11single_taskI8MyKernel4WorkNS2_13property_listIJNS2_14sub_group_sizeILj32EEEEEEEEvT1_T0_(ptr noundef byval(%"struct.sycl::ext::oneapi::experimental::property_list") align 1 %0, ptr noundef byval(%struct.Work) align 8 %1) #1980 comdat {
  %3 = alloca %"class.sycl::ext::oneapi::experimental::kernel_wrapper", align 8
  %4 = alloca %struct.Work, align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  %7 = addrspacecast ptr %0 to ptr addrspace(4)
  %8 = addrspacecast ptr %1 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %6, ptr addrspace(4) align 8 %8, i64 8, i1 false)
  %9 = addrspacecast ptr addrspace(4) %6 to ptr
  call spir_func void @_ZN4sycl3ext6oneapi12experimental14kernel_wrapperI4WorkNS2_13property_listIJNS2_14sub_group_sizeILj32EEEEEEEC2ES4_(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %5, ptr noundef byval(%struct.Work) align 8 %9) #520
  %10 = addrspacecast ptr addrspace(4) %5 to ptr
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext6oneapi12experimental10propertiesIJNS2_14sub_group_sizeILj32EEEEEENS2_13property_listIJDpT_EEES8_(ptr addrspace(4) dead_on_unwind noalias writable sret(%"struct.sycl::ext::oneapi::experimental::property_list") align 1 %0, ptr noundef byval(%"struct.sycl::ext::oneapi::experimental::sub_group_size") align 1 %1) #1980 comdat {
  %3 = addrspacecast ptr %1 to ptr addrspace(4)
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func void @_Z6helperPi(ptr addrspace(4) noundef %0) #3943 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %3, align 8
  %4 = load ptr addrspace(4), ptr addrspace(4) %3, align 8
  store i32 1, ptr addrspace(4) %4, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_kernel void @_ZTS8MyKernel(ptr noundef byval(%"class.sycl::ext::oneapi::experimental::kernel_wrapper") align 8 %0) #8695 {
  %2 = addrspacecast ptr %0 to ptr addrspace(4)
  call spir_func void @_ZNK4sycl3ext6oneapi12experimental14kernel_wrapperI4WorkNS2_13property_listIJNS2_14sub_group_sizeILj32EEEEEEEclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %2) #520
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) noalias nocapture writeonly, ptr addrspace(4) noalias nocapture readonly, i64, i1 immarg) #172

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext6oneapi12experimental14kernel_wrapperI4WorkNS2_13property_listIJNS2_14sub_group_sizeILj32EEEEEEEC2ES4_(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, ptr noundef byval(%struct.Work) align 8 %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %4, align 8
  %5 = addrspacecast ptr %1 to ptr addrspace(4)
  %6 = load ptr addrspace(4), ptr addrspace(4) %4, align 8
  %7 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::kernel_wrapper", ptr addrspace(4) %6, i32 0, i32 0
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %7, ptr addrspace(4) align 8 %5, i64 8, i1 false)
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK4sycl3ext6oneapi12experimental14kernel_wrapperI4WorkNS2_13property_listIJNS2_14sub_group_sizeILj32EEEEEEEclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %3, align 8
  %4 = load ptr addrspace(4), ptr addrspace(4) %3, align 8
  %5 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::kernel_wrapper", ptr addrspace(4) %4, i32 0, i32 0
  call spir_func void @_ZNK4WorkclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %5) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK4WorkclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %3, align 8
  %4 = load ptr addrspace(4), ptr addrspace(4) %3, align 8
  %5 = getelementptr inbounds %struct.Work, ptr addrspace(4) %4, i32 0, i32 0
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  store i32 42, ptr addrspace(4) %6, align 4
  ret void
}

attributes #172 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #520 = { convergent nounwind }
attributes #1980 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3943 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "sycl-extra" "sycl-sub-group-size"="16" }
attributes #8695 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "sycl-sub-group-size"="32" }

!llvm.module.flags = !{!812750, !460345}
!llvm.ident = !{!463824}

!460345 = !{i32 7, !"frame-pointer", i32 2}
!463824 = !{!"<producer>"}
!812750 = !{i32 1, !"wchar_size", i32 4}
