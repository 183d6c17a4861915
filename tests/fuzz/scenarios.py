"""One fuzz case per command: inputs (mutated seeds, filesystem oddities) and the argv to run."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.fuzz.corpus import CC_HEADERS, DEVICE_FLAGS, Seed, cache_directory, seeds_of
from tests.fuzz.mutate import mutate

COMMANDS = (
    "parse",
    "annotate",
    "spirv",
    "run",
    "cc",
    "extract",
    "aspects",
    "split",
    "check",
    "props",
    "macros",
)
MODULE_COMMANDS = frozenset({"annotate", "spirv", "run", "aspects"})
"""Commands that read one module and write one module (line preservation, idempotence)."""
SLOW_COMMANDS = frozenset({"cc", "extract"})
"""Commands that run clang: a lighter budget, always in a subprocess (libclang may crash)."""

PRESET = b"PRE-EXISTING OUTPUT\n"
"""What an output path holds before a run; a failed run must leave it so."""

TARGETS = (
    "intel_gpu_pvc",
    "intel_gpu_dg1",
    "spir64",
    "spir64_gen",
    "spir64_x86_64",
    "nvidia_gpu_sm_80",
    "amd_gpu_gfx90a",
    "my_gpu",
    "gen_icl",
    "bogus",
    "",
)
HOSTILE_NAMES = (
    "in put.ll",
    "new\nline.ll",
    "-dash.ll",
    "--props",
    "é.ll",
    "a:1:2: error: x.ll",
    "tab\there.ll",
    " .ll",
)


@dataclass
class Case:
    """A prepared run: the files to write under ``workdir``, the argv, and what to check."""

    command: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: bytes | None = None
    watched: list[str] = field(default_factory=list)
    """Paths (relative to the workdir) a failed run must leave exactly as they were."""
    module_input: str | None = None
    """The module read (a relative path, or ``-`` for stdin)."""
    module_output: str | None = None
    """Where the module goes: a relative path, ``-`` for stdout, None if no module is written."""
    split_directory: str | None = None
    preserve_lines: bool = False
    pass_through: bool = False
    idempotent: bool = False
    verify: bool = True
    in_subprocess: bool = False
    specials: dict[str, str] = field(default_factory=dict)
    """Relative path → ``device`` (char 1,3) / ``fifo`` (drained) / ``fifo-in`` (fed
    ``fifo_data``) / ``symlink`` (to ``link-target.ll``) / ``symlink-dir`` / ``directory`` /
    ``readonly-dir`` (mode 555)."""
    fifo_data: bytes = b""
    steps: list[str] = field(default_factory=list)
    """How the inputs were made (seed names and mutators), for the failure report."""


class Builder:
    """Makes cases for one command from a ``random.Random``; inputs come from the corpus."""

    def __init__(self, rng: random.Random, mutation_rate: float = 0.85) -> None:
        self.rng = rng
        self.mutation_rate = mutation_rate
        self.mutated = False
        """Whether an input of this case is mutated already: the others mostly stay as they are."""

    # ------------------------------------------------------------ inputs

    def pick(self, kind: str) -> Seed:
        return self.rng.choice(seeds_of(kind))

    def data(self, case: Case, seed: Seed, *, rate: float | None = None) -> bytes:
        """The seed's bytes, mutated with probability ``rate`` (recorded in ``case.steps``)."""
        chance = self.mutation_rate if rate is None else rate
        if self.rng.random() >= (0.1 if self.mutated else chance):
            case.steps.append(f"{seed.kind} {seed.name}")
            return seed.data
        self.mutated = True
        mutation = mutate(seed.data, self.rng.getrandbits(32), seed.kind)
        case.steps.append(f"{seed.kind} {seed.name} + {'+'.join(mutation.steps) or 'nothing'}")
        return mutation.data

    def input_file(self, case: Case, name: str, data: bytes) -> str:
        """Write ``data`` as an input, sometimes under a hostile name, sometimes as stdin."""
        roll = self.rng.random()
        if roll < 0.06:
            name = self.rng.choice(HOSTILE_NAMES)
            case.steps.append(f"hostile input name {name!r}")
            if name.startswith("-") and self.rng.random() < 0.5:
                case.files[name] = data
                return f"./{name}"
        elif roll < 0.10:
            case.stdin = data
            case.steps.append("input on stdin")
            return "-"
        case.files[name] = data
        return name

    def output_target(self, case: Case, name: str) -> str | None:
        """An ``-o`` target: usually preset with known bytes; sometimes a filesystem oddity."""
        roll = self.rng.random()
        kinds = ("device", "fifo", "symlink", "directory", "missing-dir", "file-parent")
        if roll < 0.12:
            special = self.rng.choice(kinds)
            case.steps.append(f"output is {special}")
            if special == "missing-dir":
                target = f"missing/{name}"
                case.watched.append("missing")
                return target
            if special == "file-parent":
                case.files["plain"] = PRESET
                case.watched.append("plain")
                return f"plain/{name}"
            case.specials[name] = special
            if special == "symlink":
                case.files["link-target.ll"] = PRESET
                case.watched.append("link-target.ll")
            case.watched.append(name)
            return name
        if roll < 0.2:
            case.steps.append("output to stdout")
            return None
        case.files[name] = PRESET
        case.watched.append(name)
        return name

    def profile(self, argv: list[str]) -> None:
        if self.rng.random() < 0.4:
            argv += ["--profile", self.rng.choice(("design", "dpcpp"))]

    def aspects_def(self, case: Case) -> None:
        if self.rng.random() < 0.1:
            case.files["aspects.def"] = self.data(case, self.pick("aspects_def"))
            case.argv += ["--aspects-def", "aspects.def"]

    def device_config(self, case: Case) -> None:
        if self.rng.random() < 0.3:
            case.files["config.yaml"] = self.data(case, self.pick("device_config"))
            case.argv += ["--device-config", "config.yaml"]

    def targets(self) -> str:
        chosen = self.rng.sample(TARGETS, self.rng.randint(1, 3))
        if self.rng.random() < 0.1:
            return self.rng.choice((",", ",,", " intel_gpu_pvc ", "intel_gpu_pvc,intel_gpu_pvc"))
        return ",".join(chosen)

    # ------------------------------------------------------------ module commands

    def module_case(self, command: str) -> Case:
        """annotate / spirv / run / aspects: one module in, one module out."""
        case = Case(command, [command])
        seed = self.pick("ll")
        options: list[str] = []
        if command == "annotate":
            roll = self.rng.random()
            if roll < 0.55:
                spec = self.pick("spec")
                if spec.companion and self.rng.random() < 0.8:
                    seed = next((s for s in seeds_of("ll") if s.name == spec.companion), seed)
                case.files["spec.yaml"] = self.data(case, spec, rate=0.5)
                options += ["--props", "spec.yaml"]
            elif roll < 0.85:
                options.append("--from-annotations")
                prelude = [s for s in seeds_of("ll") if ":prelude:" in s.name]
                if prelude and self.rng.random() < 0.7:
                    seed = self.rng.choice(prelude)
            if self.rng.random() < 0.25:
                options.append("--spirv")
            if self.rng.random() < 0.05:
                options += ["--enum", self.rng.choice(("ns::E::v=3", "x", "=1", "a=b=c"))]
            case.pass_through = not options
        elif command == "spirv":
            if self.rng.random() < 0.2:
                case.files["map.yaml"] = self.data(case, self.pick("map"), rate=0.6)
                options += ["--map", "map.yaml"]
            if self.rng.random() < 0.2:
                options += ["--member-decorations", self.rng.choice(("string", "metadata"))]
            if self.rng.random() < 0.1:
                options.append(self.rng.choice(("--explain", "-v")))
        elif command == "run":
            passes = self.rng.choice(
                ("lower", "spirv", "aspects", "lower,spirv", "lower,spirv,aspects", "spirv,spirv")
            )
            if self.rng.random() < 0.1:
                passes = self.rng.choice(
                    (
                        "aspects{werror=true}",
                        "lower,spirv{member-decorations=metadata},aspects{exclude-aspects=fp16}",
                        "aspects{fixed-targets=gpu,cpu werror=false}",
                        "spirv{record=false}",
                    )
                )
            if self.rng.random() < 0.05:
                passes = self.rng.choice(
                    ("", ",", "bogus", "lower,,spirv", " lower ", "aspects{werror", "spirv{x=1}")
                )
            options += ["-p", passes]
            if "lower" in passes:
                prelude = [s for s in seeds_of("ll") if ":prelude:" in s.name]
                if prelude and self.rng.random() < 0.5:
                    seed = self.rng.choice(prelude)
        else:  # aspects
            if self.rng.random() < 0.2:
                options += [
                    "--exclude-aspects",
                    self.rng.choice(("fp64", "fp16,fp64", "bogus", "")),
                ]
            if self.rng.random() < 0.15:
                options += ["-W", "error=aspects"]
            if self.rng.random() < 0.1:
                options += ["--graph", "graph.dot"]
                case.files["graph.dot"] = PRESET
                case.watched.append("graph.dot")
            self.aspects_def(case)
        self.profile(options)
        text = self.data(case, seed)
        source = self.input_file(case, "in.ll", text)
        case.module_input = source
        if self.rng.random() < 0.08 and source != "-":
            options.append("-i")
            case.module_output = source
            case.watched.append(source.removeprefix("./"))
            case.steps.append("in place")
        else:
            target = self.output_target(case, "out.ll")
            case.module_output = "-" if target is None else target
            if target is not None:
                options += ["-o", target]
        if self.rng.random() < 0.03:
            options.append("--no-verify")
            case.verify = False
        if source.startswith("-") and source != "-":
            case.argv += [*options, "--", source]
        else:
            case.argv += [*options, source]
        case.preserve_lines = True
        case.idempotent = not case.argv.count("-i")
        return case

    # ------------------------------------------------------------ the other commands

    def parse_case(self) -> Case:
        case = Case("parse", ["parse"])
        text = self.data(case, self.pick("attribute"))
        if self.rng.random() < 0.2:
            case.argv += [
                "--kind",
                self.rng.choice(
                    ("global_variable", "kernel_parameter", "function", "member", "aspects")
                ),
            ]
        if self.rng.random() < 0.3:
            case.argv += ["--format", "json"]
        if self.rng.random() < 0.1:
            case.argv += ["--enum", self.rng.choice(("ns::E::v=3", "E=1", "x", "a=b"))]
        self.profile(case.argv)
        roll = self.rng.random()
        if roll < 0.2:
            case.files["attr.txt"] = text
            case.argv += ["--file", "attr.txt"]
        elif roll < 0.3:
            case.stdin = text
            case.argv.append("-")
        else:
            decoded = text.decode("utf-8", errors="surrogateescape")
            if "\0" in decoded or re.search(r"[\ud800-\udfff]", decoded):
                case.files["attr.txt"] = text
                case.argv += ["--file", "attr.txt"]
            else:
                case.argv += ["--", decoded] if decoded.startswith("-") else [decoded]
        return case

    def split_case(self) -> Case:
        case = Case("split", ["split"])
        text = self.data(case, self.pick("ll"))
        source = self.input_file(case, "in.ll", text)
        case.module_input = source
        directory = "out"
        roll = self.rng.random()
        if roll < 0.6:
            case.files["out/keep.txt"] = PRESET
            case.files["out/in_0.ll"] = PRESET
        elif roll < 0.7:
            case.files["out"] = PRESET
            case.steps.append("-d is a file")
        elif roll < 0.8:
            directory = "missing/deeper/out"
            case.steps.append("-d under a missing directory")
        elif roll < 0.85:
            case.specials["out"] = "symlink-dir"
            case.steps.append("-d is a symlink to a directory")
        case.watched.append(directory.split("/")[0])
        case.split_directory = directory
        case.argv += ["-d", directory]
        if self.rng.random() < 0.4:
            case.argv += ["--mode", self.rng.choice(("per_kernel", "per_source", "auto", "off"))]
        if self.rng.random() < 0.3:
            case.argv.append("--kernel-reqs")
        if self.rng.random() < 0.4:
            case.argv += ["--targets", self.targets()]
            self.device_config(case)
        if self.rng.random() < 0.1:
            case.argv.append("--no-propagate")
        self.aspects_def(case)
        self.profile(case.argv)
        case.argv += ["--", source] if source.startswith("-") and source != "-" else [source]
        return case

    def check_case(self) -> Case:
        case = Case("check", ["check"])
        seed = self.pick("ll")
        if self.rng.random() < 0.15:
            tables = sorted((cache_directory() / "generated" / "four_kernels").glob("*"))
            for path in tables:
                case.files[path.name] = path.read_bytes()
            table = self.rng.choice([p.name for p in tables if p.suffix == ".table"] or ["x"])
            case.files[table] = self.data(case, Seed("prop", table, case.files.get(table, b"")))
            source = table
            kernels = ["k0", "k1", "k2", "k3"]
        else:
            text = self.data(case, seed)
            kernels = re.findall(
                r"define [^@\n]*spir_kernel[^@\n]*@([-\w.$]+)\(", text.decode("utf-8", "replace")
            )
            source = self.input_file(case, "in.ll", text)
        kernel = self.rng.choice(kernels) if kernels and self.rng.random() < 0.85 else "nokernel"
        case.argv += ["--kernel", kernel, "--device", self.rng.choice(TARGETS)]
        self.device_config(case)
        self.aspects_def(case)
        self.profile(case.argv)
        case.argv += ["--", source] if source.startswith("-") and source != "-" else [source]
        return case

    def props_case(self) -> Case:
        case = Case("props", ["props"])
        text = self.data(case, self.pick("prop"))
        source = self.input_file(case, "in.prop", text)
        if self.rng.random() < 0.3:
            case.argv += ["--format", "json"]
        self.aspects_def(case)
        if self.rng.random() < 0.5:
            target = self.output_target(case, "out.txt")
            if target is not None:
                case.argv += ["-o", target]
        case.argv += ["--", source] if source.startswith("-") and source != "-" else [source]
        return case

    def macros_case(self) -> Case:
        case = Case("macros", ["macros", "--targets", self.targets()])
        self.device_config(case)
        self.aspects_def(case)
        if self.rng.random() < 0.3:
            case.argv.append("--numeric")
        if self.rng.random() < 0.4:
            target = self.output_target(case, "traits.hpp")
            if target is not None:
                case.argv += ["--header", target]
        self.profile(case.argv)
        return case

    def cc_case(self) -> Case:
        case = Case("cc", ["cc"], in_subprocess=True)
        text = self.data(case, self.pick("cpp"), rate=0.7)
        case.files["src.cpp"] = text
        for header in CC_HEADERS:
            case.files[header.name] = header.read_bytes()
        if self.rng.random() < 0.3:
            case.argv.append("--spirv")
        if self.rng.random() < 0.1:
            case.argv += ["-W", "error=aspects"]
        self.profile(case.argv)
        target = self.output_target(case, "out.ll")
        if target is None:
            target = "out.ll"
            case.files[target] = PRESET
            case.watched.append(target)
        case.module_output = target
        clang = self.rng.choice(("clang-19", "clang-19", "clang-16", "clang-15"))
        case.argv += [
            "--",
            clang,
            *DEVICE_FLAGS,
            "-I.",
            "-S",
            "-emit-llvm",
            "src.cpp",
            "-o",
            target,
        ]
        return case

    def extract_case(self) -> Case:
        case = Case("extract", ["extract"], in_subprocess=True)
        case.files["src.cpp"] = self.data(case, self.pick("cpp"), rate=0.7)
        for header in CC_HEADERS:
            case.files[header.name] = header.read_bytes()
        case.argv += ["src.cpp", "--", *DEVICE_FLAGS, "-I."]
        return case

    def build(self, command: str) -> Case:
        makers: dict[str, Callable[[], Case]] = {
            "parse": self.parse_case,
            "split": self.split_case,
            "check": self.check_case,
            "props": self.props_case,
            "macros": self.macros_case,
            "cc": self.cc_case,
            "extract": self.extract_case,
        }
        case = self.module_case(command) if command in MODULE_COMMANDS else makers[command]()
        if not case.in_subprocess and self.rng.random() < 0.05:
            case.in_subprocess = True
        return case


