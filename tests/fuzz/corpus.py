"""Seed inputs of every kind the CLI reads, gathered from the repository and made at run time."""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
EXAMPLES = REPOSITORY / "examples"
TESTS = REPOSITORY / "tests"

KINDS = ("ll", "spec", "map", "device_config", "prop", "attribute", "cpp", "aspects_def")
"""Every kind of input a seed can be."""

CLANGS = ("clang-15", "clang-16", "clang-19")
DEVICE_FLAGS = (
    "-target",
    "spir64-unknown-unknown",
    "-Xclang",
    "-fsycl-is-device",
    "-std=c++17",
    "-O0",
)
"""The device flags the lit tests and the README use (``-I examples`` is added per run)."""


@dataclass(frozen=True)
class Seed:
    """One seed input: its kind, a name saying where it came from, and its bytes."""

    kind: str
    name: str
    data: bytes
    companion: str | None = None
    """For a spec: the name of the ``ll`` seed it was written for."""

    @property
    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")


def cache_directory() -> Path:
    """Where generated seeds live (``FUZZ_CACHE`` or ``.fuzz-cache``), ignored by git."""
    directory = Path(os.environ.get("FUZZ_CACHE", REPOSITORY / ".fuzz-cache"))
    directory.mkdir(parents=True, exist_ok=True)
    ignore = directory / ".gitignore"
    if not ignore.exists():
        ignore.write_text("*\n")
    return directory


def _files(patterns: Iterable[str]) -> list[Path]:
    found: set[Path] = set()
    for pattern in patterns:
        found.update(p for p in REPOSITORY.glob(pattern) if "/Output/" not in str(p))
    return sorted(found)


LL_PATTERNS = (
    "examples/ir/*.ll",
    "tests/inputs/*.ll",
    "tests/inputs/*/*.ll",
    "tests/lit/*/Inputs/*.ll",
    "tests/spirv/inputs/*.ll",
)
SPEC_PATTERNS = (
    "examples/ir/*.yaml",
    "tests/inputs/design_examples/*.yaml",
    "tests/lit/annotate/Inputs/*.yaml",
)
CPP_PATTERNS = ("examples/*.cpp", "tests/lit/cc/Inputs/*.cpp", "tests/inputs/*.cpp")
CC_HEADERS = (
    EXAMPLES / "sycl_props.hpp",
    EXAMPLES / "sycl_aspects.hpp",
    *sorted((TESTS / "lit" / "cc" / "Inputs").glob("*.hpp")),
)
"""The headers a ``cc`` case's source may include (copied beside it, found through ``-I.``)."""


def _seed(kind: str, path: Path, companion: str | None = None) -> Seed:
    return Seed(kind, str(path.relative_to(REPOSITORY)), path.read_bytes(), companion)


def _spec_companion(path: Path) -> str | None:
    """The module a spec was written for (``X.yaml`` → ``X-opaque.ll``, ``device.ll``...)."""
    for candidate in (
        path.with_suffix(".ll"),
        path.with_name(f"{path.stem}-opaque.ll"),
        path.parent / "global.ll",
    ):
        if candidate.exists():
            return str(candidate.relative_to(REPOSITORY))
    return None


def clang_seeds(clangs: Iterable[str] = CLANGS) -> list[Seed]:
    """clang's ``-S -emit-llvm`` of each example for each installed clang, cached on disk.

    Each example is compiled twice: plainly, and with cc's prelude, so the module holds the
    ``propslower:`` annotation records ``annotate --from-annotations`` and ``run -p lower`` read.
    """
    from propslower.frontend.prelude import macro_definitions  # noqa: PLC0415

    cache = cache_directory() / "clang"
    cache.mkdir(exist_ok=True)
    seeds = []
    for clang in clangs:
        if shutil.which(clang) is None:
            continue
        for source in _files(("examples/*.cpp",)):
            for variant, extra in (("plain", []), ("prelude", macro_definitions())):
                target = cache / f"{source.stem}-{clang}-{variant}.ll"
                if not target.exists() or target.stat().st_mtime < source.stat().st_mtime:
                    done = subprocess.run(
                        [
                            clang,
                            *DEVICE_FLAGS,
                            f"-I{EXAMPLES}",
                            "-w",
                            *extra,
                            *("-S", "-emit-llvm", str(source), "-o", str(target)),
                        ],
                        capture_output=True,
                        check=False,
                        timeout=120,
                    )
                    if done.returncode != 0:
                        target.unlink(missing_ok=True)
                        continue
                seeds.append(Seed("ll", f"{clang}:{variant}:{source.name}", target.read_bytes()))
    return seeds


