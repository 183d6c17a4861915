; compile-time-properties design, "Properties on a global variable type", as clang-15 writes it (typed pointers).
source_filename = "global.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::ext::oneapi::device_global" = type { i32 }

@dm1 = addrspace(1) global %"class.sycl::ext::oneapi::device_global" zeroinitializer, align 4

define spir_kernel void @_ZTS7Reading() #0 {
entry:
  %v = load i32, i32 addrspace(1)* getelementptr inbounds (%"class.sycl::ext::oneapi::device_global", %"class.sycl::ext::oneapi::device_global" addrspace(1)* @dm1, i32 0, i32 0), align 4
  ret void
}

attributes #0 = { convergent noinline norecurse nounwind optnone "frame-pointer"="all" }
