// The call chain of the compile-time missing-aspect diagnostic: kernel -> f -> g, where g uses fp16 (through
// sycl::half) and f allows only fp64. `propslower cc` warns at f's attribute, with a note at
// the call of g and one at the use of sycl::half.
#include "sycl_aspects.hpp"

float g(float x) {
  sycl::half h = x;
  return h + h;
}

[[sycl::requires(has(aspect::fp64))]] float f(float x) {
  return g(x);
}

struct ChainKernel {
  float *out;
  void operator()() const { *out = f(1.0f); }
};

class Chain;

void submit(float *out) {
  sycl::single_task<Chain>(ChainKernel{out});
}
