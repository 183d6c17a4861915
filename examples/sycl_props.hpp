// sycl_props.hpp: a tiny, standard-library-free stand-in for the SYCL headers, written in the
// style of the compile-time-properties design (docs/design/lowering.md). Compile it with propslower's prelude
// (`propslower.frontend.prelude.macro_definitions()`), which turns every
// `[[__sycl_detail__::add_ir_*(...)]]` into a `clang::annotate` that stock clang evaluates.
#ifndef SYCL_PROPS_HPP
#define SYCL_PROPS_HPP

#ifndef __has_cpp_attribute
#define __has_cpp_attribute(x) 0
#endif

namespace sycl {
namespace ext {
namespace oneapi {
namespace experimental {

// --- property lists and property value types -------------------------------------------

template <typename... Props>
struct property_list {};

template <typename... Props>
constexpr property_list<Props...> properties(Props...) {
  return {};
}

struct device_image_scope {
  static constexpr const char *meta_name = "sycl-device-image-scope";
  static constexpr const char *meta_value = "";
};

enum class host_access_mode { read, write, read_write, none };

template <host_access_mode Mode>
struct host_access {
  static constexpr const char *meta_name = "sycl-host-access";
  static constexpr const char *meta_value =
      Mode == host_access_mode::read       ? "read"
      : Mode == host_access_mode::write    ? "write"
      : Mode == host_access_mode::read_write ? "read_write"
                                           : "none";
};

enum class init_mode_kind : int { reprogram = 0, reset = 1 };

template <init_mode_kind Mode>
struct init_mode {
  static constexpr const char *meta_name = "sycl-init-mode";
  static constexpr init_mode_kind meta_value = Mode;
};

template <bool Enable>
struct implement_in_csr {
  static constexpr const char *meta_name = "sycl-implement-in-csr";
  static constexpr bool meta_value = Enable;
};

template <unsigned Size>
struct sub_group_size {
  static constexpr const char *meta_name = "sycl-sub-group-size";
  static constexpr unsigned meta_value = Size;
};

template <int Location>
struct buffer_location {
  static constexpr const char *meta_name = "sycl-buffer-location";
  static constexpr int meta_value = Location;
};

struct no_alias {
  static constexpr const char *meta_name = "sycl-no-alias";
  static constexpr const char *meta_value = "";
};

template <int Bytes>
struct alignment {
  static constexpr const char *meta_name = "sycl-alignment";
  static constexpr int meta_value = Bytes;
};

// --- global variables ------------------------------------------------------------------

template <typename T, typename PropertyListT = property_list<>>
class device_global {
  T value_;

 public:
  T &get() { return value_; }
};

template <typename T, typename... Props>
class
#ifdef __SYCL_DEVICE_ONLY__
    [[__sycl_detail__::add_ir_global_variable_attributes(Props::meta_name...,
                                                         Props::meta_value...)]]
#endif
    device_global<T, property_list<Props...>> {
  T value_;

 public:
  T &get() { return value_; }
};

// --- kernel arguments: an accessor-like special class ----------------------------------

template <typename T, typename PropertyListT = property_list<>>
class accessor {
  T *data_;

 public:
  T &operator[](int i) const { return data_[i]; }
};

template <typename T, typename... Props>
class
#if __has_cpp_attribute(clang::sycl_special_kernel_parameter)
    [[clang::sycl_special_kernel_parameter]]
#endif
#ifdef __SYCL_DEVICE_ONLY__
    [[__sycl_detail__::add_ir_kernel_parameter_attributes(Props::meta_name...,
                                                          Props::meta_value...)]]
#endif
    accessor<T, property_list<Props...>> {
  T *data_;

 public:
  void __init(T *data) { data_ = data; }
  T &operator[](int i) const { return data_[i]; }
};

// --- non-global variables: a member annotation -----------------------------------------

template <typename T, typename PropertyListT = property_list<>>
class annotated_ptr;

template <typename T, typename... Props>
class annotated_ptr<T, property_list<Props...>> {
  T *ptr_
#ifdef __SYCL_DEVICE_ONLY__
      [[__sycl_detail__::add_ir_member_annotation(Props::meta_name..., Props::meta_value...)]]
#endif
      ;

 public:
  annotated_ptr(T *p) : ptr_(p) {}
  T &operator*() const { return *ptr_; }
};

// --- kernels ---------------------------------------------------------------------------

template <typename KernelType, typename PropertyListT>
class kernel_wrapper;

template <typename KernelType, typename... Props>
class kernel_wrapper<KernelType, property_list<Props...>> {
  KernelType k_;

 public:
  kernel_wrapper(KernelType k) : k_(k) {}
  void operator()() const { k_(); }
};

// The kernel entry points. clang 22 implements `sycl_kernel_entry_point`: it generates the
// offload kernel `_ZTS<KernelName>` from the function's body. Older clangs ignore the attribute
// (propslower cc reads it and makes the function that kernel, with the same name), so the
// output does not depend on the clang version. A kernel name belongs to one entry point, and
// only one entry-point template may be viable for a call (clang 22 checks the name on every
// declaration it instantiates), hence three differently named templates.
template <typename KernelName, typename KernelType>
[[clang::sycl_kernel_entry_point(KernelName)]]
void kernel_entry(KernelType kernel) {
  kernel();
}

// A kernel whose arguments are passed separately, so that special classes become kernel
// parameters.
template <typename KernelName, typename KernelType, typename... Args>
[[clang::sycl_kernel_entry_point(KernelName)]]
void kernel_entry_args(KernelType kernel, Args... args) {
  kernel(args...);
}

// The kernel entry point for a kernel with properties: this is the "top level" kernel
// function of the design, so the wrapper's property list becomes the kernel's attributes.
template <typename KernelName, typename KernelType, typename... Props>
#ifdef __SYCL_DEVICE_ONLY__
[[__sycl_detail__::add_ir_function_attributes(Props::meta_name..., Props::meta_value...)]]
#endif
[[clang::sycl_kernel_entry_point(KernelName)]]
void kernel_entry_with_properties(kernel_wrapper<KernelType, property_list<Props...>> kernel) {
  kernel();
}

template <typename KernelName, typename KernelType, typename PropertyListT>
void single_task(PropertyListT, KernelType kernel) {
  kernel_entry_with_properties<KernelName>(kernel_wrapper<KernelType, PropertyListT>(kernel));
}

}  // namespace experimental
}  // namespace oneapi
}  // namespace ext
}  // namespace sycl

#ifdef __SYCL_DEVICE_ONLY__
#define SYCL_EXTERNAL [[clang::sycl_external]]
#else
#define SYCL_EXTERNAL
#endif

#endif  // SYCL_PROPS_HPP
