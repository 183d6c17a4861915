// sycl_aspects.hpp: optional kernel features (docs/design/aspects.md), without any standard
// library: `sycl::half` (an alias with `uses_aspects`), an AMX-like class and function, and
// `atomic_ref`, whose 8-byte instantiations use `atomic64` through a partial specialization
// (the optional-kernel-features design's `atomic_ref` example). `propslower cc` reads `[[sycl::requires()]]`,
// `[[sycl::device_has()]]`, `[[__sycl_detail__::__uses_aspects__()]]` and the kernel-size
// attributes through its libclang prelude; a plain compiler ignores them as unknown.
#ifndef SYCL_ASPECTS_HPP
#define SYCL_ASPECTS_HPP

#include "sycl_props.hpp"

namespace sycl {

using size_t = decltype(sizeof(0));

// A few enumerators of `sycl::aspect` with DPC++'s numbers (propslower maps the names
// through its own table; the enum is here for code that asks devices about aspects).
enum class aspect { cpu = 1, gpu = 2, fp16 = 5, fp64 = 6, atomic64 = 28, ext_intel_matrix = 58 };

// --- sycl::half: the alias carries the aspect ------------------------------------------

namespace detail {
namespace half_impl {
class half {
  float value_;  // storage stand-in: the arithmetic is what matters to the example

 public:
  half() = default;
  half(float value) : value_(value) {}
  operator float() const { return value_; }
  half operator+(half other) const { return half(value_ + other.value_); }
};
}  // namespace half_impl
}  // namespace detail

using half [[__sycl_detail__::__uses_aspects__(has(aspect::fp16))]] = detail::half_impl::half;

// --- an AMX-like extension: a class and a function that use the matrix hardware ---------
// (the design's hypothetical `ext_intel_amx`; DPC++ calls this aspect `ext_intel_matrix`)

namespace ext {
namespace intel {

class [[__sycl_detail__::__uses_aspects__(has(aspect::ext_intel_matrix))]] amx_tile {
  int cells_[16];

 public:
  int &at(int i) { return cells_[i]; }
};

[[__sycl_detail__::__uses_aspects__(has(aspect::ext_intel_matrix))]]
inline void amx_multiply(int *c, const int *a, const int *b) {
  *c += *a * *b;
}

}  // namespace intel
}  // namespace ext

// --- atomic_ref: only 8-byte types use atomic64 (the design's partial-specialization shape)

namespace detail {

template <typename T>
class atomic_ref_impl_base {
 public:
  atomic_ref_impl_base(T x) : x(x) {}

  T load() const { return x; }

 private:
  T x;
};

// Template class which can be specialized based on the size of the underlying type.
template <typename T, size_t S>
class atomic_ref_impl : public atomic_ref_impl_base<T> {
 public:
  using atomic_ref_impl_base<T>::atomic_ref_impl_base;
};

// Explicit specialization for 8-byte types. Only this specialization has the attribute.
template <typename T>
class [[__sycl_detail__::__uses_aspects__(has(aspect::atomic64))]]
    atomic_ref_impl<T, 8> : public atomic_ref_impl_base<T> {
 public:
  using atomic_ref_impl_base<T>::atomic_ref_impl_base;
};

}  // namespace detail

// Publicly visible atomic_ref class.
template <typename T>
class atomic_ref : public detail::atomic_ref_impl<T, sizeof(T)> {
 public:
  atomic_ref(T x) : detail::atomic_ref_impl<T, sizeof(T)>(x) {}
};

// --- kernels ---------------------------------------------------------------------------

template <typename KernelName, typename KernelType>
void single_task(KernelType kernel) {
  ext::oneapi::experimental::kernel_entry<KernelName>(kernel);
}

}  // namespace sycl

#endif  // SYCL_ASPECTS_HPP
