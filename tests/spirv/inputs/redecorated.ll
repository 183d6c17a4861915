; An earlier run's SPIR-V metadata, and properties that now ask for other values: buffer
; location 7 on the parameter becomes 2, 9 on the global becomes 4, sub-group size 8 becomes
; 16, the 32-bit RTE rounding mode stays and the 16-bit denormal mode is kept beside new ones.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@g = addrspace(1) global i32 0, align 4, !spirv.Decorations !8 #1

define spir_kernel void @K(i32 %n, ptr addrspace(1) "sycl-buffer-location"="2" %a) #0 !spirv.ParameterDecorations !3 {
entry:
  ret void
}

attributes #0 = { nounwind "sycl-sub-group-size"="16" "sycl-floating-point-control"="17" }
attributes #1 = { "sycl-buffer-location"="4" "sycl-num-banks"="8" }

!spirv.ExecutionMode = !{!4, !5, !9}
!0 = !{i32 5921, i32 7}
!1 = !{}
!2 = !{!0}
!3 = !{!1, !2}
!4 = !{ptr @K, i32 35, i32 8}
!5 = !{ptr @K, i32 4462, i32 32}
!6 = !{i32 5921, i32 9}
!7 = !{i32 5827, i32 8}
!8 = !{!6, !7}
!9 = !{ptr @K, i32 4460, i32 16}
