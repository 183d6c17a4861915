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
define dso_local spir_func noundef float @_Z5scalef(float noundef %0) #0 !sycl_used_aspects !0 {
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
  call spir_func void @_ZN4sycl6detail9half_impl4halfC2Ef(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %9, float noundef %12) #1
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 4 %11, ptr addrspace(4) align 4 %9, i64 4, i1 false)
  %13 = addrspacecast ptr addrspace(4) %11 to ptr
  call spir_func void @_ZNK4sycl6detail9half_impl4halfplES2_(ptr addrspace(4) dead_on_unwind writable sret(%"class.sycl::detail::half_impl::half") align 4 %10, ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %9, ptr noundef byval(%"class.sycl::detail::half_impl::half") align 4 %13) #1
  %14 = call spir_func noundef float @_ZNK4sycl6detail9half_impl4halfcvfEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %10) #1
  ret float %14
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail9half_impl4halfC2Ef(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, float noundef %1) unnamed_addr #0 comdat align 2 {
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
define linkonce_odr dso_local spir_func void @_ZNK4sycl6detail9half_impl4halfplES2_(ptr addrspace(4) dead_on_unwind noalias writable sret(%"class.sycl::detail::half_impl::half") align 4 %0, ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %1, ptr noundef byval(%"class.sycl::detail::half_impl::half") align 4 %2) #0 comdat align 2 {
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
  call spir_func void @_ZN4sycl6detail9half_impl4halfC2Ef(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, float noundef %12) #1
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) noalias nocapture writeonly, ptr addrspace(4) noalias nocapture readonly, i64, i1 immarg) #2

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef float @_ZNK4sycl6detail9half_impl4halfcvfEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0) #0 comdat align 2 {
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
define dso_local spir_func noundef float @_Z10scaled_sumff(float noundef %0, float noundef %1) #0 !sycl_declared_aspects !0 {
  %3 = alloca float, align 4
  %4 = alloca float, align 4
  %5 = alloca float, align 4
  %6 = addrspacecast ptr %3 to ptr addrspace(4)
  %7 = addrspacecast ptr %4 to ptr addrspace(4)
  %8 = addrspacecast ptr %5 to ptr addrspace(4)
  store float %0, ptr addrspace(4) %7, align 4
  store float %1, ptr addrspace(4) %8, align 4
  %9 = load float, ptr addrspace(4) %7, align 4
  %10 = call spir_func noundef float @_Z5scalef(float noundef %9) #1
  %11 = load float, ptr addrspace(4) %8, align 4
  %12 = call spir_func noundef float @_Z5scalef(float noundef %11) #1
  %13 = fadd float %10, %12
  ret float %13
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func noundef i32 @_Z12tile_productii(i32 noundef %0, i32 noundef %1) #0 !sycl_declared_aspects !1 !sycl_used_aspects !1 {
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
  %11 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext5intel8amx_tile2atEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(64) %10, i32 noundef 0) #1
  store i32 0, ptr addrspace(4) %11, align 4
  %12 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext5intel8amx_tile2atEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(64) %10, i32 noundef 0) #1
  call spir_func void @_ZN4sycl3ext5intel12amx_multiplyEPiPKiS4_(ptr addrspace(4) noundef %12, ptr addrspace(4) noundef %8, ptr addrspace(4) noundef %9) #1
  %13 = call spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext5intel8amx_tile2atEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(64) %10, i32 noundef 0) #1
  %14 = load i32, ptr addrspace(4) %13, align 4
  ret i32 %14
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef align 4 dereferenceable(4) ptr addrspace(4) @_ZN4sycl3ext5intel8amx_tile2atEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(64) %0, i32 noundef %1) #0 comdat align 2 {
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
define linkonce_odr dso_local spir_func void @_ZN4sycl3ext5intel12amx_multiplyEPiPKiS4_(ptr addrspace(4) noundef %0, ptr addrspace(4) noundef %1, ptr addrspace(4) noundef %2) #0 comdat !sycl_used_aspects !1 {
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
define dso_local spir_func noundef i64 @_Z8countersli(i64 noundef %0, i32 noundef %1) #0 !sycl_used_aspects !2 {
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
  call spir_func void @_ZN4sycl10atomic_refIlEC2El(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %11, i64 noundef %13) #1
  %14 = load i32, ptr addrspace(4) %10, align 4
  call spir_func void @_ZN4sycl10atomic_refIiEC2Ei(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %12, i32 noundef %14) #1
  %15 = call spir_func noundef i64 @_ZNK4sycl6detail20atomic_ref_impl_baseIlE4loadEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %11) #1
  %16 = call spir_func noundef i32 @_ZNK4sycl6detail20atomic_ref_impl_baseIiE4loadEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %12) #1
  %17 = sext i32 %16 to i64
  %18 = add nsw i64 %15, %17
  ret i64 %18
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl10atomic_refIlEC2El(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, i64 noundef %1) unnamed_addr #0 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i64, align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i64 %1, ptr addrspace(4) %6, align 8
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = load i64, ptr addrspace(4) %6, align 8
  call spir_func void @_ZN4sycl6detail15atomic_ref_implIlLm8EECI2NS0_20atomic_ref_impl_baseIlEEEl(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %7, i64 noundef %8) #1
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl10atomic_refIiEC2Ei(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, i32 noundef %1) unnamed_addr #0 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i32, align 4
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i32 %1, ptr addrspace(4) %6, align 4
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = load i32, ptr addrspace(4) %6, align 4
  call spir_func void @_ZN4sycl6detail15atomic_ref_implIiLm4EECI2NS0_20atomic_ref_impl_baseIiEEEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %7, i32 noundef %8) #1
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func noundef i64 @_ZNK4sycl6detail20atomic_ref_impl_baseIlE4loadEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #0 comdat align 2 {
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
define linkonce_odr dso_local spir_func noundef i32 @_ZNK4sycl6detail20atomic_ref_impl_baseIiE4loadEv(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0) #0 comdat align 2 {
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
define dso_local spir_func noundef float @_Z7precisef(float noundef %0) #0 !sycl_used_aspects !3 {
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
define dso_local spir_func void @_Z6submitPiPf(ptr addrspace(4) noundef %0, ptr addrspace(4) noundef %1) #0 {
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
  call spir_func void @_ZN4sycl11single_taskI6Matrix12MatrixKernelEEvT0_(ptr noundef byval(%struct.MatrixKernel) align 8 %13) #1
  %14 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %10, i32 0, i32 0
  %15 = load ptr addrspace(4), ptr addrspace(4) %8, align 8
  store ptr addrspace(4) %15, ptr addrspace(4) %14, align 8
  %16 = addrspacecast ptr addrspace(4) %10 to ptr
  call spir_func void @_ZN4sycl11single_taskI5Mixed11MixedKernelEEvT0_(ptr noundef byval(%struct.MixedKernel) align 8 %16) #1
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl11single_taskI6Matrix12MatrixKernelEEvT0_(ptr noundef byval(%struct.MatrixKernel) align 8 %0) #0 comdat {
  %2 = alloca %struct.MatrixKernel, align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  %4 = addrspacecast ptr %0 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %3, ptr addrspace(4) align 8 %4, i64 8, i1 false)
  %5 = addrspacecast ptr addrspace(4) %3 to ptr
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl11single_taskI5Mixed11MixedKernelEEvT0_(ptr noundef byval(%struct.MixedKernel) align 8 %0) #0 comdat {
  %2 = alloca %struct.MixedKernel, align 8
  %3 = addrspacecast ptr %2 to ptr addrspace(4)
  %4 = addrspacecast ptr %0 to ptr addrspace(4)
  call void @llvm.memcpy.p4.p4.i64(ptr addrspace(4) align 8 %3, ptr addrspace(4) align 8 %4, i64 8, i1 false)
  %5 = addrspacecast ptr addrspace(4) %3 to ptr
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail15atomic_ref_implIlLm8EECI2NS0_20atomic_ref_impl_baseIlEEEl(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, i64 noundef %1) unnamed_addr #0 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i64, align 8
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i64 %1, ptr addrspace(4) %6, align 8
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = load i64, ptr addrspace(4) %6, align 8
  call spir_func void @_ZN4sycl6detail20atomic_ref_impl_baseIlEC2El(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %7, i64 noundef %8) #1
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail20atomic_ref_impl_baseIlEC2El(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0, i64 noundef %1) unnamed_addr #0 comdat align 2 {
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
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail15atomic_ref_implIiLm4EECI2NS0_20atomic_ref_impl_baseIiEEEi(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, i32 noundef %1) unnamed_addr #0 comdat align 2 {
  %3 = alloca ptr addrspace(4), align 8
  %4 = alloca i32, align 4
  %5 = addrspacecast ptr %3 to ptr addrspace(4)
  %6 = addrspacecast ptr %4 to ptr addrspace(4)
  store ptr addrspace(4) %0, ptr addrspace(4) %5, align 8
  store i32 %1, ptr addrspace(4) %6, align 4
  %7 = load ptr addrspace(4), ptr addrspace(4) %5, align 8
  %8 = load i32, ptr addrspace(4) %6, align 4
  call spir_func void @_ZN4sycl6detail20atomic_ref_impl_baseIiEC2Ei(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %7, i32 noundef %8) #1
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZN4sycl6detail20atomic_ref_impl_baseIiEC2Ei(ptr addrspace(4) noundef align 4 dereferenceable_or_null(4) %0, i32 noundef %1) unnamed_addr #0 comdat align 2 {
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
define dso_local spir_kernel void @_ZTS6Matrix(ptr noundef byval(%struct.MatrixKernel) align 8 %0) #0 !work_group_num_dim !4 !reqd_work_group_size !5 !intel_reqd_sub_group_size !6 {
  %2 = addrspacecast ptr %0 to ptr addrspace(4)
  call spir_func void @_ZNK12MatrixKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %2) #1
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK12MatrixKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #0 comdat align 2 !work_group_num_dim !4 !reqd_work_group_size !5 !intel_reqd_sub_group_size !6 {
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
  %13 = call spir_func noundef i32 @_Z12tile_productii(i32 noundef %8, i32 noundef %12) #1
  %14 = getelementptr inbounds %struct.MatrixKernel, ptr addrspace(4) %4, i32 0, i32 0
  %15 = load ptr addrspace(4), ptr addrspace(4) %14, align 8
  store i32 %13, ptr addrspace(4) %15, align 4
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_kernel void @_ZTS5Mixed(ptr noundef byval(%struct.MixedKernel) align 8 %0) #0 {
  %2 = addrspacecast ptr %0 to ptr addrspace(4)
  call spir_func void @_ZNK11MixedKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %2) #1
  ret void
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define linkonce_odr dso_local spir_func void @_ZNK11MixedKernelclEv(ptr addrspace(4) noundef align 8 dereferenceable_or_null(8) %0) #0 comdat align 2 !sycl_declared_aspects !7 {
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
  %13 = call spir_func noundef float @_Z10scaled_sumff(float noundef %8, float noundef %12) #1
  %14 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %4, i32 0, i32 0
  %15 = load ptr addrspace(4), ptr addrspace(4) %14, align 8
  %16 = getelementptr inbounds float, ptr addrspace(4) %15, i64 3
  %17 = load float, ptr addrspace(4) %16, align 4
  %18 = call spir_func noundef float @_Z7precisef(float noundef %17) #1
  %19 = fadd float %13, %18
  %20 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %4, i32 0, i32 0
  %21 = load ptr addrspace(4), ptr addrspace(4) %20, align 8
  %22 = getelementptr inbounds float, ptr addrspace(4) %21, i64 0
  store float %19, ptr addrspace(4) %22, align 4
  %23 = call spir_func noundef i64 @_Z8countersli(i64 noundef 1, i32 noundef 2) #1
  %24 = sitofp i64 %23 to float
  %25 = getelementptr inbounds %struct.MixedKernel, ptr addrspace(4) %4, i32 0, i32 0
  %26 = load ptr addrspace(4), ptr addrspace(4) %25, align 8
  %27 = getelementptr inbounds float, ptr addrspace(4) %26, i64 4
  store float %24, ptr addrspace(4) %27, align 4
  ret void
}

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { convergent nounwind }

