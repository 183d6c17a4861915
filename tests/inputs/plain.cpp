// Annotation-free input (clang-16 -fsycl-is-device emits invalid IR for field annotations).
struct Pair {
  int first;
  float second;
};

int counter = 7;
char message[] = "say \"hi\" \\ {x}; ok";
int renamed asm("quoted name; {x}") = 3;
Pair pair_global = {1, 2.0f};

void kernel_like(int *out, Pair *p, int n) {
  for (int i = 0; i < n; ++i) {
    out[i] = p->first + static_cast<int>(p->second) + counter;
  }
}
