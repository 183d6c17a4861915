// An unused internal constexpr global: clang emits nothing for it, so nothing is decorated.
struct [[__sycl_detail__::add_ir_attributes_global_variable("Prop", 1)]] h { int x; };
constexpr h h_v{};
h used;
int use() { return used.x; }
