#!/usr/bin/env bash
# The bundled example end to end. `make demo` runs this after setting up .venv and the tools.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold='' plain=''; fi
step() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain"; }

step "1. parse: the add_ir_* attributes, lowered to their IR forms (docs/design/properties.md)"
propslower parse --format json '[[__sycl_detail__::add_ir_global_variable_attributes("sycl-device-image-scope", "sycl-host-access", "", "read")]]'
propslower parse --format json '[[__sycl_detail__::add_ir_kernel_parameter_attributes("sycl-no-alias", "sycl-foo", "", 32)]]'
propslower parse --format json 'add_ir_function_attributes("a", "b", "c", "d", 3.14, true, (char)65, -7)'
propslower parse --format json 'add_ir_member_annotation("foo", "bar", "", 32)'
propslower parse --format json --profile dpcpp 'add_ir_annotations_member("foo", "bar", nullptr, 32)'
propslower parse --format json '[[sycl::requires(has(aspect::fp16, aspect::fp64))]]'
echo "and a mistake, reported with its position:"
propslower parse 'add_ir_function_attributes("a", "b", 1)' || true

step "2. annotate: examples/ir/device.ll with examples/ir/device.yaml (design profile)"
propslower annotate examples/ir/device.ll --props examples/ir/device.yaml -o "$out/device.ll"
grep -E '^@dm1|^define|llvm.ptr.annotation|^attributes|sycl-properties' "$out/device.ll"
echo "a second run changes nothing:"
propslower annotate "$out/device.ll" --props examples/ir/device.yaml | cmp - "$out/device.ll" && echo "  identical"

step "3. annotate --profile dpcpp: the member annotation as DPC++ writes it"
propslower annotate examples/ir/device.ll --props examples/ir/device.yaml --profile dpcpp |
  grep -E 'llvm.ptr.annotation.p4i8\(|^@\.args'

step "4. spirv: !spirv.* metadata, then llvm-as-15 and llvm-spirv-15 --spirv-text"
propslower spirv "$out/device.ll" -o "$out/device.spirv.ll" --explain
grep -E '^!spirv|spirv\.(Decorations|ParameterDecorations)|^![0-9]+ = !\{(ptr|void|i32)' "$out/device.spirv.ll" | head -20
llvm-as-15 "$out/device.spirv.ll" -o "$out/device.bc"
llvm-spirv-15 --spirv-ext=+all "$out/device.bc" --spirv-text -o "$out/device.spt"
grep -E 'ExecutionMode|Decorate' "$out/device.spt"

step "5. aspects: kernel k -> f -> g, g uses fp16, f allows only fp64"
propslower aspects examples/ir/chain.ll -o "$out/chain.ll" --graph "$out/chain.dot" || true
grep -E 'aspects' "$out/chain.ll"

step "6. split: four kernels by used aspects and required sizes; check k3 on a DG1"
propslower split examples/ir/four_kernels.ll -d "$out/split" --targets intel_gpu_pvc,intel_gpu_dg1
cat "$out/split/four_kernels.table" "$out/split/four_kernels_intel_gpu_dg1.table"
propslower props "$out/split/four_kernels_3.prop"
propslower check examples/ir/four_kernels.ll --kernel k3 --device intel_gpu_dg1 || echo "(exit status $?: k3 is not supported there)"

step "7. macros for a PVC + DG1 build"
propslower macros --targets intel_gpu_pvc,intel_gpu_dg1 | head -8

device=(-target spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -O0 -Iexamples)
step "8. optional kernel features from C++: the compile-time aspect check, then propagation"
propslower cc -- clang-19 "${device[@]}" -S -emit-llvm examples/aspects_chain.cpp -o "$out/chain_cc.ll"
propslower aspects "$out/chain_cc.ll" -o "$out/chain_cc.used.ll" 2>/dev/null
grep -E 'aspects !' "$out/chain_cc.used.ll"

step "9. cc --spirv: examples/combined.cpp through Debian's clang-19"
propslower cc --spirv -- clang-19 "${device[@]}" -S -emit-llvm examples/combined.cpp -o "$out/combined.ll"
grep -E '^@counter|^define .*spir_kernel|sycl-properties|\{[0-9]+:|^attributes #[0-9]+ = .*sycl-|^!spirv|^![0-9]+ = !\{(ptr|i32 [0-9]+, i32)' "$out/combined.ll"

step "10. the same through clang-15, llvm-as-15 and llvm-spirv-15 --spirv-text"
propslower cc --spirv -- clang-15 "${device[@]}" -S -emit-llvm examples/combined.cpp -o "$out/combined15.ll"
llvm-as-15 "$out/combined15.ll" -o "$out/combined15.bc"
llvm-spirv-15 --spirv-ext=+all "$out/combined15.bc" --spirv-text -o "$out/combined15.spt"
grep -E 'ExecutionMode|Decorate .*INTEL|MemberDecorate' "$out/combined15.spt"

step "11. the real DPC++ 2026.2 headers: examples/dpcpp/end_to_end.cpp through clang-19, cc, split, llvm-as-15, llvm-spirv-15"
# The headers come from the intel-sycl-rt wheel, downloaded once into ~/.cache/propslower.
sycl=$(python -m tests.dpcpp_headers)
real=(-target spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -isystem "$sycl")
propslower cc -v --spirv --profile dpcpp -- clang-19 "${real[@]}" -S -emit-llvm \
  examples/dpcpp/end_to_end.cpp -o "$out/end_to_end.ll" 2>&1 | cut -c1-160
grep -E '^@counter|^define .*spir_kernel|^attributes #[0-9]+ = .*sycl-|align 16$' "$out/end_to_end.ll" | cut -c1-220
# clang 15 cannot compile these headers (docs/dpcpp-headers.md), and LLVM 15 cannot read
# everything clang 19 writes: split keeps the kernel's closure only (no host-side builtin
# calls the translator would choke on), and llvm15.sed drops the syntax LLVM 15 lacks.
propslower split --profile dpcpp --mode per_kernel -d "$out/e2e" "$out/end_to_end.ll"
sed -E -f examples/dpcpp/llvm15.sed "$out/e2e/end_to_end_0.ll" > "$out/end_to_end15.ll"
llvm-as-15 "$out/end_to_end15.ll" -o "$out/end_to_end15.bc"
llvm-spirv-15 --spirv-ext=+all "$out/end_to_end15.bc" --spirv-text -o "$out/end_to_end.spt"
grep -E 'EntryPoint|ExecutionMode|HostAccessINTEL|Store .* 2 16 *$' "$out/end_to_end.spt"
