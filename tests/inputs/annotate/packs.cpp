// Records a stock clang emits for [[clang::annotate("propslower:<site>", ...)]]
// with template parameter packs, as the C++ front-end's prelude produces them.
struct sub_group_size { static constexpr const char *meta_name = "sycl-sub-group-size"; static constexpr int meta_value = 32; };
struct single_task { static constexpr const char *meta_name = "sycl-single-task"; static constexpr const char *meta_value = ""; };
struct foo { static constexpr const char *meta_name = "foo"; static constexpr const char *meta_value = ""; };
template <int N> struct bar { static constexpr const char *meta_name = "bar"; static constexpr int meta_value = N; };
template <typename... Props> struct property_list {};

template <typename T, typename PropertyListT> class annotated_ptr;
template <typename T, typename... Props>
class annotated_ptr<T, property_list<Props...>> {
  T *ptr [[clang::annotate("propslower:member", Props::meta_name..., Props::meta_value...)]];
public:
  annotated_ptr(T *p) : ptr(p) {}
  T &operator*() const { return *ptr; }
};

template <typename... Props>
[[clang::annotate("propslower:function", Props::meta_name..., Props::meta_value...)]]
void kernel(int *p) {
  annotated_ptr<int, property_list<foo, bar<32>>> a(p);
  *a = 42;
}

template void kernel<sub_group_size, single_task>(int *);
