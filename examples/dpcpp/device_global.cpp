// A device_global with compile-time properties, read by a kernel (DPC++ 2026.2 headers).
#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

syclex::device_global<int, decltype(syclex::properties{syclex::device_image_scope,
                                                      syclex::host_access_read})>
    counter;

class ReadCounter;

void launch(sycl::queue &q, int *out) {
  q.submit([&](sycl::handler &h) { h.single_task<ReadCounter>([=] { *out = counter; }); });
}
