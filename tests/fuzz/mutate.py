"""Mutators over input bytes, each deterministic from a ``random.Random`` (so from a seed)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Mutator = Callable[[bytes, random.Random, str], bytes]

MAX_GROWTH = 4096
"""A mutation never makes an input more than twice its size plus this many bytes."""

INTERESTING_BYTES = b"\x00\xff\r\n\t \"'\\{}[]()<>,:;=#!@%*&|-+.0129aZ_\x7f\x80\xc3"
INTERESTING_NUMBERS = (
    "0",
    "-1",
    "1",
    "2",
    "3",
    "7",
    "8",
    "16",
    "127",
    "-128",
    "255",
    "65535",
    "2147483647",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "99999999999999999999999999",
    "1.5",
    "1e999",
    "-0",
    "0x10",
    "010",
    "1'000",
    "",
)
UNICODE = (
    "é",
    "\u2028",
    "\u2029",
    "\x85",
    "\x0c",
    "\x0b",
    "\u00a0",
    "\ufeff",
    "\U0001f600",
    "\x1c",
)
"""Non-ASCII text, including characters ``str.splitlines`` treats as line breaks."""

KIND_TOKENS: dict[str, tuple[str, ...]] = {
    "ll": (
        '"sycl-work-group-size"="8,4,2"',
        '"sycl-sub-group-size"="0"',
        '"sycl-buffer-location"="-1"',
        '"sycl-host-access"="bogus"',
        '"sycl-device-image-scope"',
        "!intel_used_aspects !0",
        "!intel_allowed_aspects !1",
        "!sycl_used_aspects !2",
        "!reqd_work_group_size !3",
        "!intel_reqd_sub_group_size !4",
        "!spirv.Decorations !5",
        "!0 = !{i32 5}",
        "!1 = !{i32 6, i32 5}",
        "!99 = !{}",
        "!spirv.ExecutionMode = !{}",
        "attributes #9 = { nounwind }",
        "#0",
        "#99",
        "spir_kernel",
        "spir_func",
        "internal",
        "declare void @f()",
        "call void @f()",
        "ptr addrspace(1)",
        "i8 addrspace(4)*",
        "@llvm.ptr.annotation.p0.p0",
        'c"sycl-properties:sycl-alignment=8\\00"',
        'c"{5921:3}\\00"',
        "double",
        "half",
        "; comment",
        "\\22",
        '@"quoted name"',
    ),
    "spec": (
        "globals:",
        "functions:",
        "kernel_parameters:",
        "members:",
        "  x: {a: 1}",
        "  - 1",
        "{",
        "}",
        "[",
        "&anchor",
        "*anchor",
        "!!python/object:os.system",
        "!!binary",
        "---",
        "...",
        "\t",
        "? ",
        "<<: *a",
        "~",
        "null",
        "yes",
        "0o17",
        "'[[sycl::requires(has(aspect::fp16))]]'",
        "'add_ir_function_attributes(\"a\", 1)'",
    ),
    "attribute": (
        "(",
        ")",
        ",",
        '"',
        "'",
        "::",
        "...",
        "[[",
        "]]",
        "{",
        "}",
        'u8"x"',
        'L"x"',
        "'\\0'",
        '"\\x41"',
        '"\\777"',
        '"\\u00e9"',
        "0x1p-3",
        "1e999",
        "1'0",
        "ull",
        "(char)",
        "(unsigned long long)",
        "(bool)",
        "-",
        "--",
        "true",
        "nullptr",
        "aspect::",
        "has(",
        "ns::E::v",
        'R"(x)"',
    ),
    "prop": (
        "[SYCL/image-requirements]",
        "[SYCL/kernel reqs]",
        "[",
        "]",
        "=",
        "|",
        "1|",
        "2|",
        "3|",
        "aspect=2|",
        "AAAA",
        "gAAAAAAAAAQBAAAA",
        "////",
        "====",
    ),
    "cpp": (
        "[[sycl::requires(has(aspect::fp16))]]",
        "[[sycl::reqd_work_group_size(0)]]",
        "[[sycl::reqd_sub_group_size(-1)]]",
        '[[__sycl_detail__::add_ir_function_attributes("a", "b", 1)]]',
        "template <typename T>",
        "#include <nonexistent>",
        "#error",
        "{",
        "}",
        ";",
        "double d = 0;",
        "sycl::half h;",
    ),
}
KIND_TOKENS["map"] = (
    *KIND_TOKENS["spec"],
    "properties:",
    "profiles:",
    "target: execution_mode",
    "id: -1",
    "encoding: integr",
    "encoding: bitmask",
    "spirv_name: X",
)
KIND_TOKENS["device_config"] = (
    *KIND_TOKENS["spec"],
    "aspects: [fp16, 99]",
    "sub-group-sizes: [-1]",
    "may_support_other_aspects: maybe",
    "aot-toolchain: ''",
    "intel_gpu_pvc:",
)
KIND_TOKENS["aspects_def"] = (
    "__SYCL_ASPECT(x, 5)",
    '__SYCL_ASPECT_DEPRECATED(y, 1, "z")',
    "__SYCL_ASPECT(",
    ")",
    "//",
    "/*",
    "#define",
)

_TOKEN = re.compile(rb"\s+|[^\s]+")
_NAME = re.compile(rb"[@%!#][-\w.$]+|\"sycl-[-\w]+\"|\b[A-Za-z_]\w*")
_NUMBER = re.compile(rb"-?\b\d[\d'.xXa-fA-FuUlLpPeE+-]*")


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def byte_flip(data: bytes, rng: random.Random, _kind: str) -> bytes:
    if not data:
        return bytes([rng.choice(INTERESTING_BYTES)])
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        position = rng.randrange(len(out))
        out[position] ^= 1 << rng.randrange(8)
    return bytes(out)


def byte_insert(data: bytes, rng: random.Random, _kind: str) -> bytes:
    position = rng.randint(0, len(data))
    return data[:position] + bytes([rng.choice(INTERESTING_BYTES)]) + data[position:]


def truncate(data: bytes, rng: random.Random, _kind: str) -> bytes:
    return data[: rng.randint(0, len(data))] if data else data


def delete_line(data: bytes, rng: random.Random, _kind: str) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"".join(lines)


def duplicate_line(data: bytes, rng: random.Random, _kind: str) -> bytes:
    lines = _lines(data)
    index = rng.randrange(len(lines))
    line = lines[index] if lines[index].endswith((b"\n", b"\r")) else lines[index] + b"\n"
    lines.insert(rng.randint(0, len(lines)), line)
    return b"".join(lines)


def swap_lines(data: bytes, rng: random.Random, _kind: str) -> bytes:
    lines = _lines(data)
    if len(lines) < 2:
        return data
    a = rng.randrange(len(lines))
    b = min(len(lines) - 1, a + 1) if rng.random() < 0.5 else rng.randrange(len(lines))
    if not lines[-1].endswith((b"\n", b"\r")):
        lines[-1] += b"\n"
    lines[a], lines[b] = lines[b], lines[a]
    return b"".join(lines)


def token_swap(data: bytes, rng: random.Random, _kind: str) -> bytes:
    """Swap two non-blank tokens, on one line (usually) or anywhere in the input."""
    lines = _lines(data)
    index = rng.randrange(len(lines))
    scope = lines[index] if rng.random() < 0.7 else data
    tokens = _TOKEN.findall(scope)
    words = [i for i, t in enumerate(tokens) if not t.isspace()]
    if len(words) < 2:
        return data
    a, b = rng.sample(words, 2)
    tokens[a], tokens[b] = tokens[b], tokens[a]
    if scope is data:
        return b"".join(tokens)
    lines[index] = b"".join(tokens)
    return b"".join(lines)


def name_change(data: bytes, rng: random.Random, _kind: str) -> bytes:
    """Rename one name (``@f``, ``%x``, ``!3``, ``#0``, a property): once, or everywhere."""
    names: list[bytes] = _NAME.findall(data)
    if not names:
        return data
    old = rng.choice(names)
    sigil = old[:1] if old[:1] in b"@%!#" else b""
    choices = [
        sigil + str(rng.randint(0, 120)).encode(),
        old + b"x",
        old[:-1] if len(old) > 2 else old + old,
        sigil + b'"a b"' if sigil in (b"@", b"%") else old.upper(),
        old.replace(b"sycl-", b"sycl_") if b"sycl-" in old else old + b".1",
    ]
    new = rng.choice(choices)
    if rng.random() < 0.5:
        return re.sub(re.escape(old) + rb"(?![-\w.$])", new.replace(b"\\", b"\\\\"), data)
    starts = [m.start() for m in re.finditer(re.escape(old), data)]
    start = rng.choice(starts)
    return data[:start] + new + data[start + len(old) :]


def value_change(data: bytes, rng: random.Random, _kind: str) -> bytes:
    numbers = list(_NUMBER.finditer(data))
    if not numbers:
        return data
    match = rng.choice(numbers)
    new = rng.choice(INTERESTING_NUMBERS).encode()
    return data[: match.start()] + new + data[match.end() :]


def line_endings(data: bytes, rng: random.Random, _kind: str) -> bytes:
    """LF → CRLF or CR, everywhere or on some lines; or CRLF back to LF."""
    ending = rng.choice((b"\r\n", b"\r", b"\n\r", b"\n"))
    lines = data.split(b"\n")
    if ending == b"\n":
        return data.replace(b"\r\n", b"\n")
    everywhere = rng.random() < 0.6
    out = [lines[0]]
    for line in lines[1:]:
        out.append((ending if everywhere or rng.random() < 0.3 else b"\n") + line)
    return b"".join(out)


def insert_token(data: bytes, rng: random.Random, kind: str) -> bytes:
    """Insert a kind-specific token, or a non-ASCII character, at a token boundary."""
    tokens = KIND_TOKENS.get(kind, ())
    text = rng.choice(tokens) if tokens and rng.random() < 0.8 else rng.choice(UNICODE)
    boundaries = [0, len(data)] + [m.start() for m in _TOKEN.finditer(data)]
    position = rng.choice(boundaries)
    if rng.random() < 0.3:
        position = data.rfind(b"\n", 0, position) + 1
        return data[:position] + text.encode() + b"\n" + data[position:]
    return data[:position] + text.encode() + data[position:]


def replace_line(data: bytes, rng: random.Random, kind: str) -> bytes:
    """Replace a line with a kind-specific token line (keeping its line ending)."""
    tokens = KIND_TOKENS.get(kind)
    if not tokens:
        return delete_line(data, rng, kind)
    lines = _lines(data)
    index = rng.randrange(len(lines))
    ending = lines[index][len(lines[index].rstrip(b"\r\n")) :]
    lines[index] = rng.choice(tokens).encode() + ending
    return b"".join(lines)


MUTATORS: dict[str, Mutator] = {
    "byte_flip": byte_flip,
    "byte_insert": byte_insert,
    "truncate": truncate,
    "delete_line": delete_line,
    "duplicate_line": duplicate_line,
    "swap_lines": swap_lines,
    "token_swap": token_swap,
    "name_change": name_change,
    "value_change": value_change,
    "line_endings": line_endings,
    "insert_token": insert_token,
    "replace_line": replace_line,
}
WEIGHTS: dict[str, int] = {
    "byte_flip": 2,
    "byte_insert": 1,
    "truncate": 1,
    "delete_line": 3,
    "duplicate_line": 3,
    "swap_lines": 3,
    "token_swap": 3,
    "name_change": 4,
    "value_change": 4,
    "line_endings": 2,
    "insert_token": 4,
    "replace_line": 3,
}


@dataclass(frozen=True)
class Mutation:
    """A mutated input and the mutators that made it, in order."""

    data: bytes
    steps: tuple[str, ...]


def mutate(
    data: bytes,
    seed: int,
    kind: str,
    *,
    count: int | None = None,
    only: Sequence[str] | None = None,
) -> Mutation:
    """Apply ``count`` (default 1 to 3) mutators chosen by ``seed`` to ``data``.

    The same arguments always give the same result; the result stays within
    ``2 * len(data) + MAX_GROWTH`` bytes.
    """
    rng = random.Random(seed)
    names = list(only) if only is not None else list(MUTATORS)
    weights = [WEIGHTS.get(n, 1) for n in names]
    steps = []
    limit = 2 * len(data) + MAX_GROWTH
    for _ in range(count if count is not None else rng.choice((1, 1, 1, 1, 2, 3))):
        name = rng.choices(names, weights)[0]
        mutated = MUTATORS[name](data, rng, kind)
        if len(mutated) <= limit:
            data = mutated
            steps.append(name)
    return Mutation(data, tuple(steps))