def _propslower(*argv: str) -> int:
    return subprocess.run(
        [sys.executable, "-m", "propslower", *argv],
        capture_output=True,
        check=False,
        timeout=300,
        cwd=REPOSITORY,
    ).returncode


def generated_seeds() -> list[Seed]:
    """Seeds made by propslower itself: ``.prop`` files from ``split``, an annotated module."""
    cache = cache_directory() / "generated"
    seeds: list[Seed] = []
    for module in ("examples/ir/four_kernels.ll", "tests/lit/split/Inputs/four.ll"):
        out = cache / Path(module).stem
        if not any(out.glob("*.prop")):
            _propslower(
                "split", module, "-d", str(out), "--kernel-reqs", "--targets", "intel_gpu_pvc"
            )
        seeds.extend(
            Seed("prop", f"split:{p.name}", p.read_bytes()) for p in sorted(out.glob("*.prop"))
        )
        seeds.extend(
            Seed("ll", f"split:{p.name}", p.read_bytes()) for p in sorted(out.glob("*.ll"))[:2]
        )
    annotated = cache / "device-annotated.ll"
    if not annotated.exists():
        cache.mkdir(parents=True, exist_ok=True)
        _propslower(
            "annotate",
            "examples/ir/device.ll",
            "--props",
            "examples/ir/device.yaml",
            "-o",
            str(annotated),
        )
    if annotated.exists():
        seeds.append(Seed("ll", "annotate:device.ll", annotated.read_bytes()))
    return seeds


_PARSE_RUN = re.compile(r"parse(?: --[\w-]+(?: \w+)?)* '([^']+)'")

ATTRIBUTES = (
    '[[__sycl_detail__::add_ir_global_variable_attributes("sycl-device-image-scope", '
    '"sycl-host-access", "", "read")]]',
    'add_ir_member_annotation("foo", "bar", "", 32)',
    'add_ir_function_attributes("a", "b", "c", "d", 3.14, true, (char)65, -7)',
    "[[sycl::requires(has(aspect::fp16, aspect::fp64))]]",
    '[[__sycl_detail__::add_ir_attributes_function({"sycl-x"}, "sycl-x", "sycl-y", 1u, 0x1p3)]]',
    'add_ir_kernel_parameter_attributes("sycl-buffer-location", 3)',
    "[[sycl::reqd_work_group_size(8, 4, 2)]]",
    "[[sycl::reqd_sub_group_size(16)]]",
    "[[sycl::device_has(aspect::gpu)]]",
    "[[sycl::uses_aspects(aspect::fp64)]]",
    'add_ir_function_attributes("s", u8"a" "b\\n", "c", L\'x\', "d", 1\'000ull, "e", nullptr)',
    '__builtin_intel_sycl_ptr_annotation(p, "sycl-alignment", 8)',
)


def attribute_seeds() -> list[Seed]:
    """Attribute texts: a fixed list, the lit ``parse`` RUN lines and every spec's strings."""
    texts = dict.fromkeys(ATTRIBUTES)
    for test in _files(("tests/lit/parse/*.test",)):
        for match in _PARSE_RUN.finditer(test.read_text()):
            texts.setdefault(match.group(1))
    for spec in _files(SPEC_PATTERNS):
        for match in re.finditer(r"'(\[\[[^']*\]\])'", spec.read_text()):
            texts.setdefault(match.group(1))
    return [Seed("attribute", f"attribute:{i}", t.encode()) for i, t in enumerate(texts)]