def make_case(command: str, seed: int, mutation_rate: float = 0.85) -> Case:
    """The case for ``command`` that ``seed`` determines."""
    return Builder(random.Random(f"{command}:{seed}"), mutation_rate).build(command)


CAN_MKNOD = os.geteuid() == 0
"""Only root may make device nodes; elsewhere a device case becomes a regular file."""


def make_null_device(path: Path) -> bool:
    """A character device like /dev/null (1, 3) at ``path``; a preset file without root."""
    try:
        os.mknod(path, 0o666 | 0o020000, os.makedev(1, 3))
    except PermissionError:
        path.write_bytes(PRESET)
        return False
    return True


def materialize(case: Case, workdir: Path) -> None:
    """Write the case's files and make its special filesystem entries under ``workdir``."""
    for name, data in case.files.items():
        path = workdir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    for name, special in list(case.specials.items()):
        path = workdir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if special == "device" and not make_null_device(path):
            del case.specials[name]  # judged as the regular file it became
        elif special in ("fifo", "fifo-in"):
            os.mkfifo(path)
        elif special == "symlink":
            path.symlink_to("link-target.ll")
        elif special == "symlink-dir":
            (workdir / "real-out").mkdir()
            (workdir / "real-out" / "keep.txt").write_bytes(PRESET)
            path.symlink_to("real-out")
            case.watched.append("real-out")
        elif special == "directory":
            path.mkdir()
            (path / "keep.txt").write_bytes(PRESET)
        elif special == "readonly-dir":
            path.mkdir()
            path.chmod(0o555)
