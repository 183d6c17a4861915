// Input for the IR-layer tests: globals, a kernel-like function, a struct field
// accessed through a GEP, and clang::annotate on a function and on a field.
struct Pair {
  int first;
  [[clang::annotate("propslower:field", "b", 2)]] float second;
};

int counter = 7;
char message[] = "say \"hi\" \\ {x}; ok";
int renamed asm("quoted name; {x}") = 3;
Pair pair_global = {1, 2.0f};

[[clang::annotate("propslower:function", "a", 1)]]
void kernel_like(int *out, Pair *p, int n) {
  for (int i = 0; i < n; ++i) {
    out[i] = p->first + static_cast<int>(p->second) + counter;
  }
}

float read_second(Pair &p) { return p.second; }
