// The combined example, its header included with angle brackets (a system header here).
#include <sycl_props.hpp>

namespace exp = sycl::ext::oneapi::experimental;

exp::device_global<int, exp::property_list<exp::device_image_scope,
                                           exp::host_access<exp::host_access_mode::read_write>>>
    counter;

using in_accessor = exp::accessor<int, exp::property_list<exp::buffer_location<2>>>;

struct Scale {
  void operator()(in_accessor in) const {
    exp::annotated_ptr<int, exp::property_list<exp::alignment<16>>> ap(&in[0]);
    counter.get() += *ap;
  }
};

struct Tick {
  void operator()() const { counter.get() += 1; }
};

class ScaleKernel;
class TickKernel;

void submit(in_accessor in) {
  exp::kernel_entry_args<ScaleKernel>(Scale{}, in);
  exp::single_task<TickKernel>(exp::properties(exp::sub_group_size<16>{}), Tick{});
}
