[[sycl::requires(has(aspect::fp17, aspect::fp16))]] void unknown_aspect() {}
[[sycl::device_has(5)]] void not_an_aspect() {}
[[sycl::reqd_work_group_size(8, 0)]] void zero() {}
[[sycl::reqd_sub_group_size(8, 16)]] void two_sizes() {}
