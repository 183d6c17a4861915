// Properties on a member: annotated_ptr's pointer field.
#include "sycl_props.hpp"

namespace exp = sycl::ext::oneapi::experimental;

SYCL_EXTERNAL int load(int *p) {
  exp::annotated_ptr<int, exp::property_list<exp::alignment<8>, exp::buffer_location<1>>> ap(p);
  return *ap;
}