!llvm.module.flags = !{!8, !9}
!llvm.ident = !{!10}
!sycl_types_that_use_aspects = !{!11}
!sycl_aspects = !{!12, !13, !14, !15, !16, !17, !18, !19, !20, !21, !22, !23, !24, !25, !26, !27, !28, !29, !30, !31, !32, !33, !34, !35, !36, !37, !38, !39, !40, !41, !42, !43, !44, !45, !46, !47, !48, !49, !50, !51, !52, !53, !54, !55, !56, !57, !58, !59, !60, !61, !62, !63, !64, !65, !66, !67, !68, !69, !70, !71, !72, !73, !74, !75, !76, !77, !78, !79, !80, !81, !82, !83, !84, !85, !86, !87, !88, !89, !90, !91, !92, !93}

!8 = !{i32 1, !"wchar_size", i32 4}
!9 = !{i32 7, !"frame-pointer", i32 2}
!10 = !{!"<producer>"}
!4 = !{i32 3}
!5 = !{i32 2, i32 4, i32 8}
!6 = !{i32 16}
!0 = !{i32 5}
!1 = !{i32 58}
!7 = !{i32 5, i32 6}
!3 = !{i32 6}
!2 = !{i32 28}
!11 = !{!"class.sycl::ext::intel::amx_tile", i32 58}
!12 = !{!"host", i32 0}
!13 = !{!"cpu", i32 1}
!14 = !{!"gpu", i32 2}
!15 = !{!"accelerator", i32 3}
!16 = !{!"custom", i32 4}
!17 = !{!"fp16", i32 5}
!18 = !{!"fp64", i32 6}
!19 = !{!"int64_base_atomics", i32 7}
!20 = !{!"int64_extended_atomics", i32 8}
!21 = !{!"image", i32 9}
!22 = !{!"online_compiler", i32 10}
!23 = !{!"online_linker", i32 11}
!24 = !{!"queue_profiling", i32 12}
!25 = !{!"usm_device_allocations", i32 13}
!26 = !{!"usm_host_allocations", i32 14}
!27 = !{!"usm_shared_allocations", i32 15}
!28 = !{!"usm_restricted_shared_allocations", i32 16}
!29 = !{!"usm_system_allocations", i32 17}
!30 = !{!"ext_intel_pci_address", i32 18}
!31 = !{!"ext_intel_gpu_eu_count", i32 19}
!32 = !{!"ext_intel_gpu_eu_simd_width", i32 20}
!33 = !{!"ext_intel_gpu_slices", i32 21}
!34 = !{!"ext_intel_gpu_subslices_per_slice", i32 22}
!35 = !{!"ext_intel_gpu_eu_count_per_subslice", i32 23}
!36 = !{!"ext_intel_max_mem_bandwidth", i32 24}
!37 = !{!"ext_intel_mem_channel", i32 25}
!38 = !{!"usm_atomic_host_allocations", i32 26}
!39 = !{!"usm_atomic_shared_allocations", i32 27}
!40 = !{!"atomic64", i32 28}
!41 = !{!"ext_intel_device_info_uuid", i32 29}
!42 = !{!"ext_oneapi_srgb", i32 30}
!43 = !{!"ext_oneapi_native_assert", i32 31}
!44 = !{!"host_debuggable", i32 32}
!45 = !{!"ext_intel_gpu_hw_threads_per_eu", i32 33}
!46 = !{!"ext_oneapi_cuda_async_barrier", i32 34}
!47 = !{!"ext_oneapi_bfloat16_math_functions", i32 35}
!48 = !{!"ext_intel_free_memory", i32 36}
!49 = !{!"ext_intel_device_id", i32 37}
!50 = !{!"ext_intel_memory_clock_rate", i32 38}
!51 = !{!"ext_intel_memory_bus_width", i32 39}
!52 = !{!"emulated", i32 40}
!53 = !{!"ext_intel_legacy_image", i32 41}
!54 = !{!"ext_oneapi_bindless_images", i32 42}
!55 = !{!"ext_oneapi_bindless_images_shared_usm", i32 43}
!56 = !{!"ext_oneapi_bindless_images_1d_usm", i32 44}
!57 = !{!"ext_oneapi_bindless_images_2d_usm", i32 45}
!58 = !{!"ext_oneapi_external_memory_import", i32 46}
!59 = !{!"ext_oneapi_interop_memory_export", i32 47}
!60 = !{!"ext_oneapi_external_semaphore_import", i32 48}
!61 = !{!"ext_oneapi_interop_semaphore_export", i32 49}
!62 = !{!"ext_oneapi_mipmap", i32 50}
!63 = !{!"ext_oneapi_mipmap_anisotropy", i32 51}
!64 = !{!"ext_oneapi_mipmap_level_reference", i32 52}
!65 = !{!"ext_intel_esimd", i32 53}
!66 = !{!"ext_oneapi_ballot_group", i32 54}
!67 = !{!"ext_oneapi_fixed_size_group", i32 55}
!68 = !{!"ext_oneapi_opportunistic_group", i32 56}
!69 = !{!"ext_oneapi_tangle_group", i32 57}
!70 = !{!"ext_intel_matrix", i32 58}
!71 = !{!"ext_oneapi_is_composite", i32 59}
!72 = !{!"ext_oneapi_is_component", i32 60}
!73 = !{!"ext_oneapi_graph", i32 61}
!74 = !{!"ext_intel_fpga_task_sequence", i32 62}
!75 = !{!"ext_oneapi_limited_graph", i32 63}
!76 = !{!"ext_oneapi_private_alloca", i32 64}
!77 = !{!"ext_oneapi_cubemap", i32 65}
!78 = !{!"ext_oneapi_cubemap_seamless_filtering", i32 66}
!79 = !{!"ext_oneapi_bindless_sampled_image_fetch_1d_usm", i32 67}
!80 = !{!"ext_oneapi_bindless_sampled_image_fetch_1d", i32 68}
!81 = !{!"ext_oneapi_bindless_sampled_image_fetch_2d_usm", i32 69}
!82 = !{!"ext_oneapi_bindless_sampled_image_fetch_2d", i32 70}
!83 = !{!"ext_oneapi_bindless_sampled_image_fetch_3d_usm", i32 71}
!84 = !{!"ext_oneapi_bindless_sampled_image_fetch_3d", i32 72}
!85 = !{!"ext_oneapi_queue_profiling_tag", i32 73}
!86 = !{!"ext_oneapi_virtual_mem", i32 74}
!87 = !{!"ext_oneapi_cuda_cluster_group", i32 75}
!88 = !{!"ext_oneapi_image_array", i32 76}
!89 = !{!"ext_oneapi_unique_addressing_per_dim", i32 77}
!90 = !{!"ext_oneapi_bindless_images_sample_1d_usm", i32 78}
!91 = !{!"ext_oneapi_bindless_images_sample_2d_usm", i32 79}
!92 = !{!"ext_oneapi_atomic16", i32 80}
!93 = !{!"ext_oneapi_virtual_functions", i32 81}
