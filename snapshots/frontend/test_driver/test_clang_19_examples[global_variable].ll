target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::ext::oneapi::experimental::device_global" = type { i32 }
%"class.sycl::ext::oneapi::experimental::device_global.0" = type { float }
%"class.sycl::ext::oneapi::experimental::device_global.1" = type { i32 }

$_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJNS2_18device_image_scopeENS2_11host_accessILNS2_16host_access_modeE0EEEEEEE3getEv = comdat any

$_ZN4sycl3ext6oneapi12experimental13device_globalIfNS2_13property_listIJNS2_9init_modeILNS2_14init_mode_kindE1EEENS2_16implement_in_csrILb1EEEEEEE3getEv = comdat any

$_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJEEEE3getEv = comdat any

@dm1 = dso_local addrspace(1) global %"class.sycl::ext::oneapi::experimental::device_global" zeroinitializer, align 4 #9868
@dm2 = dso_local addrspace(1) global [4 x %"class.sycl::ext::oneapi::experimental::device_global.0"] zeroinitializer, align 4 #4283
@dm3 = dso_local addrspace(1) global %"class.sycl::ext::oneapi::experimental::device_global.1" zeroinitializer, align 4
@plain = dso_local addrspace(1) global i32 0, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef i32 @_Z12read_globalsi(i32 noundef %0) #1980 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store i32 %0, ptr addrspace(4) %5, align 4
  %6 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJNS2_18device_image_scopeENS2_11host_accessILNS2_16host_access_modeE0EEEEEEE3getEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) addrspacecast (ptr addrspace(1) @dm1 to ptr addrspace(4))) #520
  %7 = load i32, ptr addrspace(4) %6, align 4
  %8 = load i32, ptr addrspace(4) %5, align 4
  %9 = sext i32 %8 to i64
  %10 = getelementptr inbounds [4 x %"class.sycl::ext::oneapi::experimental::device_global.0"], ptr addrspace(4) addrspacecast (ptr addrspace(1) @dm2 to ptr addrspace(4)), i64 0, i64 %9
  %11 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext6oneapi12experimental13device_globalIfNS2_13property_listIJNS2_9init_modeILNS2_14init_mode_kindE1EEENS2_16implement_in_csrILb1EEEEEEE3getEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %10) #520
  %12 = load float, ptr addrspace(4) %11, align 4
  %13 = fptosi float %12 to i32
  %14 = add nsw i32 %7, %13
  %15 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJEEEE3getEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) addrspacecast (ptr addrspace(1) @dm3 to ptr addrspace(4))) #520
  %16 = load i32, ptr addrspace(4) %15, align 4
  %17 = add nsw i32 %14, %16
  %18 = load i32, ptr addrspace(4) addrspacecast (ptr addrspace(1) @plain to ptr addrspace(4)), align 4
  %19 = add nsw i32 %17, %18
  ret i32 %19
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJNS2_18device_image_scopeENS2_11host_accessILNS2_16host_access_modeE0EEEEEEE3getEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::device_global", ptr addrspace(4) %6, i32 0, i32 0
  ret ptr addrspace(4) %7
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext6oneapi12experimental13device_globalIfNS2_13property_listIJNS2_9init_modeILNS2_14init_mode_kindE1EEENS2_16implement_in_csrILb1EEEEEEE3getEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::device_global.0", ptr addrspace(4) %6, i32 0, i32 0
  ret ptr addrspace(4) %7
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext6oneapi12experimental13device_globalIiNS2_13property_listIJEEEE3getEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::device_global.1", ptr addrspace(4) %6, i32 0, i32 0
  ret ptr addrspace(4) %7
}

attributes #520 = { convergent nounwind }
attributes #1980 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #4283 = { "sycl-implement-in-csr"="true" "sycl-init-mode"="1" }
attributes #9868 = { "sycl-device-image-scope" "sycl-host-access"="read" }

!llvm.module.flags = !{!812750, !460345}
!llvm.ident = !{!463824}

!460345 = !{i32 7, !"frame-pointer", i32 2}
!463824 = !{!"<producer>"}
!812750 = !{i32 1, !"wchar_size", i32 4}
