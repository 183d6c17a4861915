; compile-time-properties design, "Properties on kernel arguments", as clang-15 writes it (typed pointers).
source_filename = "kernel_parameter.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @_ZTS8MyKernel(i32 %n, i32 addrspace(1)* noundef align 4 %acc) #0 {
entry:
  store i32 %n, i32 addrspace(1)* %acc, align 4
  ret void
}

attributes #0 = { convergent mustprogress noinline norecurse nounwind optnone "frame-pointer"="all" }
