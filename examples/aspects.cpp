// Optional kernel features in one translation unit: `requires` on kernels and functions,
// `uses_aspects` on an alias (sycl::half), a class and a function (the AMX-like extension),
// the `atomic_ref` partial specialization (docs/design/aspects.md), `double`, and the kernel-size attributes.
#include "sycl_aspects.hpp"

namespace intel = sycl::ext::intel;

// Uses fp16 through the alias; callers inherit the use through the call graph.
float scale(float x) {
  sycl::half h = x;
  return h + h;
}

// Allowed to use fp16, and does: no warning.
[[sycl::requires(has(aspect::fp16))]] float scaled_sum(float a, float b) {
  return scale(a) + scale(b);
}

// Creates an amx_tile (the class uses ext_intel_matrix) and calls amx_multiply (the function
// does); declares both.
[[sycl::requires(has(aspect::ext_intel_matrix))]] int tile_product(int a, int b) {
  intel::amx_tile tile;
  tile.at(0) = 0;
  intel::amx_multiply(&tile.at(0), &a, &b);
  return tile.at(0);
}

// atomic_ref<long> derives from the 8-byte specialization: atomic64. atomic_ref<int> does
// not. sizeof and a discarded `if constexpr` branch use nothing.
long counters(long a, int b) {
  sycl::atomic_ref<long> wide(a);
  sycl::atomic_ref<int> narrow(b);
  if constexpr (sizeof(sycl::atomic_ref<double>) == 0) {
    sycl::atomic_ref<double> never(0.0);
  }
  return wide.load() + narrow.load();
}

// `double` is fp64.
float precise(float x) {
  double wide = x;
  return static_cast<float>(wide / 3);
}

struct MatrixKernel {
  int *out;
  [[sycl::reqd_work_group_size(8, 4, 2)]] [[sycl::reqd_sub_group_size(16)]]
  void operator()() const {
    *out = tile_product(out[1], out[2]);
  }
};

// Allows fp16 and fp64 but also reaches atomic64: a warning with the chain.
struct [[sycl_detail::uses_aspects(has(aspect::cpu))]] HostTag {};

struct MixedKernel {
  float *out;
  [[sycl::requires(has(aspect::fp16, aspect::fp64))]] void operator()() const {
    out[0] = scaled_sum(out[1], out[2]) + precise(out[3]);
    out[4] = static_cast<float>(counters(1, 2));
  }
};

class Matrix;  // kernel names at namespace scope: the kernels get external linkage
class Mixed;

void submit(int *ints, float *floats) {
  sycl::single_task<Matrix>(MatrixKernel{ints});
  sycl::single_task<Mixed>(MixedKernel{floats});
}
