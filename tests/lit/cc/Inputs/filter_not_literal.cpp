// A filter list holds string literals only.
constexpr const char *Name = "a";
[[__sycl_detail__::add_ir_attributes_function({"a", Name}, "a", 1)]] void f() {}
