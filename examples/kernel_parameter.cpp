// Properties on kernel parameters: accessors passed to a kernel entry point.
#include "sycl_props.hpp"

namespace exp = sycl::ext::oneapi::experimental;

using ro_accessor = exp::accessor<int, exp::property_list<exp::no_alias, exp::buffer_location<3>>>;
using plain_accessor = exp::accessor<int>;

struct Copy {
  void operator()(ro_accessor in, plain_accessor out) const { out[0] = in[0]; }
};

class CopyKernel;

void submit(ro_accessor in, plain_accessor out) {
  exp::kernel_entry_args<CopyKernel>(Copy{}, in, out);
}
