target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%"class.sycl::detail::half_impl::half" = type { float }
%"class.sycl::ext::intel::amx_tile" = type { [16 x i32] }
%"class.sycl::atomic_ref" = type { %"class.sycl::detail::atomic_ref_impl" }
%"class.sycl::detail::atomic_ref_impl" = type { %"class.sycl::detail::atomic_ref_impl_base" }
%"class.sycl::detail::atomic_ref_impl_base" = type { i64 }
%"class.sycl::atomic_ref.0" = type { %"class.sycl::detail::atomic_ref_impl.1" }
%"class.sycl::detail::atomic_ref_impl.1" = type { %"class.sycl::detail::atomic_ref_impl_base.2" }
%"class.sycl::detail::atomic_ref_impl_base.2" = type { i32 }
%struct.MatrixKernel = type { ptr addrspace(4) }
%struct.MixedKernel = type { ptr addrspace(4) }

$_ZN4sycl6detail9half_impl4halfC2Ef = comdat any

$_ZNK4sycl6detail9half_impl4halfplES2_ = comdat any

$_ZNK4sycl6detail9half_impl4halfcvfEv = comdat any

$_ZN4sycl3ext5intel8amx_tile2atEi = comdat any

$_ZN4sycl3ext5intel12amx_multiplyEPiPKiS4_ = comdat any

$_ZN4sycl10atomic_refIlEC2El = comdat any

$_ZN4sycl10atomic_refIiEC2Ei = comdat any

$_ZNK4sycl6detail20atomic_ref_impl_baseIlE4loadEv = comdat any

$_ZNK4sycl6detail20atomic_ref_impl_baseIiE4loadEv = comdat any

$_ZN4sycl11single_taskI6Matrix12MatrixKernelEEvT0_ = comdat any

$_ZN4sycl11single_taskI5Mixed11MixedKernelEEvT0_ = comdat any

$_ZN4sycl6detail15atomic_ref_implIlLm8EECI2NS0_20atomic_ref_impl_baseIlEEEl = comdat any

$_ZN4sycl6detail20atomic_ref_impl_baseIlEC2El = comdat any

$_ZN4sycl6detail15atomic_ref_implIiLm4EECI2NS0_20atomic_ref_impl_baseIiEEEi = comdat any

$_ZN4sycl6detail20atomic_ref_impl_baseIiEC2Ei = comdat any

$_ZN4sycl3ext6oneapi12experimental12kernel_entryI6Matrix12MatrixKernelEEvT0_ = comdat any

$_ZNK12MatrixKernelclEv = comdat any

$_ZN4sycl3ext6oneapi12experimental12kernel_entryI5Mixed11MixedKernelEEvT0_ = comdat any

