target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::ext::oneapi::experimental::device_global" = type { i32 }
%"class.sycl::ext::oneapi::experimental::accessor" = type { ptr addrspace(4) }
%struct.Scale = type { i8 }
%"struct.sycl::ext::oneapi::experimental::property_list" = type { i8 }
%"struct.sycl::ext::oneapi::experimental::sub_group_size" = type { i8 }
%struct.Tick = type { i8 }
%"class.sycl::ext::oneapi::experimental::kernel_wrapper" = type { i8 }
%"class.sycl::ext::oneapi::experimental::annotated_ptr" = type { ptr addrspace(4) }

$_ZN4sycl3ext6oneapi12experimental17kernel_entry_argsI11ScaleKernel5ScaleJNS2_8accessorIiNS2_13property_listIJNS2_15buffer_locationILi2EEEEEEEEEEEvT0_DpT1_ = comdat any

$_ZN4sycl3ext6oneapi12experimental11single_taskI10TickKernel4TickNS2_13property_listIJNS2_14sub_group_sizeILj16EEEEEEEEvT1_T0_ = comdat any

$_ZN4sycl3ext6oneapi12experimental10propertiesIJNS2_14sub_group_sizeILj16EEEEEENS2_13property_listIJDpT_EEES8_ = comdat any

$_ZNK5ScaleclEN4sycl3ext6oneapi12experimental8accessorIiNS3_13property_listIJNS3_15buffer_locationILi2EEEEEEEE = comdat any

$_ZNK4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJNS2_15buffer_locationILi2EEEEEEEixEi = comdat any

$_ZN4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi16EEEEEEEC2EPi = comdat any

$_ZNK4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi16EEEEEEEdeEv = comdat any

$_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJNS2_18device_image_scopeENS2_11host_accessILNS2_16host_access_modeE2EEEEEEE3getEv = comdat any

$_ZN4sycl3ext6oneapi12experimental28kernel_entry_with_propertiesI10TickKernel4TickJNS2_14sub_group_sizeILj16EEEEEEvNS2_14kernel_wrapperIT0_NS2_13property_listIJDpT1_EEEEE = comdat any

$_ZN4sycl3ext6oneapi12experimental14kernel_wrapperI4TickNS2_13property_listIJNS2_14sub_group_sizeILj16EEEEEEEC2ES4_ = comdat any

$_ZNK4sycl3ext6oneapi12experimental14kernel_wrapperI4TickNS2_13property_listIJNS2_14sub_group_sizeILj16EEEEEEEclEv = comdat any

$_ZNK4TickclEv = comdat any

