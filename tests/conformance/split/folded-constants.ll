; sycl-post-link reads the module and prints each image: a zero-index constant getelementptr
; of an opaque pointer comes out as the pointer itself. The design profile keeps the text.
; intel/llvm: llvm/test/tools/sycl-post-link/device-code-split/basic-module-split.ll (and
; auto-module-split-1.ll, auto-module-split-2.ll, one-kernel-per-module.ll)
; RUN: rm -rf %t && %propslower split --profile dpcpp --no-propagate --mode per_source %s -d %t
; RUN: filecheck %s --input-file=%t/folded-constants_0.ll --check-prefix=DPCPP
; RUN: rm -rf %t.design && %propslower split --no-propagate --mode per_source %s -d %t.design
; RUN: filecheck %s --input-file=%t.design/folded-constants_0.ll --check-prefix=DESIGN

; DPCPP: %0 = load i32, ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL2GV to ptr addrspace(4)), align 4
; DPCPP: store ptr addrspacecast (ptr addrspace(1) @_ZL2GV to ptr), ptr %p, align 8
; DESIGN: %0 = load i32, ptr addrspace(4) getelementptr inbounds ([1 x i32], ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL2GV to ptr addrspace(4)), i64 0, i64 0), align 4

target triple = "spir64-unknown-linux"

@_ZL2GV = internal addrspace(1) constant [1 x i32] [i32 42], align 4

define dso_local spir_kernel void @_ZTSZ4mainE10TU1_kernel() #0 {
entry:
  call spir_func void @_Z4foo2v()
  ret void
}

define dso_local spir_func void @_Z4foo2v() {
entry:
  %a = alloca i32, align 4
  %p = alloca ptr, align 8
  %0 = load i32, ptr addrspace(4) getelementptr inbounds ([1 x i32], ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZL2GV to ptr addrspace(4)), i64 0, i64 0), align 4
  store ptr getelementptr ([1 x i32], ptr addrspacecast (ptr addrspace(1) @_ZL2GV to ptr), i32 0, i32 0), ptr %p, align 8
  %add = add nsw i32 4, %0
  store i32 %add, ptr %a, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="TU2.cpp" }
