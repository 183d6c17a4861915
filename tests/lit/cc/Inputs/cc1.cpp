// Names and values as literals and as constexpr variables, read through the -cc1 form.
constexpr const char Name[] = "sycl-host-access";
constexpr int Value = 1;
struct [[__sycl_detail__::add_ir_attributes_global_variable("Lit", Name, 2, Value)]] h { int x; };
h hv;
int use() { return hv.x; }