$_ZNK11MixedKernelclEv = comdat any

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef float @_Z5scalef(float noundef %0) #1980 !intel_used_aspects !743122 {
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
define dso_local spir_func noundef float @_Z10scaled_sumff(float noundef %0, float noundef %1) #1980 !intel_allowed_aspects !743122 {
  %3 = alloca float, align 4
  %4 = alloca float, align 4
  %5 = alloca float, align 4
  %6 = addrspacecast ptr %3 to ptr addrspace(4)
  %7 = addrspacecast ptr %4 to ptr addrspace(4)
  %8 = addrspacecast ptr %5 to ptr addrspace(4)
  store float %0, ptr addrspace(4) %7, align 4
  store float %1, ptr addrspace(4) %8, align 4
  %9 = load float, ptr addrspace(4) %7, align 4
  %10 = call spir_func noundef float @_Z5scalef(float noundef %9) #520
  %11 = load float, ptr addrspace(4) %8, align 4
  %12 = call spir_func noundef float @_Z5scalef(float noundef %11) #520
  %13 = fadd float %10, %12
  ret float %13
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef i32 @_Z12tile_productii(i32 noundef %0, i32 noundef %1) #1980 !intel_allowed_aspects !406404 !intel_used_aspects !406404 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  %6 = alloca %"class.sycl::ext::intel::amx_tile", align 4
  %7 = addrspacecast ptr %3 to ptr addrspace(4)
  %8 = addrspacecast ptr %4 to ptr addrspace(4)
  %9 = addrspacecast ptr %5 to ptr addrspace(4)
  %10 = addrspacecast ptr %6 to ptr addrspace(4)
  store i32 %0, ptr addrspace(4) %8, align 4
  store i32 %1, ptr addrspace(4) %9, align 4
  %11 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext5intel8amx_tile2atEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(64) %10, i32 noundef 0) #520
  store i32 0, ptr addrspace(4) %11, align 4
  %12 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext5intel8amx_tile2atEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(64) %10, i32 noundef 0) #520
  call spir_func void @_ZN4sycl3ext5intel12amx_multiplyEPiPKiS4_(ptr addrspace(4) noundef %12, ptr addrspace(4) noundef %8, ptr addrspace(4) noundef %9) #520
  %13 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext5intel8amx_tile2atEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(64) %10, i32 noundef 0) #520
  %14 = load i32, ptr addrspace(4) %13, align 4
  ret i32 %14
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext5intel8amx_tile2atEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(64) %0, i32 noundef %1) #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca ptr addrspace(4), align 8
  %5 = alloca i32, align 4
  %6 = addrspacecast ptr %3 to ptr addrspace(4)
  %7 = addrspacecast ptr %4 to ptr addrspace(4)
  %8 = addrspacecast ptr %5 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %7, align 8
  store i32 %1, ptr addrspace(4) %8, align 4
  %9 = load ptr addrspace(4), ptr addrspace(4) %7, align 8
  %10 = getelementptr inbounds %"class.sycl::ext::intel::amx_tile", ptr addrspace(4) %9, i32 0, i32 0
  %11 = load i32, ptr addrspace(4) %8, align 4
  %12 = sext i32 %11 to i64
  %13 = getelementptr inbounds [16 x i32], ptr addrspace(4) %10, i64 0, i64 %12
  ret ptr addrspace(4) %13
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext5intel12amx_multiplyEPiPKiS4_(ptr addrspace(4) noundef %0, ptr addrspace(4) noundef %1, ptr addrspace(4) noundef %2) #1980 comdat !intel_used_aspects !406404 {
  %4 = alloca ptr addrspace(4), align 8
  %5 = alloca ptr addrspace(4), align 8
  %6 = alloca ptr addrspace(4), align 8
  %7 = addrspacecast ptr %4 to ptr addrspace(4)
  %8 = addrspacecast ptr %5 to ptr addrspace(4)
  %9 = addrspacecast ptr %6 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %7, align 8
  store ptr addrspace(4) %1, ptr addrspace(4) %8, align 8
  store ptr addrspace(4) %2, ptr addrspace(4) %9, align 8
  %10 = load ptr addrspace(4), ptr addrspace(4) %8, align 8
  %11 = load i32, ptr addrspace(4) %10, align 4
  %12 = load ptr addrspace(4), ptr addrspace(4) %9, align 8
  %13 = load i32, ptr addrspace(4) %12, align 4
  %14 = mul nsw i32 %11, %13
  %15 = load ptr addrspace(4), ptr addrspace(4) %7, align 8
  %16 = load i32, ptr addrspace(4) %15, align 4
  %17 = add nsw i32 %16, %14
  store i32 %17, ptr addrspace(4) %15, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef i64 @_Z8countersli(i64 noundef %0, i32 noundef %1) #1980 !intel_used_aspects !745289 {
  %3 = alloca i64, align 8
  %4 = alloca i64, align 8
  %5 = alloca i32, align 4
  %6 = alloca %"class.sycl::atomic_ref", align 8
  %7 = alloca %"class.sycl::atomic_ref.0", align 4
  %8 = addrspacecast ptr %3 to ptr addrspace(4)
  %9 = addrspacecast ptr %4 to ptr addrspace(4)
  %10 = addrspacecast ptr %5 to ptr addrspace(4)
  %11 = addrspacecast ptr %6 to ptr addrspace(4)
  %12 = addrspacecast ptr %7 to ptr addrspace(4)
  store i64 %0, ptr addrspace(4) %9, align 8
  store i32 %1, ptr addrspace(4) %10, align 4
  %13 = load i64, ptr addrspace(4) %9, align 8
  call spir_func void @_ZN4sycl10atomic_refIlEC2El(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %11, i64 noundef %13) #520
  %14 = load i32, ptr addrspace(4) %10, align 4
  call spir_func void @_ZN4sycl10atomic_refIiEC2Ei(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %12, i32 noundef %14) #520
  %15 = call spir_func noundef i64 @_ZNK4sycl6detail20atomic_ref_impl_baseIlE4loadEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %11) #520
  %16 = call spir_func noundef i32 @_ZNK4sycl6detail20atomic_ref_impl_baseIiE4loadEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %12) #520
  %17 = sext i32 %16 to i64
  %18 = add nsw i64 %15, %17
  ret i64 %18
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl10atomic_refIlEC2El(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, i64 noundef %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i64, align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i64 %1, ptr addrspace(4) %6, align 8
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = load i64, ptr addrspace(4) %6, align 8
  call spir_func void @_ZN4sycl6detail15atomic_ref_implIlLm8EECI2NS0_20atomic_ref_impl_baseIlEEEl(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %7, i64 noundef %8) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl10atomic_refIiEC2Ei(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, i32 noundef %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i32, align 4
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i32 %1, ptr addrspace(4) %6, align 4
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = load i32, ptr addrspace(4) %6, align 4
  call spir_func void @_ZN4sycl6detail15atomic_ref_implIiLm4EECI2NS0_20atomic_ref_impl_baseIiEEEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %7, i32 noundef %8) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef i64 @_ZNK4sycl6detail20atomic_ref_impl_baseIlE4loadEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 {
  %2 = alloca i64, align 8
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %"class.sycl::detail::atomic_ref_impl_base", ptr addrspace(4) %6, i32 0, i32 0
  %8 = load i64, ptr addrspace(4) %7, align 8
  ret i64 %8
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef i32 @_ZNK4sycl6detail20atomic_ref_impl_baseIiE4loadEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0) #1980 comdat align 2 {
  %2 = alloca i32, align 4
  %3 = alloca ptr addrspace(4), align 8
  %4 = addrspacecast ptr %2 to ptr addrspace(4)
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds %"class.sycl::detail::atomic_ref_impl_base.2", ptr addrspace(4) %6, i32 0, i32 0
  %8 = load i32, ptr addrspace(4) %7, align 4
  ret i32 %8
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef float @_Z7precisef(float noundef %0) #1980 !intel_used_aspects !323276 {
  %2 = alloca float, align 4
  %3 = alloca float, align 4
  %4 = alloca double, align 8
  %5 = addrspacecast ptr %2 to ptr addrspace(4)
  %6 = addrspacecast ptr %3 to ptr addrspace(4)
  %7 = addrspacecast ptr %4 to ptr addrspace(4)
  store float %0, ptr addrspace(4) %6, align 4
  %8 = load float, ptr addrspace(4) %6, align 4
  %9 = fpext float %8 to double
  store double %9, ptr addrspace(4) %7, align 8
  %10 = load double, ptr addrspace(4) %7, align 8
  %11 = fdiv double %10, 3.000000e+00
  %12 = fptrunc double %11 to float
  ret float %12
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func void @_Z6submitPiPf(ptr addrspace(4) noundef %0, ptr addrspace(4) noundef %1) #1980 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca ptr addrspace(4), align 8
  %5 = alloca %struct.MatrixKernel, align 8
  %6 = alloca %struct.MixedKernel, align 8
  %7 = addrspacecast ptr %3 to ptr addrspace(4)
  %8 = addrspacecast ptr %4 to ptr addrspace(4)
  %9 = addrspacecast ptr %5 to ptr addrspace(4)
  %10 = addrspacecast ptr %6 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %7, align 8
  store ptr addrspace(4) %1, ptr addrspace(4) %8, align 8
  %11 = getelementptr inbounds %struct.MatrixKernel, ptr addrspace(4) %9, i32 0, i32 0
  %12 = load ptr addrspace(4), ptr addrspace(4) %7, align 8
  store ptr addrspace(4) %12, ptr addrspace(4) %11, align 8
  %13 = addrspacecast ptr addrspace(4) %9 to ptr
  call spir_func void @_ZN4sycl11single_taskI6Matrix12MatrixKernelEEvT0_(ptr noundef byval(%struct.MatrixKernel) align 8 %13) #520
  %14 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %10, i32 0, i32 0
  %15 = load ptr addrspace(4), ptr addrspace(4) %8, align 8
  store ptr addrspace(4) %15, ptr addrspace(4) %14, align 8
  %16 = addrspacecast ptr addrspace(4) %10 to ptr
  call spir_func void @_ZN4sycl11single_taskI5Mixed11MixedKernelEEvT0_(ptr noundef byval(%struct.MixedKernel) align 8 %16) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl11single_taskI6Matrix12MatrixKernelEEvT0_(ptr noundef byval(%struct.MatrixKernel) align 8 %0) #1980 comdat {
  %2 = alloca %struct.MatrixKernel, align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  %4 = addrspacecast ptr %0 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %3, ptr addrspace(4) align 8 %4, i64 8, i1 false)
  %5 = addrspacecast ptr addrspace(4) %3 to ptr
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl11single_taskI5Mixed11MixedKernelEEvT0_(ptr noundef byval(%struct.MixedKernel) align 8 %0) #1980 comdat {
  %2 = alloca %struct.MixedKernel, align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  %4 = addrspacecast ptr %0 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %3, ptr addrspace(4) align 8 %4, i64 8, i1 false)
  %5 = addrspacecast ptr addrspace(4) %3 to ptr
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail15atomic_ref_implIlLm8EECI2NS0_20atomic_ref_impl_baseIlEEEl(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, i64 noundef %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i64, align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i64 %1, ptr addrspace(4) %6, align 8
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = load i64, ptr addrspace(4) %6, align 8
  call spir_func void @_ZN4sycl6detail20atomic_ref_impl_baseIlEC2El(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %7, i64 noundef %8) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail20atomic_ref_impl_baseIlEC2El(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, i64 noundef %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i64, align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i64 %1, ptr addrspace(4) %6, align 8
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = getelementptr inbounds %"class.sycl::detail::atomic_ref_impl_base", ptr addrspace(4) %7, i32 0, i32 0
  %9 = load i64, ptr addrspace(4) %6, align 8
  store i64 %9, ptr addrspace(4) %8, align 8
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail15atomic_ref_implIiLm4EECI2NS0_20atomic_ref_impl_baseIiEEEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, i32 noundef %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i32, align 4
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i32 %1, ptr addrspace(4) %6, align 4
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = load i32, ptr addrspace(4) %6, align 4
  call spir_func void @_ZN4sycl6detail20atomic_ref_impl_baseIiEC2Ei(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %7, i32 noundef %8) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail20atomic_ref_impl_baseIiEC2Ei(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, i32 noundef %1) unnamed_addr #1980 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i32, align 4
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i32 %1, ptr addrspace(4) %6, align 4
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = getelementptr inbounds %"class.sycl::detail::atomic_ref_impl_base.2", ptr addrspace(4) %7, i32 0, i32 0
  %9 = load i32, ptr addrspace(4) %6, align 4
  store i32 %9, ptr addrspace(4) %8, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_kernel void @_ZTS6Matrix(ptr noundef byval(%struct.MatrixKernel) align 8 %0) #1980 !reqd_work_group_size !747585 !intel_reqd_sub_group_size !356060 {
  %2 = addrspacecast ptr %0 to ptr addrspace(4)
  call spir_func void @_ZNK12MatrixKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %2) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK12MatrixKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 !reqd_work_group_size !747585 !intel_reqd_sub_group_size !356060 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %3, align 8
  %4 = load ptr addrspace(4), ptr addrspace(4) %3, align 8
  %5 = getelementptr inbounds %struct.MatrixKernel, ptr addrspace(4) %4, i32 0, i32 0
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds i32, ptr addrspace(4) %6, i64 1
  %8 = load i32, ptr addrspace(4) %7, align 4
  %9 = getelementptr inbounds %struct.MatrixKernel, ptr addrspace(4) %4, i32 0, i32 0
  %10 = load ptr addrspace(4), ptr addrspace(4) %9, align 8
  %11 = getelementptr inbounds i32, ptr addrspace(4) %10, i64 2
  %12 = load i32, ptr addrspace(4) %11, align 4
  %13 = call spir_func noundef i32 @_Z12tile_productii(i32 noundef %8, i32 noundef %12) #520
  %14 = getelementptr inbounds %struct.MatrixKernel, ptr addrspace(4) %4, i32 0, i32 0
  %15 = load ptr addrspace(4), ptr addrspace(4) %14, align 8
  store i32 %13, ptr addrspace(4) %15, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_kernel void @_ZTS5Mixed(ptr noundef byval(%struct.MixedKernel) align 8 %0) #1980 {
  %2 = addrspacecast ptr %0 to ptr addrspace(4)
  call spir_func void @_ZNK11MixedKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %2) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK11MixedKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 !intel_allowed_aspects !771292 {
  %2 = alloca ptr addrspace(4), align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %3, align 8
  %4 = load ptr addrspace(4), ptr addrspace(4) %3, align 8
  %5 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %4, i32 0, i32 0
  %6 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %7 = getelementptr inbounds float, ptr addrspace(4) %6, i64 1
  %8 = load float, ptr addrspace(4) %7, align 4
  %9 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %4, i32 0, i32 0
  %10 = load ptr addrspace(4), ptr addrspace(4) %9, align 8
  %11 = getelementptr inbounds float, ptr addrspace(4) %10, i64 2
  %12 = load float, ptr addrspace(4) %11, align 4
  %13 = call spir_func noundef float @_Z10scaled_sumff(float noundef %8, float noundef %12) #520
  %14 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %4, i32 0, i32 0
  %15 = load ptr addrspace(4), ptr addrspace(4) %14, align 8
  %16 = getelementptr inbounds float, ptr addrspace(4) %15, i64 3
  %17 = load float, ptr addrspace(4) %16, align 4
  %18 = call spir_func noundef float @_Z7precisef(float noundef %17) #520
  %19 = fadd float %13, %18
  %20 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %4, i32 0, i32 0
  %21 = load ptr addrspace(4), ptr addrspace(4) %20, align 8
  %22 = getelementptr inbounds float, ptr addrspace(4) %21, i64 0
  store float %19, ptr addrspace(4) %22, align 4
  %23 = call spir_func noundef i64 @_Z8countersli(i64 noundef 1, i32 noundef 2) #520
  %24 = sitofp i64 %23 to float
  %25 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %4, i32 0, i32 0
  %26 = load ptr addrspace(4), ptr addrspace(4) %25, align 8
  %27 = getelementptr inbounds float, ptr addrspace(4) %26, i64 4
  store float %24, ptr addrspace(4) %27, align 4
  ret void
}

attributes #172 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #520 = { convergent nounwind }
attributes #1980 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }

!llvm.module.flags = !{!812750, !460345}
!llvm.ident = !{!463824}

!323276 = !{i32 6}
!356060 = !{i32 16}
!406404 = !{i32 58}
!460345 = !{i32 7, !"frame-pointer", i32 2}
!463824 = !{!"<producer>"}
!743122 = !{i32 5}
!745289 = !{i32 28}
!747585 = !{i32 8, i32 4, i32 2}
!771292 = !{i32 5, i32 6}
!812750 = !{i32 1, !"wchar_size", i32 4}
