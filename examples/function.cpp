// Properties on functions: the kernel entry point of a wrapper with properties, and a
// SYCL_EXTERNAL function.
#include "sycl_props.hpp"

namespace exp = sycl::ext::oneapi::experimental;

struct Work {
  int *out;
  void operator()() const { *out = 42; }
};

class MyKernel;

void submit(int *out) {
  exp::single_task<MyKernel>(exp::properties(exp::sub_group_size<32>{}), Work{out});
}

#ifdef __SYCL_DEVICE_ONLY__
[[__sycl_detail__::add_ir_function_attributes("sycl-sub-group-size", "sycl-extra", 16, nullptr)]]
#endif
SYCL_EXTERNAL void helper(int *p) { *p = 1; }
