// One program for `make demo`'s real-header step: a device_global read by a kernel with a
// work-group size and a sub-group size, writing through an aligned annotated_ptr.
#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

syclex::device_global<int, decltype(syclex::properties{syclex::device_image_scope,
                                                      syclex::host_access_read})>
    counter;

using aligned_ptr = syclex::annotated_ptr<int, decltype(syclex::properties{syclex::alignment<16>})>;

struct EndToEnd {
  aligned_ptr out;
  void operator()() const { *out = counter; }
  auto get(syclex::properties_tag) const {
    return syclex::properties{syclex::work_group_size<8, 4, 2>, syclex::sub_group_size<16>};
  }
};

void launch(sycl::queue &q, int *out) {
  q.submit([&](sycl::handler &h) { h.single_task(EndToEnd{aligned_ptr(out)}); });
}
