// DPC++'s filter lists: only the properties named in the braced first argument are written.
#include "filter_names.hpp"

template <const char *N, int V> struct Number {
  static constexpr const char *name = N;
  static constexpr int value = V;
};
const char Kept[] = "Kept";
const char Dropped[] = "Dropped";
const char Other[] = "Other";

template <typename... Ps> struct [[__sycl_detail__::add_ir_attributes_global_variable(
    {"Kept", "Other"}, Ps::name..., Ps::value...)]] holder {
  int x;
};
holder<Number<Kept, 1>, Number<Dropped, 2>, Number<Other, 3>> filtered_holder;

template <typename... Ps> struct box {
  int *p [[__sycl_detail__::add_ir_annotations_member(
      {"Other",
       "Kept"},
      Ps::name..., Ps::value...)]];
};

template <typename... Ps> struct [[__sycl_detail__::add_ir_attributes_kernel_parameter(
    {"Kept"}, Ps::name..., Ps::value...)]] handle {
  int *p;
};
template <typename K>
[[clang::sycl_kernel_entry_point(K)]] void entry(handle<Number<Kept, 5>, Number<Dropped, 6>> h) {}

[[clang::sycl_external]] int use(int *q) {
  helper<Number<Kept, 7>, Number<Dropped, 8>>();
  box<Number<Kept, 9>, Number<Dropped, 10>, Number<Other, 11>> b{q};
  return *b.p + filtered_holder.x;
}
class K1;
void launch(int *q) { entry<K1>({q}); }
