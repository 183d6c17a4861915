// annotated_ptr with alignment and unaliased: a load and a store through the annotated pointer
// (with alignment<16> the header deletes operator[] and pointer arithmetic).
#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

using aligned_ptr =
    syclex::annotated_ptr<int, decltype(syclex::properties{syclex::alignment<16>,
                                                          syclex::unaliased})>;

SYCL_EXTERNAL void scale(aligned_ptr data, int factor) {
  *data = *data * factor;
}
