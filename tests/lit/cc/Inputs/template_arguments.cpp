// Names and values reaching each attribute kind through the ways intel/llvm's add_ir_* clang
// tests pass them: literals, constexpr variables, const char * and integer template arguments,
// and a character array written as character codes.
const char KeyName[] = "Key";
constexpr char Coded[] = {'c', 111, 'd', 0x65, 'd', 0};
constexpr const char *Literal = "lit";
constexpr int Twelve = 12;

template <const char *N, const char *V> struct Text {
  static constexpr const char *name = N;
  static constexpr const char *value = V;
};
template <const char *N, int V> struct Number {
  static constexpr const char *name = N;
  static constexpr int value = V;
};

template <typename... Ps> struct [[__sycl_detail__::add_ir_attributes_global_variable(
    Ps::name..., "Lit", Ps::value..., Literal)]] holder {
  int x;
};

holder<Text<KeyName, Coded>> text_holder;
holder<Number<KeyName, 7>> number_holder;

template <typename... Ps>
[[__sycl_detail__::add_ir_attributes_function(Ps::name..., "Count", Ps::value..., Twelve)]] void
work() {}

template <typename... Ps> struct box {
  int *p [[__sycl_detail__::add_ir_annotations_member(Ps::name..., Ps::value...)]];
};

int use(int *q) {
  work<Text<KeyName, Coded>>();
  box<Text<KeyName, Coded>, Number<Coded, 3>> b{q};
  return *b.p + text_holder.x + number_holder.x;
}
