"""Time and peak memory of ``propslower split`` on 13,000 kernels, against ``opt-15 -S``.

The synthetic module carries used-aspect metadata already (a few hundred distinct aspect
sets, three sub-group sizes, some required work-group sizes) and shared helper functions.

    python bench/split.py [--kernels N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import child_runs

ASPECTS = (5, 6, 28, 9, 12, 31, 53, 64, 80)
SUB_GROUPS = (None, 16, 32)
HELPERS = 50

HEADER = """\
; ModuleID = 'synthetic.cpp'
source_filename = "synthetic.cpp"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-\
v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"

%struct.Pair = type {{ i32, float }}

@shared = dso_local addrspace(1) global i32 0, align 4
{globals}
"""

KERNEL = """\
; Function Attrs: convergent norecurse nounwind
define dso_local spir_kernel void @_ZTS7Kernel{i}(ptr addrspace(1) noundef align 4 %out, \
ptr addrspace(1) noundef %p) #0 !kernel_arg_addr_space !3 !intel_used_aspects !{aspects}{extra} {{
entry:
  %field = getelementptr inbounds %struct.Pair, ptr addrspace(1) %p, i32 0, i32 1
  %value = load float, ptr addrspace(1) %field, align 4
  %conv = fptosi float %value to i32
  %global = load i32, ptr addrspace(1) @counter{g}, align 4
  %sum = add nsw i32 %conv, %global
  store i32 %sum, ptr addrspace(1) %out, align 4, !tbaa !5
  call spir_func void @_Z7helper{h}v() #1
  call spir_func void @_Z6commonv() #1
  ret void
}}

"""

HELPER = """\
define dso_local spir_func void @_Z7helper{h}v() #1 {{
entry:
  %v = load i32, ptr addrspace(1) @shared, align 4, !tbaa !5
  call spir_func void @_Z6commonv() #1
  ret void
}}

"""

TRAILER = """\
define dso_local spir_func void @_Z6commonv() #1 {{
entry:
  ret void
}}

attributes #0 = {{ convergent norecurse nounwind "sycl-module-id"="synthetic.cpp" }}
attributes #1 = {{ convergent nounwind }}

!llvm.module.flags = !{{!0}}
!llvm.ident = !{{!1}}

!0 = !{{i32 1, !"wchar_size", i32 4}}
!1 = !{{!"propslower synthetic split module"}}
!2 = !{{i32 8, i32 4, i32 2}}
!3 = !{{i32 1, i32 1}}
!5 = !{{!6, !6, i64 0}}
!6 = !{{!"int", !7, i64 0}}
!7 = !{{!"omnipotent char", !8, i64 0}}
!8 = !{{!"Simple C++ TBAA"}}
!10 = !{{i32 16}}
!11 = !{{i32 32}}
{aspect_nodes}"""

ASPECT_SETS = 200
FIRST_ASPECT_NODE = 20


def aspect_set(number: int) -> list[int]:
    return [a for bit, a in enumerate(ASPECTS) if number >> bit & 1] or [ASPECTS[0]]


def synthesize(kernels: int) -> str:
    """A module of ``kernels`` kernels: 200 aspect sets x 3 sub-group sizes, some with a
    required work-group size; every kernel calls one of 50 helpers and a common function."""
    globals_ = "".join(
        f"@counter{g} = dso_local addrspace(1) global i32 {g}, align 4\n" for g in range(1000)
    )
    parts = [HEADER.format(globals=globals_)]
    for i in range(kernels):
        aspects = FIRST_ASPECT_NODE + i % ASPECT_SETS
        extra = ""
        sub_group = SUB_GROUPS[(i // ASPECT_SETS) % len(SUB_GROUPS)]
        if sub_group is not None:
            extra += f" !intel_reqd_sub_group_size !{10 if sub_group == 16 else 11}"
        if i % ASPECT_SETS % 10 == 0:
            extra += " !reqd_work_group_size !2"
        parts.append(KERNEL.format(i=i, aspects=aspects, extra=extra, g=i % 1000, h=i % HELPERS))
    parts.extend(HELPER.format(h=h) for h in range(HELPERS))
    nodes = "".join(
        f"!{FIRST_ASPECT_NODE + n} = !{{{', '.join(f'i32 {a}' for a in aspect_set(n + 1))}}}\n"
        for n in range(ASPECT_SETS)
    )
    parts.append(TRAILER.format(aspect_nodes=nodes))
    return "".join(parts)


def measure(command: list[str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one child process (``child_runs``)."""
    result = child_runs.checked(command)
    return result.seconds, result.peak_mb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--kernels", type=int, default=13_000)
    parser.add_argument("--keep", metavar="DIR", help="keep the input and outputs here")
    parser.add_argument("--no-verify", action="store_true", help="pass --no-verify to split")
    args = parser.parse_args(argv)
    directory = Path(args.keep or tempfile.mkdtemp(prefix="split-bench-"))
    directory.mkdir(parents=True, exist_ok=True)
    source = directory / "synthetic.ll"
    source.write_text(synthesize(args.kernels), encoding="utf-8")
    print(f"input: {args.kernels:,} kernels, {source.stat().st_size / 1e6:.1f} MB")
    propslower = [sys.executable, "-m", "propslower", "split", str(source)]
    extra = ["--no-verify"] if args.no_verify else []
    failed = False
    for mode in ("auto", "per_kernel"):
        out = directory / mode
        shutil.rmtree(out, ignore_errors=True)
        seconds, peak = measure([*propslower, "-d", str(out), "--mode", mode, *extra])
        images = len(list(out.glob("*.ll")))
        verdict = "ok" if seconds < 60 else "SLOW"
        failed |= seconds >= 60
        print(
            f"split --mode {mode:<10} {seconds:6.1f} s  peak {peak:7.1f} MB  {images:>6,} images"
            f"  [{verdict}]"
        )
    opt = shutil.which("opt-15")
    if opt is None:
        print("opt-15 not found; no comparison")
    else:
        seconds, peak = measure([opt, "-S", str(source), "-o", str(directory / "opt.ll")])
        print(f"opt-15 -S              {seconds:6.1f} s  peak {peak:7.1f} MB")
    if args.keep is None:
        shutil.rmtree(directory, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
