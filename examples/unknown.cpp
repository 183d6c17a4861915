#include "sycl_aspects.hpp"
[[sycl::reqd_work_grop_size(1)]] void misspelt() {}
[[sycl::device_has(aspect::fp16)]] void handled() {}
