#!/usr/bin/env bash
# The wheel as a user gets it: build it, install it into a fresh venv without the dev extra,
# run every command outside the checkout, and run pytest in an unrelated project with and
# without the 'pytest' extra (the plugin must never break pytest). Run by `make package`.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python="${PYTHON:-python3}"

"$python" -m pip wheel --quiet --no-deps "$repo" -w "$work/dist"
"$python" -m venv "$work/venv"
venv="$work/venv/bin"
"$venv/python" -m pip install --quiet "$work"/dist/propslower-*.whl
cd "$work"
cp -r "$repo/examples" "$work/examples"
device="-target spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -O0 -Iexamples"
run() { echo "+ propslower $*"; "$venv/propslower" "$@" > "$work/last.out"; }

run --version
run parse 'add_ir_function_attributes("sycl-sub-group-size", 16)'
run annotate examples/ir/device.ll --props examples/ir/device.yaml -o annotated.ll
run spirv annotated.ll -o spirv.ll
grep -q 'spirv.Decorations\|spirv.ExecutionMode' spirv.ll
run run -p spirv annotated.ll
run cc -- clang-19 $device -S -emit-llvm examples/combined.cpp -o combined.ll
grep -q 'sycl-' combined.ll
run extract examples/combined.cpp -- $device
run aspects examples/ir/chain.ll -o chain.ll 2>/dev/null
run split examples/ir/four_kernels.ll -d images
run check images/four_kernels.table --kernel k0 --device intel_gpu_pvc
run props images/four_kernels_0.prop
run macros --targets intel_gpu_pvc

mkdir downstream
printf 'def test_sum():\n    assert 1 + 1 == 2\n' > downstream/test_sum.py
"$venv/python" -m pip install --quiet 'pytest>=9,<10'
echo "+ pytest in an unrelated project, propslower installed without the extra"
"$venv/python" -m pytest -q -p no:cacheprovider downstream
printf 'def test_ir(ll_snapshot):\n    assert "define void @f()\\n" == ll_snapshot\n' > downstream/test_ir.py
if "$venv/python" -m pytest -q -p no:cacheprovider downstream > pytest.out; then
  echo "ll_snapshot without syrupy should fail" >&2; exit 1
fi
grep -q "pip install 'propslower\[pytest\]'" pytest.out
"$venv/python" -m pip install --quiet "$(ls "$work"/dist/propslower-*.whl)[pytest]"
echo "+ pytest with the pytest extra"
"$venv/python" -m pytest -q -p no:cacheprovider downstream --snapshot-update
"$venv/python" -m pytest -q -p no:cacheprovider downstream
echo "package check: passed"
