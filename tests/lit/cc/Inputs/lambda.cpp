#include "sycl_aspects.hpp"

[[sycl::requires(has(aspect::fp16))]] void needs_half();

class Lambda;

void submit(float *out) {
  sycl::single_task<Lambda>([=]() [[sycl::reqd_sub_group_size(8)]]
                                  [[sycl::requires(has(aspect::cpu))]] {
    sycl::half h = out[0];
    out[1] = h;
    needs_half();
  });
}