MAPS = (
    "properties:\n  sycl-x:\n    - {target: kernel, id: 5921, spirv_name: B, encoding: none}\n",
    "properties:\n  sycl-frob:\n"
    "    - {target: execution_mode, id: 35, spirv_name: SubgroupSize, encoding: integer}\n",
    "properties:\n  sycl-buffer-location:\n"
    "    - {target: [global_decoration, parameter_decoration], id: 5921,"
    " spirv_name: BufferLocationINTEL, encoding: integer}\n",
    "profiles:\n  design: {annotation_style: quoted}\n",
    "properties:\n  sycl-a: {target: function_metadata, name: m, encoding: enum, values: {x: 1}}\n",
    "properties:\n  sycl-host-access:\n    - {target: global_decoration, id: 6147,"
    " spirv_name: HostAccessINTEL, internal: true, encoding: host_access,"
    " values: {read: 1, write: 2}}\n",
)

DEVICE_CONFIGS = (
    "my_gpu:\n  aspects: [fp16, fp64]\n  sub-group-sizes: [16]\n",
    "gen11_1:\n  aspects: [1, 2, 3]\n  sub-group-sizes: [8, 16]\n  aot-compiler-id: gen-spir64\n"
    "gen_icl:\n  aspects: [gpu, accelerator]\n  sub-group-sizes: [8, 16]\n",
    "intel_gpu_pvc:\n  sub-group-sizes: [8]\n"
    "intel_gpu_new:\n  aspects: [fp64, usm_system_allocator]\n  may_support_other_aspects: false\n"
    "my_dev:\n  aot-toolchain: tool\n  aot-toolchain-options: -x\n",
)

PROPS = (
    "[SYCL/image-requirements]\naspect=2|gAAAAAAAAAQBAAAA\nreqd_sub_group_size=2|gAAAAAAAAAAEAAAA\n",
    "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n[SYCL/misc properties]\noptLevel=1|0\n",
)


@functools.cache
def all_seeds() -> tuple[Seed, ...]:
    """Every seed, generated ones included (clang output is cached under ``.fuzz-cache``)."""
    seeds: list[Seed] = [_seed("ll", p) for p in _files(LL_PATTERNS)]
    seeds.extend(_seed("spec", p, _spec_companion(p)) for p in _files(SPEC_PATTERNS))
    seeds.extend(_seed("cpp", p) for p in _files(CPP_PATTERNS))
    seeds.extend(_seed("map", p) for p in _files(("tests/lit/spirv/Inputs/*.yaml",)))
    seeds.extend(Seed("map", f"map:{i}", t.encode()) for i, t in enumerate(MAPS))
    seeds.extend(_seed("device_config", p) for p in _files(("tests/lit/split/Inputs/*.yaml",)))
    seeds.extend(
        Seed("device_config", f"config:{i}", t.encode()) for i, t in enumerate(DEVICE_CONFIGS)
    )
    seeds.extend(Seed("prop", f"prop:{i}", t.encode()) for i, t in enumerate(PROPS))
    seeds.extend(_seed("aspects_def", p) for p in _files(("propslower/aspects/data/aspects.def",)))
    seeds.extend(attribute_seeds())
    seeds.extend(clang_seeds())
    seeds.extend(generated_seeds())
    return tuple(seeds)


def seeds_of(kind: str) -> tuple[Seed, ...]:
    """The seeds of one kind, in a stable order."""
    if kind not in KINDS:
        raise ValueError(f"unknown seed kind {kind!r}")
    return tuple(s for s in all_seeds() if s.kind == kind)


def seed_named(name: str) -> Seed | None:
    return next((s for s in all_seeds() if s.name == name), None)
