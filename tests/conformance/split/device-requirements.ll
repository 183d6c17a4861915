; [SYCL/device requirements] from every function of the image: aspects, fixed_target,
; joint_matrix, joint_matrix_mad, the first reqd_work_group_size and its work_group_num_dim.
; intel/llvm: llvm/test/tools/sycl-post-link/device-requirements/fixed-target.ll,
;   joint-matrix-and-joint-matrix-mad.ll, reqd-work-group-size.ll
; RUN: rm -rf %t && %propslower split --profile dpcpp --no-propagate --mode auto %s -d %t
; RUN: %propslower props %t/device-requirements_0.prop | filecheck %s
; RUN: filecheck %s --check-prefix=RAW --input-file=%t/device-requirements_0.prop

; CHECK: [SYCL/device requirements]
; CHECK-NEXT: aspects = [fp64 (6)]
; CHECK-NEXT: fixed_target = [cpu (1), gpu (2)]
; CHECK-NEXT: joint_matrix = "matrix_type::bf16,use::a,16,16"
; CHECK-NEXT: joint_matrix_mad = "matrix_type::fp32,matrix_type::bf16,matrix_type::bf16,matrix_type::fp32,16,16,16"
; CHECK-NEXT: reqd_work_group_size_uint64_t = [8, 1, 1]
; CHECK-NEXT: work_group_num_dim = 1
; RAW: [SYCL/device requirements]
; RAW-NEXT: aspects=2|
; RAW-NEXT: fixed_target=2|
; RAW-NEXT: joint_matrix=2|
; RAW-NEXT: joint_matrix_mad=2|
; RAW-NEXT: reqd_work_group_size_uint64_t=2|
; RAW-NEXT: work_group_num_dim=1|1

define spir_kernel void @k() #0 !sycl_used_aspects !0 !sycl_fixed_targets !1 !reqd_work_group_size !2 !work_group_num_dim !3 {
  call spir_func void @helper()
  ret void
}

define spir_func void @helper() !sycl_fixed_targets !4 !sycl_joint_matrix !5 !sycl_joint_matrix_mad !6 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }

!0 = !{i32 6}
!1 = !{i32 2}
!2 = !{i32 8, i32 1, i32 1}
!3 = !{i32 1}
!4 = !{i32 1}
!5 = !{!"matrix_type::bf16,use::a,16,16"}
!6 = !{!"matrix_type::fp32,matrix_type::bf16,matrix_type::bf16,matrix_type::fp32,16,16,16"}
