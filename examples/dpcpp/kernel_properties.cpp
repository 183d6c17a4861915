// A kernel functor whose get(properties_tag) gives a work-group size and a sub-group size.
#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

struct SizedKernel {
  int *out;
  void operator()() const { *out = 42; }
  auto get(syclex::properties_tag) const {
    return syclex::properties{syclex::work_group_size<8, 4, 2>, syclex::sub_group_size<16>};
  }
};

void launch(sycl::queue &q, int *out) {
  q.submit([&](sycl::handler &h) { h.single_task(SizedKernel{out}); });
}
