// A filter list in a header the source includes from its own directory.
template <typename... Ps>
[[__sycl_detail__::add_ir_attributes_function({"Kept", "Absent"}, Ps::name..., Ps::value...)]] void
helper() {}
