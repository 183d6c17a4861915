"""Generate a synthetic clang-style opaque-pointer spir64 module of roughly N MB.

Tens of thousands of ``spir_kernel`` definitions (two pointer parameters and an int, a
struct-field GEP with a load and a store), globals (every fourth of ``%class.device_global``
type), shared attribute groups and metadata. Used by the IR, annotate and SPIR-V benchmarks.

    python bench/synth.py [MEGABYTES] [-o OUT.ll]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HEADER = """\
; ModuleID = 'synthetic.cpp'
source_filename = "synthetic.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-\
v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%struct.Pair = type { i32, float }
%class.device_global = type { ptr addrspace(4), i32 }

"""

GLOBALS = """\
@counter{i} = dso_local addrspace(1) global i32 {i}, align 4{attrs}
@message{i} = private unnamed_addr addrspace(1) constant [9 x i8] c"k{i:07d}\\00", align 1{attrs}
"""
DEVICE_GLOBAL = (
    "@dg{i} = dso_local addrspace(1) global %class.device_global zeroinitializer, align 8{attrs}\n"
)

KERNEL = """\
; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_kernel void @_ZTS7Kernel{i}(ptr addrspace(1) noundef align 4 %out, \
ptr addrspace(1) noundef{param_attrs} %p, i32 noundef %n) #{group} !kernel_arg_addr_space !{md} {{
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %n.addr = alloca i32, align 4
  store ptr addrspace(1) %out, ptr %out.addr, align 8
  store i32 %n, ptr %n.addr, align 4
  %field = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 1
  %value = load float, ptr addrspace(1) %field, align 4
  %conv = fptosi float %value to i32
  %global = load i32, ptr addrspace(1) @counter{i}, align 4
  %sum = add nsw i32 %conv, %global
  %count = load i32, ptr %n.addr, align 4
  %total = add nsw i32 %sum, %count
  %dest = load ptr addrspace(1), ptr %out.addr, align 8
  store i32 %total, ptr addrspace(1) %dest, align 4
  call spir_func void @_Z6helperv() #2
  br label %exit, !llvm.loop !{loop}

exit:
  ret void
}}

"""

TRAILER = """\
; Function Attrs: convergent mustprogress noinline norecurse nounwind optnone
define dso_local spir_func void @_Z6helperv() #2 {{
entry:
  ret void
}}

attributes #0 = {{ convergent mustprogress noinline norecurse nounwind optnone \
"frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" \
"sycl-module-id"="synthetic.cpp" }}
attributes #1 = {{ convergent mustprogress noinline norecurse nounwind optnone \
"frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }}
attributes #2 = {{ convergent nounwind }}
{property_groups}
!llvm.module.flags = !{{!0, !1}}
!llvm.ident = !{{!2}}

!0 = !{{i32 1, !"wchar_size", i32 4}}
!1 = !{{i32 7, !"frame-pointer", i32 2}}
!2 = !{{!"propslower synthetic module"}}
!3 = !{{i32 1, i32 1, i32 0}}
!4 = !{{!"llvm.loop.mustprogress"}}
{loops}"""

_KERNEL_BYTES = 1170
"""Approximate bytes per kernel with its globals, to size the module."""


def kernel_count(megabytes: float) -> int:
    """How many kernels make a module of about ``megabytes`` MB."""
    return max(1, int(megabytes * 1_000_000 / _KERNEL_BYTES))


PROPERTY_GROUPS = """\
attributes #3 = { convergent mustprogress noinline norecurse nounwind optnone \
"frame-pointer"="all" "sycl-module-id"="synthetic.cpp" "sycl-sub-group-size"="16" \
"sycl-work-group-size"="8,4,2" }
attributes #4 = { "sycl-host-access"="read" }
"""


def synthesize(megabytes: float = 50.0, properties: bool = False) -> str:
    """The text of a synthetic module of roughly ``megabytes`` MB.

    With ``properties`` every kernel has a work-group size, a sub-group size and a
    parameter with ``sycl-buffer-location``, and every global ``sycl-host-access``.
    """
    count = kernel_count(megabytes)
    first_loop = 5
    attrs = " #4" if properties else ""
    param_attrs = ' "sycl-buffer-location"="3"' if properties else ""
    parts = [HEADER]
    for i in range(count):
        parts.append(GLOBALS.format(i=i, attrs=attrs))
        if i % 4 == 0:
            parts.append(DEVICE_GLOBAL.format(i=i, attrs=attrs))
    parts.append("\n")
    for i in range(count):
        group = 3 if properties else i % 2
        kernel = KERNEL.format(i=i, group=group, md=3, loop=first_loop + i, param_attrs=param_attrs)
        parts.append(kernel)
    loops = "".join(
        f"!{first_loop + i} = distinct !{{!{first_loop + i}, !4}}\n" for i in range(count)
    )
    groups = PROPERTY_GROUPS if properties else ""
    parts.append(TRAILER.format(loops=loops, property_groups=groups))
    return "".join(parts)


def write(path: Path, megabytes: float = 50.0, properties: bool = False) -> Path:
    """Write a synthetic module of about ``megabytes`` MB to ``path``."""
    path.write_text(synthesize(megabytes, properties), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("megabytes", nargs="?", type=float, default=50.0)
    parser.add_argument("-o", "--output", help="write here (default: standard output)")
    parser.add_argument(
        "--properties", action="store_true", help="put sycl-* properties on kernels and globals"
    )
    args = parser.parse_args(argv)
    if args.output is None:
        sys.stdout.write(synthesize(args.megabytes, args.properties))
        return 0
    write(Path(args.output), args.megabytes, args.properties)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
