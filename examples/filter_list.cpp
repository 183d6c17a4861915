// DPC++'s filter list: the braced first argument keeps only the properties it names.
struct [[__sycl_detail__::add_ir_attributes_global_variable(
    {"sycl-host-access"}, "sycl-device-image-scope", "sycl-host-access", "", "read")]] holder {
  int x;
};

holder counter;

int read_counter() { return counter.x; }
