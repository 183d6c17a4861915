// Properties on global variables: a device_global and an array of them.
#include "sycl_props.hpp"

namespace exp = sycl::ext::oneapi::experimental;

exp::device_global<int, exp::property_list<exp::device_image_scope,
                                           exp::host_access<exp::host_access_mode::read>>>
    dm1;

exp::device_global<float, exp::property_list<exp::init_mode<exp::init_mode_kind::reset>,
                                             exp::implement_in_csr<true>>>
    dm2[4];

// Ignored: no properties, and a plain global.
exp::device_global<int> dm3;
int plain;

SYCL_EXTERNAL int read_globals(int i) { return dm1.get() + static_cast<int>(dm2[i].get()) + dm3.get() + plain; }
