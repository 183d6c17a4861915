target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::detail::half_impl::half" = type { float }
%struct.ChainKernel = type { ptr addrspace(4) }

$_ZN4sycl6detail9half_impl4halfC2Ef = comdat any

$_ZNK4sycl6detail9half_impl4halfplES2_ = comdat any

$_ZNK4sycl6detail9half_impl4halfcvfEv = comdat any

$_ZN4sycl11single_taskI5Chain11ChainKernelEEvT0_ = comdat any

$_ZN4sycl3ext6oneapi12experimental12kernel_entryI5Chain11ChainKernelEEvT0_ = comdat any

$_ZNK11ChainKernelclEv = comdat any

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef float @_Z1gf(float noundef %0) #1980 !sycl_used_aspects !743122 {
  %2 = alloca float, align 4
  %3 = alloca float, align 4
  %4 = alloca %"class.sycl::detail::half_impl::half", align 4
  %5 = alloca %"class.sycl::detail::half_impl::half", align 4
  %6 = alloca %"class.sycl::detail::half_impl::half", align 4
  %7 = addrspacecast ptr %2 to ptr addrspace(4)
  %8 = addrspacecast ptr %3 to ptr addrspace(4)
  %9 = addrspacecast ptr %4 to ptr addrspace(4)
  %10 = addrspacecast ptr %5 to ptr addrspace(4)
  %11 = addrspacecast ptr %6 to ptr addrspace(4)
  store float %0, ptr addrspace(4) %8, align 4
  %12 = load float, ptr addrspace(4) %8, align 4
  call spir_func void @_ZN4sycl6detail9half_impl4halfC2Ef(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %9, float noundef %12) #520
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 4 %11, ptr addrspace(4) align 4 %9, i64 4, i1 false)
  %13 = addrspacecast ptr addrspace(4) %11 to ptr
  call spir_func void @_ZNK4sycl6detail9half_impl4halfplES2_(ptr addrspace(4) dead_on_unwind writable sret(%"class.sycl::detail::half_impl::half") align 4 %10, ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %9, ptr noundef byval(%"class.sycl::detail::half_impl::half") align 4 %13) #520
  %14 = call spir_func noundef float @_ZNK4sycl6detail9half_impl4halfcvfEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %10) #520
  ret float %14
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail9half_impl4halfC2Ef(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, float noundef %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca float, align 4
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store float %1, ptr addrspace(4) %6, align 4
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = getelementptr inbounds %"class.sycl::detail::half_impl::half", ptr addrspace(4) %7, i32 0, i32 0
  %9 = load float, ptr addrspace(4) %6, align 4
  store float %9, ptr addrspace(4) %8, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK4sycl6detail9half_impl4halfplES2_(ptr addrspace(4) dead_on_unwind noalias writable sret(%"class.sycl::detail::half_impl::half") align 4 %0, ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %1, ptr noundef byval(%"class.sycl::detail::half_impl::half") align 4 %2) #1980 comdat align 2 {
  %4 = alloca ptr addrspace(4), align 8
  %5 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %1, ptr addrspace(4) %5, align 8
  %6 = addrspacecast ptr %2 to ptr addrspace(4)
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = getelementptr inbounds %"class.sycl::detail::half_impl::half", ptr addrspace(4) %7, i32 0, i32 0
  %9 = load float, ptr addrspace(4) %8, align 4
  %10 = getelementptr inbounds %"class.sycl::detail::half_impl::half", ptr addrspace(4) %6, i32 0, i32 0
  %11 = load float, ptr addrspace(4) %10, align 4
  %12 = fadd float %9, %11
  call spir_func void @_ZN4sycl6detail9half_impl4halfC2Ef(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, float noundef %12) #520
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) noalias nocapture writeonly, ptr addrspace(4) noalias nocapture readonly, i64, i1 immarg) #172

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef float @_ZNK4sycl6detail9half_impl4halfcvfEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0) #1980 comdat align 2 {
  %2 = alloca float, align 4
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %"class.sycl::detail::half_impl::half", ptr addrspace(4) %6, i32 0, i32 0
  %8 = load float, ptr addrspace(4) %7, align 4
  ret float %8
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef float @_Z1ff(float noundef %0) #1980 !sycl_declared_aspects !323276 {
  %2 = alloca float, align 4
  %3 = alloca float, align 4
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store float %0, ptr addrspace(4) %5, align 4
  %6 = load float, ptr addrspace(4) %5, align 4
  %7 = call spir_func noundef float @_Z1gf(float noundef %6) #520
  ret float %7
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func void @_Z6submitPf(ptr addrspace(4) noundef %0) #1980 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = alloca %struct.ChainKernel, align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %4, align 8
  %6 = getelementptr inbounds %struct.ChainKernel, ptr addrspace(4) %5, i32 0, i32 0
  %7 = load ptr addrspace(4), ptr addrspace(4) %4, align 8
  store ptr addrspace(4) %7, ptr addrspace(4) %6, align 8
  %8 = addrspacecast ptr addrspace(4) %5 to ptr
  call spir_func void @_ZN4sycl11single_taskI5Chain11ChainKernelEEvT0_(ptr noundef byval(%struct.ChainKernel) align 8 %8) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl11single_taskI5Chain11ChainKernelEEvT0_(ptr noundef byval(%struct.ChainKernel) align 8 %0) #1980 comdat {
  %2 = alloca %struct.ChainKernel, align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  %4 = addrspacecast ptr %0 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %3, ptr addrspace(4) align 8 %4, i64 8, i1 false)
  %5 = addrspacecast ptr addrspace(4) %3 to ptr
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_kernel void @_ZTS5Chain(ptr noundef byval(%struct.ChainKernel) align 8 %0) #1980 {
  %2 = addrspacecast ptr %0 to ptr addrspace(4)
  call spir_func void @_ZNK11ChainKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %2) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK11ChainKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %3, align 8
  %4 = load ptr addrspace(4), ptr addrspace(4) %3, align 8
  %5 = call spir_func noundef float @_Z1ff(float noundef 1.000000e+00) #520
  %6 = getelementptr inbounds %struct.ChainKernel, ptr addrspace(4) %4, i32 0, i32 0
  %7 = load ptr addrspace(4), ptr addrspace(4) %6, align 8
  store float %5, ptr addrspace(4) %7, align 4
  ret void
}

attributes #172 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #520 = { convergent nounwind }
attributes #1980 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!llvm.module.flags = !{!812750, !460345}
!llvm.ident = !{!463824}

!323276 = !{i32 6}
!460345 = !{i32 7, !"frame-pointer", i32 2}
!463824 = !{!"<producer>"}
!743122 = !{i32 5}
!812750 = !{i32 1, !"wchar_size", i32 4}