@counter = dso_local addrspace(1) global %"class.sycl::ext::oneapi::experimental::device_global" zeroinitializer, align 4 #3671
@.str.1 = private unnamed_addr addrspace(1) constant [24 x i8] c"examples/sycl_props.hpp\00", section "llvm.metadata"
@.str.5 = private unnamed_addr addrspace(1) constant [34 x i8] c"sycl-properties:sycl-alignment=16\00", section "llvm.metadata"

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func void @_Z6submitN4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJNS2_15buffer_locationILi2EEEEEEEE(ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor") align 8 %0) #1980 {
  %2 = alloca %struct.Scale, align 1
  %3 = alloca %"class.sycl::ext::oneapi::experimental::accessor", align 8
  %4 = alloca %"struct.sycl::ext::oneapi::experimental::property_list", align 1
  %5 = alloca %"struct.sycl::ext::oneapi::experimental::sub_group_size", align 1
  %6 = alloca %struct.Tick, align 1
  %7 = addrspacecast ptr %2 to ptr addrspace(4)
  %8 = addrspacecast ptr %3 to ptr addrspace(4)
  %9 = addrspacecast ptr %4 to ptr addrspace(4)
  %10 = addrspacecast ptr %5 to ptr addrspace(4)
  %11 = addrspacecast ptr %6 to ptr addrspace(4)
  %12 = addrspacecast ptr %0 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %8, ptr addrspace(4) align 8 %12, i64 8, i1 false)
  %13 = addrspacecast ptr addrspace(4) %7 to ptr
  %14 = addrspacecast ptr addrspace(4) %8 to ptr
  %15 = addrspacecast ptr addrspace(4) %10 to ptr
  call spir_func void @_ZN4sycl3ext6oneapi12experimental10propertiesIJNS2_14sub_group_sizeILj16EEEEEENS2_13property_listIJDpT_EEES8_(ptr addrspace(4) dead_on_unwind writable sret(%"struct.sycl::ext::oneapi::experimental::property_list") align 1 %9, ptr noundef byval(%"struct.sycl::ext::oneapi::experimental::sub_group_size") align 1 %15) #520
  %16 = addrspacecast ptr addrspace(4) %9 to ptr
  %17 = addrspacecast ptr addrspace(4) %11 to ptr
  call spir_func void @_ZN4sycl3ext6oneapi12experimental11single_taskI10TickKernel4TickNS2_13property_listIJNS2_14sub_group_sizeILj16EEEEEEEEvT1_T0_(ptr noundef byval(%"struct.sycl::ext::oneapi::experimental::property_list") align 1 %16, ptr noundef byval(%struct.Tick) align 1 %17) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_kernel void @_ZTS11ScaleKernel(ptr noundef byval(%struct.Scale) align 1 %0, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor") align 8 "sycl-buffer-location"="2" %1) #1980 {
  %3 = alloca %"class.sycl::ext::oneapi::experimental::accessor", align 8
  %4 = addrspacecast ptr %3 to ptr addrspace(4)
  %5 = addrspacecast ptr %0 to ptr addrspace(4)
  %6 = addrspacecast ptr %1 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %4, ptr addrspace(4) align 8 %6, i64 8, i1 false)
  %7 = addrspacecast ptr addrspace(4) %4 to ptr
  call spir_func void @_ZNK5ScaleclEN4sycl3ext6oneapi12experimental8accessorIiNS3_13property_listIJNS3_15buffer_locationILi2EEEEEEEE(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %5, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor") align 8 %7) #520
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) noalias nocapture writeonly, ptr addrspace(4) noalias nocapture readonly, i64, i1 immarg) #172

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext6oneapi12experimental11single_taskI10TickKernel4TickNS2_13property_listIJNS2_14sub_group_sizeILj16EEEEEEEEvT1_T0_(ptr noundef byval(%"struct.sycl::ext::oneapi::experimental::property_list") align 1 %0, ptr noundef byval(%struct.Tick) align 1 %1) #1980 comdat {
  %3 = alloca %"class.sycl::ext::oneapi::experimental::kernel_wrapper", align 1
  %4 = alloca %struct.Tick, align 1
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  %7 = addrspacecast ptr %0 to ptr addrspace(4)
  %8 = addrspacecast ptr %1 to ptr addrspace(4)
  %9 = addrspacecast ptr addrspace(4) %6 to ptr
  call spir_func void @_ZN4sycl3ext6oneapi12experimental14kernel_wrapperI4TickNS2_13property_listIJNS2_14sub_group_sizeILj16EEEEEEEC2ES4_(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %5, ptr noundef byval(%struct.Tick) align 1 %9) #520
  %10 = addrspacecast ptr addrspace(4) %5 to ptr
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext6oneapi12experimental10propertiesIJNS2_14sub_group_sizeILj16EEEEEENS2_13property_listIJDpT_EEES8_(ptr addrspace(4) dead_on_unwind noalias writable sret(%"struct.sycl::ext::oneapi::experimental::property_list") align 1 %0, ptr noundef byval(%"struct.sycl::ext::oneapi::experimental::sub_group_size") align 1 %1) #1980 comdat {
  %3 = addrspacecast ptr %1 to ptr addrspace(4)
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK5ScaleclEN4sycl3ext6oneapi12experimental8accessorIiNS3_13property_listIJNS3_15buffer_locationILi2EEEEEEEE(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %0, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor") align 8 %1) #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca %"class.sycl::ext::oneapi::experimental::annotated_ptr", align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %7 = addrspacecast ptr %1 to ptr addrspace(4)
  %8 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %9 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJNS2_15buffer_locationILi2EEEEEEEixEi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %7, i32 noundef 0) #520
  call spir_func void @_ZN4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi16EEEEEEEC2EPi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %6, ptr addrspace(4) noundef %9) #520
  %10 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi16EEEEEEEdeEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %6) #520
  %11 = load i32, ptr addrspace(4) %10, align 4
  %12 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJNS2_18device_image_scopeENS2_11host_accessILNS2_16host_access_modeE2EEEEEEE3getEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) addrspacecast (ptr addrspace(1) @counter to ptr addrspace(4))) #520
  %13 = load i32, ptr addrspace(4) %12, align 4
  %14 = add nsw i32 %13, %11
  store i32 %14, ptr addrspace(4) %12, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJNS2_15buffer_locationILi2EEEEEEEixEi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, i32 noundef %1) #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca ptr addrspace(4), align 8
  %5 = alloca i32, align 4
  %6 = addrspacecast ptr %3 to ptr addrspace(4)
  %7 = addrspacecast ptr %4 to ptr addrspace(4)
  %8 = addrspacecast ptr %5 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %7, align 8
  store i32 %1, ptr addrspace(4) %8, align 4
  %9 = load ptr addrspace(4), ptr addrspace(4) %7, align 8
  %10 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::accessor", ptr addrspace(4) %9, i32 0, i32 0
  %11 = load ptr addrspace(4), ptr addrspace(4) %10, align 8
  %12 = load i32, ptr addrspace(4) %8, align 4
  %13 = sext i32 %12 to i64
  %14 = getelementptr inbounds i32, ptr addrspace(4) %11, i64 %13
  ret ptr addrspace(4) %14
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi16EEEEEEEC2EPi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, ptr addrspace(4) noundef %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca ptr addrspace(4), align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store ptr addrspace(4) %1, ptr addrspace(4) %6, align 8
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::annotated_ptr", ptr addrspace(4) %7, i32 0, i32 0
  %9 = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %8, ptr addrspace(1) @.str.5, ptr addrspace(1) @.str.1, i32 138, ptr addrspace(1) null)
  %10 = load ptr addrspace(4), ptr addrspace(4) %6, align 8
  store ptr addrspace(4) %10, ptr addrspace(4) %9, align 8
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental13annotated_ptrIiNS2_13property_listIJNS2_9alignmentILi16EEEEEEEdeEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::annotated_ptr", ptr addrspace(4) %6, i32 0, i32 0
  %8 = call ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4) %7, ptr addrspace(1) @.str.5, ptr addrspace(1) @.str.1, i32 138, ptr addrspace(1) null)
  %9 = load ptr addrspace(4), ptr addrspace(4) %8, align 8
  ret ptr addrspace(4) %9
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJNS2_18device_image_scopeENS2_11host_accessILNS2_16host_access_modeE2EEEEEEE3getEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::device_global", ptr addrspace(4) %6, i32 0, i32 0
  ret ptr addrspace(4) %7
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare ptr addrspace(4) @llvm.ptr.annotation.p4.p1(ptr addrspace(4), ptr addrspace(1), ptr addrspace(1), i32, ptr addrspace(1)) #388

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_kernel void @_ZTS10TickKernel(ptr noundef byval(%"class.sycl::ext::oneapi::experimental::kernel_wrapper") align 1 %0) #9856 {
  %2 = addrspacecast ptr %0 to ptr addrspace(4)
  call spir_func void @_ZNK4sycl3ext6oneapi12experimental14kernel_wrapperI4TickNS2_13property_listIJNS2_14sub_group_sizeILj16EEEEEEEclEv(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %2) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext6oneapi12experimental14kernel_wrapperI4TickNS2_13property_listIJNS2_14sub_group_sizeILj16EEEEEEEC2ES4_(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %0, ptr noundef byval(%struct.Tick) align 1 %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %4, align 8
  %5 = addrspacecast ptr %1 to ptr addrspace(4)
  %6 = load ptr addrspace(4), ptr addrspace(4) %4, align 8
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK4sycl3ext6oneapi12experimental14kernel_wrapperI4TickNS2_13property_listIJNS2_14sub_group_sizeILj16EEEEEEEclEv(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %3, align 8
  %4 = load ptr addrspace(4), ptr addrspace(4) %3, align 8
  call spir_func void @_ZNK4TickclEv(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %4) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK4TickclEv(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %3, align 8
  %4 = load ptr addrspace(4), ptr addrspace(4) %3, align 8
  %5 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJNS2_18device_image_scopeENS2_11host_accessILNS2_16host_access_modeE2EEEEEEE3getEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) addrspacecast (ptr addrspace(1) @counter to ptr addrspace(4))) #520
  %6 = load i32, ptr addrspace(4) %5, align 4
  %7 = add nsw i32 %6, 1
  store i32 %7, ptr addrspace(4) %5, align 4
  ret void
}

attributes #172 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #388 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #520 = { convergent nounwind }
attributes #1980 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3671 = { "sycl-device-image-scope" "sycl-host-access"="read_write" }
attributes #9856 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "sycl-sub-group-size"="16" }

!llvm.module.flags = !{!812750, !460345}
!llvm.ident = !{!463824}

!460345 = !{i32 7, !"frame-pointer", i32 2}
!463824 = !{!"<producer>"}
!812750 = !{i32 1, !"wchar_size", i32 4}
