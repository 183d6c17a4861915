; compile-time-properties design, "Properties on a global variable type": device_global<int, property_list_t<
;   device_image_scope::value_t, host_access::value_t<host_access::access::read>>> dm1;
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::ext::oneapi::device_global" = type { i32 }

@dm1 = addrspace(1) global %"class.sycl::ext::oneapi::device_global" zeroinitializer, align 4 #9868
@plain = addrspace(1) global i32 0, align 4 #8860

define spir_kernel void @_ZTS7Reading() #2823 {
entry:
  %v = load i32, ptr addrspace(1) @dm1, align 4
  store i32 %v, ptr addrspace(1) @plain, align 4
  ret void
}

attributes #2823 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" }
attributes #8860 = { "unrelated"="kept" }
attributes #9868 = { "sycl-device-image-scope" "sycl-host-access"="read" }
