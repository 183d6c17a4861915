target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::ext::oneapi::experimental::accessor" = type { ptr addrspace(4) }
%"class.sycl::ext::oneapi::experimental::accessor.0" = type { ptr addrspace(4) }
%struct.Copy = type { i8 }

$_ZN4sycl3ext6oneapi12experimental17kernel_entry_argsI10CopyKernel4CopyJNS2_8accessorIiNS2_13property_listIJNS2_8no_aliasENS2_15buffer_locationILi3EEEEEEEENS6_IiNS7_IJEEEEEEEEvT0_DpT1_ = comdat any

$_ZNK4CopyclEN4sycl3ext6oneapi12experimental8accessorIiNS3_13property_listIJNS3_8no_aliasENS3_15buffer_locationILi3EEEEEEEENS4_IiNS5_IJEEEEE = comdat any

$_ZNK4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJNS2_8no_aliasENS2_15buffer_locationILi3EEEEEEEixEi = comdat any

$_ZNK4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJEEEEixEi = comdat any

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func void @_Z6submitN4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJNS2_8no_aliasENS2_15buffer_locationILi3EEEEEEEENS3_IiNS4_IJEEEEE(ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor") align 8 %0, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor.0") align 8 %1) #1980 {
  %3 = alloca %struct.Copy, align 1
  %4 = alloca %"class.sycl::ext::oneapi::experimental::accessor", align 8
  %5 = alloca %"class.sycl::ext::oneapi::experimental::accessor.0", align 8
  %6 = addrspacecast ptr %3 to ptr addrspace(4)
  %7 = addrspacecast ptr %4 to ptr addrspace(4)
  %8 = addrspacecast ptr %5 to ptr addrspace(4)
  %9 = addrspacecast ptr %0 to ptr addrspace(4)
  %10 = addrspacecast ptr %1 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %7, ptr addrspace(4) align 8 %9, i64 8, i1 false)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %8, ptr addrspace(4) align 8 %10, i64 8, i1 false)
  %11 = addrspacecast ptr addrspace(4) %6 to ptr
  %12 = addrspacecast ptr addrspace(4) %7 to ptr
  %13 = addrspacecast ptr addrspace(4) %8 to ptr
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_kernel void @_ZTS10CopyKernel(ptr noundef byval(%struct.Copy) align 1 %0, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor") align 8 "sycl-no-alias" "sycl-buffer-location"="3" %1, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor.0") align 8 %2) #1980 {
  %4 = alloca %"class.sycl::ext::oneapi::experimental::accessor", align 8
  %5 = alloca %"class.sycl::ext::oneapi::experimental::accessor.0", align 8
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  %7 = addrspacecast ptr %5 to ptr addrspace(4)
  %8 = addrspacecast ptr %0 to ptr addrspace(4)
  %9 = addrspacecast ptr %1 to ptr addrspace(4)
  %10 = addrspacecast ptr %2 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %6, ptr addrspace(4) align 8 %9, i64 8, i1 false)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %7, ptr addrspace(4) align 8 %10, i64 8, i1 false)
  %11 = addrspacecast ptr addrspace(4) %6 to ptr
  %12 = addrspacecast ptr addrspace(4) %7 to ptr
  call spir_func void @_ZNK4CopyclEN4sycl3ext6oneapi12experimental8accessorIiNS3_13property_listIJNS3_8no_aliasENS3_15buffer_locationILi3EEEEEEEENS4_IiNS5_IJEEEEE(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %8, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor") align 8 %11, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor.0") align 8 %12) #520
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) noalias nocapture writeonly, ptr addrspace(4) noalias nocapture readonly, i64, i1 immarg) #172

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK4CopyclEN4sycl3ext6oneapi12experimental8accessorIiNS3_13property_listIJNS3_8no_aliasENS3_15buffer_locationILi3EEEEEEEENS4_IiNS5_IJEEEEE(ptr addrspace(4) noundef align 1 dereferenceable_or_null(1) %0, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor") align 8 %1, ptr noundef byval(%"class.sycl::ext::oneapi::experimental::accessor.0") align 8 %2) #1980 comdat align 2 {
  %4 = alloca ptr addrspace(4), align 8
  %5 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = addrspacecast ptr %1 to ptr addrspace(4)
  %7 = addrspacecast ptr %2 to ptr addrspace(4)
  %8 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %9 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJNS2_8no_aliasENS2_15buffer_locationILi3EEEEEEEixEi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %6, i32 noundef 0) #520
  %10 = load i32, ptr addrspace(4) %9, align 4
  %11 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJEEEEixEi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %7, i32 noundef 0) #520
  store i32 %10, ptr addrspace(4) %11, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJNS2_8no_aliasENS2_15buffer_locationILi3EEEEEEEixEi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, i32 noundef %1) #1980 comdat align 2 {
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
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZNK4sycl3ext6oneapi12experimental8accessorIiNS2_13property_listIJEEEEixEi(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, i32 noundef %1) #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca ptr addrspace(4), align 8
  %5 = alloca i32, align 4
  %6 = addrspacecast ptr %3 to ptr addrspace(4)
  %7 = addrspacecast ptr %4 to ptr addrspace(4)
  %8 = addrspacecast ptr %5 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %7, align 8
  store i32 %1, ptr addrspace(4) %8, align 4
  %9 = load ptr addrspace(4), ptr addrspace(4) %7, align 8
  %10 = getelementptr inbounds %"class.sycl::ext::oneapi::experimental::accessor.0", ptr addrspace(4) %9, i32 0, i32 0
  %11 = load ptr addrspace(4), ptr addrspace(4) %10, align 8
  %12 = load i32, ptr addrspace(4) %8, align 4
  %13 = sext i32 %12 to i64
  %14 = getelementptr inbounds i32, ptr addrspace(4) %11, i64 %13
  ret ptr addrspace(4) %14
}

attributes #172 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #520 = { convergent nounwind }
attributes #1980 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!llvm.module.flags = !{!812750, !460345}
!llvm.ident = !{!463824}

!460345 = !{i32 7, !"frame-pointer", i32 2}
!463824 = !{!"<producer>"}
!812750 = !{i32 1, !"wchar_size", i32 4}
