; A device module in the shape clang-15 -target spir64 -Xclang -fsycl-is-device emits (typed
; pointers, so llvm-as-15 and llvm-spirv-15 read the result) for the four property sites:
; a device_global, a kernel with an accessor parameter, kernel properties, and annotated_ptr.
source_filename = "device.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::ext::oneapi::device_global" = type { i32 }
%class.annotated_ptr = type { i32 addrspace(4)* }

@dm1 = addrspace(1) global %"class.sycl::ext::oneapi::device_global" zeroinitializer, align 4

define spir_kernel void @_ZTS8MyKernel(i32 %n, i32 addrspace(1)* noundef align 4 %acc) #0 {
entry:
  %aptr = alloca %class.annotated_ptr, align 8
  %as = addrspacecast %class.annotated_ptr* %aptr to %class.annotated_ptr addrspace(4)*
  %field = getelementptr inbounds %class.annotated_ptr, %class.annotated_ptr addrspace(4)* %as, i32 0, i32 0
  %generic = addrspacecast i32 addrspace(1)* %acc to i32 addrspace(4)*
  store i32 addrspace(4)* %generic, i32 addrspace(4)* addrspace(4)* %field, align 8
  %p = load i32 addrspace(4)*, i32 addrspace(4)* addrspace(4)* %field, align 8
  %v = load i32, i32 addrspace(1)* getelementptr inbounds (%"class.sycl::ext::oneapi::device_global", %"class.sycl::ext::oneapi::device_global" addrspace(1)* @dm1, i32 0, i32 0), align 4
  %sum = add nsw i32 %v, %n
  store i32 %sum, i32 addrspace(4)* %p, align 4
  ret void
}

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" }
