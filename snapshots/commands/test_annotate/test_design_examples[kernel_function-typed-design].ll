; compile-time-properties design, "Properties on kernel functions": KernelSingleTaskWrapper<MyKernel,
;   property_list<sub_group_size<32>, device_has<aspect::fp16>>>::operator() as the kernel.
; The attribute group is shared with a helper, which must not change.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @_ZTS8MyKernel() #2225 {
entry:
  call spir_func void @_Z6helperv()
  ret void
}

define spir_func void @_Z6helperv() #2823 {
entry:
  ret void
}

attributes #2225 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" "sycl-device-has"="5" "sycl-sub-group-size"="32" }
attributes #2823 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" }
