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
define dso_local spir_func noundef float @_Z5scalef(float noundef %0) #1980 !sycl_used_aspects !743122 {
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
define dso_local spir_func noundef float @_Z10scaled_sumff(float noundef %0, float noundef %1) #1980 !sycl_declared_aspects !743122 {
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
define dso_local spir_func noundef i32 @_Z12tile_productii(i32 noundef %0, i32 noundef %1) #1980 !sycl_declared_aspects !406404 !sycl_used_aspects !406404 {
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
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext5intel12amx_multiplyEPiPKiS4_(ptr addrspace(4) noundef %0, ptr addrspace(4) noundef %1, ptr addrspace(4) noundef %2) #1980 comdat !sycl_used_aspects !406404 {
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
define dso_local spir_func noundef i64 @_Z8countersli(i64 noundef %0, i32 noundef %1) #1980 !sycl_used_aspects !745289 {
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
define dso_local spir_func noundef float @_Z7precisef(float noundef %0) #1980 !sycl_used_aspects !323276 {
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
define dso_local spir_kernel void @_ZTS6Matrix(ptr noundef byval(%struct.MatrixKernel) align 8 %0) #1980 !work_group_num_dim !339189 !reqd_work_group_size !274158 !intel_reqd_sub_group_size !356060 {
  %2 = addrspacecast ptr %0 to ptr addrspace(4)
  call spir_func void @_ZNK12MatrixKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %2) #520
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK12MatrixKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 !work_group_num_dim !339189 !reqd_work_group_size !274158 !intel_reqd_sub_group_size !356060 {
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
define linkonce_odr dso_local spir_func void @_ZNK11MixedKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #1980 comdat align 2 !sycl_declared_aspects !771292 {
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
!sycl_types_that_use_aspects = !{!831175}
!sycl_aspects = !{!503701, !15293, !966810, !541519, !106044, !32103, !588264, !138197, !958367, !191689, !701787, !753028, !723728, !108914, !977504, !724817, !321513, !210752, !644644, !426494, !611722, !421143, !17099, !461678, !146326, !173522, !312108, !904289, !495941, !414265, !904853, !218434, !393342, !904171, !561467, !527994, !526164, !482875, !465385, !467375, !720360, !960643, !496543, !732007, !134465, !572331, !82276, !311014, !11309, !364944, !795328, !95212, !620140, !276672, !29271, !375218, !945865, !637395, !22043, !952061, !919680, !100903, !391554, !574763, !43907, !413639, !762259, !280451, !815767, !926397, !862997, !876159, !805454, !935208, !614185, !960449, !890824, !78225, !731429, !543373, !199185, !967204}

!11309 = !{!"ext_oneapi_external_semaphore_import", i32 48}
!15293 = !{!"cpu", i32 1}
!17099 = !{!"ext_intel_gpu_subslices_per_slice", i32 22}
!22043 = !{!"ext_intel_matrix", i32 58}
!29271 = !{!"ext_oneapi_ballot_group", i32 54}
!32103 = !{!"fp16", i32 5}
!43907 = !{!"ext_oneapi_private_alloca", i32 64}
!78225 = !{!"ext_oneapi_unique_addressing_per_dim", i32 77}
!82276 = !{!"ext_oneapi_external_memory_import", i32 46}
!95212 = !{!"ext_oneapi_mipmap_anisotropy", i32 51}
!100903 = !{!"ext_oneapi_graph", i32 61}
!106044 = !{!"custom", i32 4}
!108914 = !{!"usm_device_allocations", i32 13}
!134465 = !{!"ext_oneapi_bindless_images_1d_usm", i32 44}
!138197 = !{!"int64_base_atomics", i32 7}
!146326 = !{!"ext_intel_max_mem_bandwidth", i32 24}
!173522 = !{!"ext_intel_mem_channel", i32 25}
!191689 = !{!"image", i32 9}
!199185 = !{!"ext_oneapi_atomic16", i32 80}
!210752 = !{!"usm_system_allocations", i32 17}
!218434 = !{!"ext_oneapi_native_assert", i32 31}
!274158 = !{i32 2, i32 4, i32 8}
!276672 = !{!"ext_intel_esimd", i32 53}
!280451 = !{!"ext_oneapi_bindless_sampled_image_fetch_1d_usm", i32 67}
!311014 = !{!"ext_oneapi_interop_memory_export", i32 47}
!312108 = !{!"usm_atomic_host_allocations", i32 26}
!321513 = !{!"usm_restricted_shared_allocations", i32 16}
!323276 = !{i32 6}
!339189 = !{i32 3}
!356060 = !{i32 16}
!364944 = !{!"ext_oneapi_interop_semaphore_export", i32 49}
!375218 = !{!"ext_oneapi_fixed_size_group", i32 55}
!391554 = !{!"ext_intel_fpga_task_sequence", i32 62}
!393342 = !{!"host_debuggable", i32 32}
!406404 = !{i32 58}
!413639 = !{!"ext_oneapi_cubemap", i32 65}
!414265 = !{!"ext_intel_device_info_uuid", i32 29}
!421143 = !{!"ext_intel_gpu_slices", i32 21}
!426494 = !{!"ext_intel_gpu_eu_count", i32 19}
!460345 = !{i32 7, !"frame-pointer", i32 2}
!461678 = !{!"ext_intel_gpu_eu_count_per_subslice", i32 23}
!463824 = !{!"<producer>"}
!465385 = !{!"ext_intel_memory_clock_rate", i32 38}
!467375 = !{!"ext_intel_memory_bus_width", i32 39}
!482875 = !{!"ext_intel_device_id", i32 37}
!495941 = !{!"atomic64", i32 28}
!496543 = !{!"ext_oneapi_bindless_images", i32 42}
!503701 = !{!"host", i32 0}
!526164 = !{!"ext_intel_free_memory", i32 36}
!527994 = !{!"ext_oneapi_bfloat16_math_functions", i32 35}
!541519 = !{!"accelerator", i32 3}
!543373 = !{!"ext_oneapi_bindless_images_sample_2d_usm", i32 79}
!561467 = !{!"ext_oneapi_cuda_async_barrier", i32 34}
!572331 = !{!"ext_oneapi_bindless_images_2d_usm", i32 45}
!574763 = !{!"ext_oneapi_limited_graph", i32 63}
!588264 = !{!"fp64", i32 6}
!611722 = !{!"ext_intel_gpu_eu_simd_width", i32 20}
!614185 = !{!"ext_oneapi_virtual_mem", i32 74}
!620140 = !{!"ext_oneapi_mipmap_level_reference", i32 52}
!637395 = !{!"ext_oneapi_tangle_group", i32 57}
!644644 = !{!"ext_intel_pci_address", i32 18}
!701787 = !{!"online_compiler", i32 10}
!720360 = !{!"emulated", i32 40}
!723728 = !{!"queue_profiling", i32 12}
!724817 = !{!"usm_shared_allocations", i32 15}
!731429 = !{!"ext_oneapi_bindless_images_sample_1d_usm", i32 78}
!732007 = !{!"ext_oneapi_bindless_images_shared_usm", i32 43}
!743122 = !{i32 5}
!745289 = !{i32 28}
!753028 = !{!"online_linker", i32 11}
!762259 = !{!"ext_oneapi_cubemap_seamless_filtering", i32 66}
!771292 = !{i32 5, i32 6}
!795328 = !{!"ext_oneapi_mipmap", i32 50}
!805454 = !{!"ext_oneapi_bindless_sampled_image_fetch_3d", i32 72}
!812750 = !{i32 1, !"wchar_size", i32 4}
!815767 = !{!"ext_oneapi_bindless_sampled_image_fetch_1d", i32 68}
!831175 = !{!"class.sycl::ext::intel::amx_tile", i32 58}
!862997 = !{!"ext_oneapi_bindless_sampled_image_fetch_2d", i32 70}
!876159 = !{!"ext_oneapi_bindless_sampled_image_fetch_3d_usm", i32 71}
!890824 = !{!"ext_oneapi_image_array", i32 76}
!904171 = !{!"ext_intel_gpu_hw_threads_per_eu", i32 33}
!904289 = !{!"usm_atomic_shared_allocations", i32 27}
!904853 = !{!"ext_oneapi_srgb", i32 30}
!919680 = !{!"ext_oneapi_is_component", i32 60}
!926397 = !{!"ext_oneapi_bindless_sampled_image_fetch_2d_usm", i32 69}
!935208 = !{!"ext_oneapi_queue_profiling_tag", i32 73}
!945865 = !{!"ext_oneapi_opportunistic_group", i32 56}
!952061 = !{!"ext_oneapi_is_composite", i32 59}
!958367 = !{!"int64_extended_atomics", i32 8}
!960449 = !{!"ext_oneapi_cuda_cluster_group", i32 75}
!960643 = !{!"ext_intel_legacy_image", i32 41}
!966810 = !{!"gpu", i32 2}
!967204 = !{!"ext_oneapi_virtual_functions", i32 81}
!977504 = !{!"usm_host_allocations", i32 14}
