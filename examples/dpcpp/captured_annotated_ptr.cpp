// The queue shortcut (queue::single_task with a lambda) capturing an annotated_ptr: what most
// SYCL code looks like. With clang 19 `cc` repairs clang's invalid cast of the kernel's
// host-instantiation pointer; `cc -v` says that the annotated_ptr's kernel-parameter properties
// have no parameter to go on (stock clang passes the lambda whole).
#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

using aligned_ptr =
    syclex::annotated_ptr<int, decltype(syclex::properties{syclex::alignment<16>})>;

class Store;

void store(sycl::queue &q, aligned_ptr data) {
  q.single_task<Store>([=] { *data = 7; });
}
