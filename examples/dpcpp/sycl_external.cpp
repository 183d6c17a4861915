// A SYCL_EXTERNAL function: a device entry point that other translation units call.
#include <sycl/sycl.hpp>

SYCL_EXTERNAL int twice(int x) { return 2 * x; }
