; A DPC++ device global: size, unique id, host access, init mode.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@g = addrspace(1) global i32 0, align 4 #0

attributes #0 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid" "sycl-host-access"="0" "sycl-init-mode"="1" }
