"""The stock-clang compatibility layer for the real DPC++ SYCL headers: a table of shims.

DPC++'s own clang declares things the SYCL headers of a DPC++ release rely on: the SPIR-V
builtins (``-fdeclare-spirv-builtins``), the OpenCL opaque types, a distinct ``opencl_constant``
address space, ``SYCL_EXTERNAL``, four type-introspection builtins and
``__builtin_intel_sycl_ptr_annotation``; its driver also compiles device code with the host's
C++ library headers and ``-aux-triple``. Stock clang has none of these, so ``cc`` stands in for
each with a shim: C++ in a header forced into the translation unit (``-include``) or driver
flags. Each shim says what it stands in for and what is lost; ``docs/dpcpp-headers.md`` is the
long form. The layer is on when the command's include directories hold the real headers, or
with ``--sycl-compat``.
"""

from __future__ import annotations

import functools
import hashlib
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from propslower.frontend.tool_answers import tool_answer
from propslower.resources import cache_dir, write_cache_file


def _words(text: str) -> tuple[str, ...]:
    """The blank-separated words of a table written as text."""
    return tuple(text.split())


HEADER_NAME = "propslower_sycl_compat.h"
"""The file name of the forced-include header (written beside clang's temporary output)."""

REAL_HEADER_MARKER = Path("sycl", "detail", "defines_elementary.hpp")
"""A file only a DPC++ release's ``include/`` holds (the project's example headers do not)."""

LIBCLANG_READ = "__PROPSLOWER_LIBCLANG_READ"
"""Defined in libclang's read only: the read sees the headers' kernels as clang 22 compiles them
(entry points), whichever clang compiles, so an older clang's kernels get clang 22's names."""

PTR_ANNOTATION_FUNCTION = "__propslower_sycl_ptr_annotation"
"""What ``__builtin_intel_sycl_ptr_annotation`` calls become (a declared function template)."""

SPIRV_BUILTINS = _words(
    """
    AccessChain ArbitraryFloatACosINTEL ArbitraryFloatACosPiINTEL ArbitraryFloatASinINTEL
    ArbitraryFloatASinPiINTEL ArbitraryFloatATan2INTEL ArbitraryFloatATanINTEL
    ArbitraryFloatATanPiINTEL ArbitraryFloatAddINTEL ArbitraryFloatCastFromIntINTEL
    ArbitraryFloatCastINTEL ArbitraryFloatCastToIntINTEL ArbitraryFloatCbrtINTEL
    ArbitraryFloatCosINTEL ArbitraryFloatCosPiINTEL ArbitraryFloatDivINTEL
    ArbitraryFloatEQINTEL ArbitraryFloatExp10INTEL ArbitraryFloatExp2INTEL
    ArbitraryFloatExpINTEL ArbitraryFloatExpm1INTEL ArbitraryFloatGEINTEL
    ArbitraryFloatGTINTEL ArbitraryFloatHypotINTEL ArbitraryFloatLEINTEL
    ArbitraryFloatLTINTEL ArbitraryFloatLog10INTEL ArbitraryFloatLog1pINTEL
    ArbitraryFloatLog2INTEL ArbitraryFloatLogINTEL ArbitraryFloatMulINTEL
    ArbitraryFloatPowINTEL ArbitraryFloatPowNINTEL ArbitraryFloatPowRINTEL
    ArbitraryFloatRSqrtINTEL ArbitraryFloatRecipINTEL ArbitraryFloatSinCosINTEL
    ArbitraryFloatSinCosPiINTEL ArbitraryFloatSinINTEL ArbitraryFloatSinPiINTEL
    ArbitraryFloatSqrtINTEL ArbitraryFloatSubINTEL AtomicAnd AtomicCompareExchange
    AtomicExchange AtomicFAddEXT AtomicFMaxEXT AtomicFMinEXT AtomicIAdd AtomicISub
    AtomicLoad AtomicMax AtomicMin AtomicOr AtomicSMax AtomicSMin AtomicStore AtomicUMax
    AtomicUMin AtomicXor BuiltInGlobalHWThreadIDINTEL BuiltInGlobalInvocationId
    BuiltInGlobalOffset BuiltInGlobalSize BuiltInLocalInvocationId BuiltInNumSubgroups
    BuiltInNumWorkgroups BuiltInSubDeviceIDINTEL BuiltInSubgroupId
    BuiltInSubgroupLocalInvocationId BuiltInSubgroupMaxSize BuiltInSubgroupSize
    BuiltInWorkgroupId BuiltInWorkgroupSize CompositeConstruct ControlBarrier
    ConvertBF16ToFINTEL ConvertFToBF16INTEL ConvertHandleToImageINTEL
    ConvertHandleToSampledImageINTEL ConvertHandleToSamplerINTEL ConvertPtrToU
    CooperativeMatrixConstructCheckedINTEL CooperativeMatrixGetElementCoordINTEL
    CooperativeMatrixKHR CooperativeMatrixLengthKHR CooperativeMatrixLoadCheckedINTEL
    CooperativeMatrixLoadKHR CooperativeMatrixMulAddKHR CooperativeMatrixPrefetchINTEL
    CooperativeMatrixStoreCheckedINTEL CooperativeMatrixStoreKHR Dot FOrdEqual
    FOrdGreaterThan FOrdGreaterThanEqual FOrdLessThan FOrdLessThanEqual FOrdNotEqual FRem
    FUnordNotEqual FixedCosINTEL FixedCosPiINTEL FixedExpINTEL FixedLogINTEL
    FixedRecipINTEL FixedRsqrtINTEL FixedSinCosINTEL FixedSinCosPiINTEL FixedSinINTEL
    FixedSinPiINTEL FixedSqrtINTEL GenericCastToPtrExplicit_ToGlobal
    GenericCastToPtrExplicit_ToLocal GenericCastToPtrExplicit_ToPrivate GroupAll GroupAny
    GroupAsyncCopy GroupBroadcast GroupNonUniformAll GroupNonUniformAny
    GroupNonUniformBallot GroupNonUniformBallotBitCount GroupNonUniformBitwiseAnd
    GroupNonUniformBitwiseOr GroupNonUniformBroadcast GroupNonUniformShuffle
    GroupNonUniformShuffleDown GroupNonUniformShuffleUp GroupNonUniformShuffleXor
    GroupWaitEvents IAddCarry ISubBorrow ImageArrayFetch ImageArrayRead ImageArrayWrite
    ImageFetch ImageQueryFormat ImageQueryOrder ImageQuerySize ImageRead ImageSampleCubemap
    ImageSampleExplicitLod ImageWrite IsFinite IsInf IsNan IsNormal
    JointMatrixGetElementCoordINTEL MemoryBarrier Ordered ReadClockKHR RoundFToTF32INTEL
    SampledImage SampledImageArrayFetch SampledImageFetch SampledImageGather SignBitSet
    SubgroupBlockReadINTEL SubgroupBlockWriteINTEL TaskSequenceAsyncINTEL
    TaskSequenceCreateINTEL TaskSequenceGetINTEL TaskSequenceINTEL TaskSequenceReleaseINTEL
    Unordered ocl_acos ocl_acosh ocl_acospi ocl_asin ocl_asinh ocl_asinpi ocl_atan
    ocl_atan2 ocl_atan2pi ocl_atanh ocl_atanpi ocl_bitselect ocl_cbrt ocl_ceil ocl_clz
    ocl_copysign ocl_cos ocl_cosh ocl_cospi ocl_cross ocl_ctz ocl_degrees ocl_erf ocl_erfc
    ocl_exp ocl_exp10 ocl_exp2 ocl_expm1 ocl_fabs ocl_fclamp ocl_fdim ocl_floor ocl_fma
    ocl_fmax ocl_fmax_common ocl_fmin ocl_fmin_common ocl_fmod ocl_frexp ocl_half_cos
    ocl_half_divide ocl_half_exp ocl_half_exp10 ocl_half_exp2 ocl_half_log ocl_half_log10
    ocl_half_log2 ocl_half_powr ocl_half_recip ocl_half_rsqrt ocl_half_sin ocl_half_sqrt
    ocl_half_tan ocl_hypot ocl_ilogb ocl_ldexp ocl_lgamma ocl_log ocl_log10 ocl_log1p
    ocl_log2 ocl_logb ocl_mad ocl_maxmag ocl_minmag ocl_mix ocl_modf ocl_nan ocl_native_cos
    ocl_native_divide ocl_native_exp ocl_native_exp10 ocl_native_exp2 ocl_native_log
    ocl_native_log10 ocl_native_log2 ocl_native_powr ocl_native_recip ocl_native_rsqrt
    ocl_native_sin ocl_native_sqrt ocl_native_tan ocl_nextafter ocl_popcount ocl_pow
    ocl_pown ocl_powr ocl_prefetch ocl_printf ocl_radians ocl_remainder ocl_remquo ocl_rint
    ocl_rootn ocl_round ocl_rsqrt ocl_s_abs ocl_s_abs_diff ocl_s_mad24 ocl_s_mul24
    ocl_s_upsample ocl_select ocl_sign ocl_sin ocl_sincos ocl_sinh ocl_sinpi ocl_smoothstep
    ocl_sqrt ocl_step ocl_tan ocl_tanh ocl_tanpi ocl_tgamma ocl_trunc ocl_u_abs
    ocl_u_abs_diff ocl_u_mad24 ocl_u_mul24 ocl_u_upsample
"""
)
"""The ``__spirv_*`` builtins (without the prefix) that DPC++'s clang declares and the 2026.2
headers call at parse time or from the code the examples instantiate."""

_IMAGE_KINDS = _words(
    "image1d image1d_array image1d_buffer image2d image2d_array image2d_depth "
    "image2d_array_depth image2d_msaa image2d_array_msaa image2d_msaa_depth "
    "image2d_array_msaa_depth image3d"
)
"""OpenCL's image types (clang's ``OpenCLImageTypes.def``), each ``_ro``, ``_wo``, ``_rw``."""
_ACCESS = ("ro", "wo", "rw")


def _opaque(name: str) -> str:
    """A distinct pointer type for one OpenCL opaque type (``__ocl_event_t`` ...)."""
    return f"typedef struct __propslower_{name} *__ocl_{name}_t;"


def _opencl_types() -> str:
    names = ["event", "sampler"]
    for kind in _IMAGE_KINDS:
        for access in _ACCESS:
            names += [f"{kind}_{access}", f"sampled_{kind}_{access}"]
    return "\n".join(_opaque(name) for name in names)


def _spirv_declarations() -> str:
    lines = [
        "namespace __propslower_compat {",
        "struct spirv_result {",
        "  template <class T> operator T() const noexcept;",
        "  template <class I> spirv_result operator[](I) const noexcept;",
        "};",
        "}",
    ]
    lines += [
        f"template <class... E, class... A> ::__propslower_compat::spirv_result __spirv_{name}"
        "(A...) noexcept;"
        for name in SPIRV_BUILTINS
    ]
    return "\n".join(["#define __SPIRV_BUILTIN_DECLARATIONS__ 1", *lines])


@dataclass(frozen=True)
class Shim:
    """One thing DPC++'s clang provides and stock clang lacks: the stand-in and its cost."""

    name: str
    stands_in_for: str
    lost: str
    """What the shim does not do that DPC++ does (``""``: nothing)."""
    header: str = ""
    """C++ for the forced-include header (empty: the shim is driver flags)."""


SHIMS: tuple[Shim, ...] = (
    Shim(
        "host headers",
        "DPC++'s driver compiling device code with the host's C++ library headers and "
        "-aux-triple (host macros such as __x86_64__)",
        "",
    ),
    Shim(
        "opencl_constant",
        "the constant address space (DPC++'s clang keeps opencl_constant distinct; stock "
        "clang's SYCL mode folds it into the default one, so access.hpp's partial "
        "specialisations collide)",
        "opencl_constant becomes address_space(2), SPIR's constant space: the same IR "
        "address space, but no implicit conversion to the generic space",
        "#define opencl_constant address_space(2)",
    ),
    Shim(
        "SPIR-V builtins",
        "-fdeclare-spirv-builtins (__spirv_ControlBarrier, __spirv_ocl_*, atomics, group "
        "operations, images: declared by DPC++'s clang, not by the headers)",
        "each builtin is a declared catch-all template whose result converts to anything: "
        "device code that calls one compiles, but the call is to an undefined mangled "
        "function, not the SPIR-V instruction, so such code cannot be run",
        _spirv_declarations(),
    ),
    Shim(
        "OpenCL types",
        "__ocl_event_t, __ocl_sampler_t, __ocl_image*_t and __ocl_sampled_image*_t, OpenCL "
        "builtin types DPC++'s clang provides in SYCL mode",
        "each is a pointer to its own incomplete struct: the types are distinct, as the "
        "headers' specialisations need, but in IR they are plain pointers, not SPIR-V "
        "events, samplers or images",
        _opencl_types(),
    ),
    Shim(
        "SYCL_EXTERNAL",
        "the SYCL_EXTERNAL macro DPC++'s clang predefines as __attribute__((sycl_device))",
        "clang 22 emits no function that no kernel reaches unless it carries its own "
        "[[clang::sycl_external]], which SYCL_EXTERNAL becomes there (older clangs ignore "
        "sycl_device; propslower reads both). The headers' own __DPCPP_SYCL_EXTERNAL is "
        "fixed first as sycl_device (defines_elementary.hpp is included before "
        "SYCL_EXTERNAL is defined), since the [[...]] form cannot follow 'extern': with "
        "clang 22, 'extern SYCL_EXTERNAL' in user code is an error",
        "\n".join(
            (
                "#if __has_include(<sycl/detail/defines_elementary.hpp>)",
                "#include <sycl/detail/defines_elementary.hpp>",
                "#endif",
                "#if __has_cpp_attribute(clang::sycl_external)",
                "#define SYCL_EXTERNAL [[clang::sycl_external]]",
                "#else",
                "#define SYCL_EXTERNAL __attribute__((sycl_device))",
                "#endif",
            )
        ),
    ),
    Shim(
        "kernel entry point",
        "DPC++'s clang generating the offload kernel of kernel_single_task / "
        "kernel_parallel_for (stock clang has no __builtin_sycl_kernel_name, so the headers "
        "fall back to [[clang::sycl_kernel]], which stock clang emits no kernel for)",
        "with clang 22 (which implements [[clang::sycl_kernel_entry_point]]) the headers' "
        "sycl_kernel becomes sycl_kernel_entry_point(KernelName), and clang 22 generates the "
        "kernel, named as DPC++ names it (_ZTS<KernelName>), taking the kernel object whole "
        "instead of its decomposed fields; older clangs keep sycl_kernel",
        "\n".join(
            (
                "#if __has_cpp_attribute(clang::sycl_kernel_entry_point) || "
                f"defined({LIBCLANG_READ})",
                "#define sycl_kernel sycl_kernel_entry_point(KernelName)",
                "#endif",
            )
        ),
    ),
    Shim(
        "type introspection",
        "__builtin_num_fields, __builtin_num_bases, __builtin_field_type, "
        "__builtin_base_type (the device-copyable check of every kernel launch, "
        "is_device_copyable.hpp)",
        "the check is disabled: no field or base is checked, so a kernel capturing a type "
        "that is not device copyable is not diagnosed (no constexpr template can count the "
        "captures of a lambda)",
        "\n".join(
            (
                "namespace __propslower_compat { template <unsigned I> int no_field() noexcept; }",
                "#define __builtin_num_fields(T) 0u",
                "#define __builtin_num_bases(T) 0u",
                "#define __builtin_field_type(T, I) (::__propslower_compat::no_field<I>())",
                "#define __builtin_base_type(T, I) (::__propslower_compat::no_field<I>())",
            )
        ),
    ),
    Shim(
        "__builtin_intel_sycl_ptr_annotation",
        "DPC++'s builtin that annotates a pointer value with property names and values "
        "(annotated_ptr, prefetch)",
        "the call goes to a declared function template, "
        f"{PTR_ANNOTATION_FUNCTION}, which cc rewrites into one llvm.ptr.annotation on the "
        "pointer value (pointer_annotations.py); its file and line operands are the "
        "translation unit's name and the !dbg line (0 without -g), where DPC++ writes the "
        "header location of the call",
        f"template <class T, class... A> T *{PTR_ANNOTATION_FUNCTION}(T *, A...) noexcept;\n"
        f"#define __builtin_intel_sycl_ptr_annotation {PTR_ANNOTATION_FUNCTION}",
    ),
)
"""Every shim, in the order its C++ goes into the header."""


def header_text() -> str:
    """The forced-include header: every shim's C++, each under a comment naming it."""
    parts = ["// propslower: stock-clang compatibility layer for the real DPC++ SYCL headers"]
    for shim in SHIMS:
        if shim.header:
            parts += [f"// {shim.name}: stands in for {shim.stands_in_for}", shim.header]
    return "\n".join(parts) + "\n"


def include_directories(arguments: Sequence[str]) -> list[Path]:
    """The directories a command searches for headers (-I, -isystem, ... joined or not)."""
    prefixes = ("-I", "-isystem", "-idirafter", "-iquote", "-internal-isystem")
    found: list[Path] = []
    for index, argument in enumerate(arguments):
        if argument in prefixes and index + 1 < len(arguments):
            found.append(Path(arguments[index + 1]))
            continue
        for prefix in prefixes:
            if argument.startswith(prefix) and len(argument) > len(prefix):
                found.append(Path(argument[len(prefix) :]))
                break
    return found


def real_headers(arguments: Sequence[str], source: str) -> Path | None:
    """The include directory holding the real DPC++ headers (on the command's include path,
    or next to the source), or ``None``."""
    directories = [*include_directories(arguments), Path(source).parent]
    return next((d for d in directories if (d / REAL_HEADER_MARKER).is_file()), None)


def aspects_def(include: Path) -> Path | None:
    """The headers' own aspect table (``sycl/info/aspects.def``), when they have one: the
    aspects that release knows, which the built-in table may lag behind."""
    path = include / "sycl" / "info" / "aspects.def"
    return path if path.is_file() else None


@dataclass(frozen=True)
class HostToolchain:
    """The host's triple and C++ include directories, as the user's clang finds them."""

    triple: str
    before_resource: tuple[str, ...]
    """Searched before clang's resource headers (libstdc++): become ``-isystem``."""
    after_resource: tuple[str, ...]
    """Searched after them (``/usr/include``): become ``-idirafter``."""


@functools.cache
def host_toolchain(compiler: str) -> HostToolchain:
    """What ``compiler`` searches for a host C++ compile (one ``-E -v`` of empty input)."""
    if shutil.which(compiler) is None:
        return HostToolchain("", (), ())
    command = [compiler, "-x", "c++", "-E", "-v", "-", "-o", "/dev/null"]
    return parse_search_list(tool_answer(command, _searched, stderr=True))


def _searched(answer: str) -> tuple[str, ...]:
    host = parse_search_list(answer)
    return (*host.before_resource, *host.after_resource)


def parse_search_list(text: str) -> HostToolchain:
    """The triple and the ``#include <...>`` list of clang's ``-v`` output."""
    triple = ""
    directories: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("Target: "):
            triple = line.split(maxsplit=1)[1]
        elif line.startswith("#include <...> search starts here:"):
            inside = True
        elif line.startswith("End of search list."):
            inside = False
        elif inside and line.startswith(" "):
            directories.append(line.strip())
    resource = next(
        (i for i, d in enumerate(directories) if "/lib/clang/" in d and d.endswith("/include")),
        None,
    )
    if resource is None:
        return HostToolchain(triple, tuple(directories), ())
    before = tuple(directories[:resource])
    return HostToolchain(triple, before, tuple(directories[resource + 1 :]))


@dataclass(frozen=True)
class CompatLayer:
    """The layer for one command: the header's path and the flags for clang and libclang."""

    header: Path
    host: HostToolchain

    def write(self) -> None:
        """Write the forced-include header, unless it is there already (its time kept)."""
        _write_if_changed(self.header, header_text())

    def clang_arguments(self, arguments: Sequence[str], *, cc1: bool) -> list[str]:
        """Flags for the user's clang: the header, then the host's triple and headers."""
        flags = ["-include", str(self.header)]
        if self.host.triple and "-aux-triple" not in arguments:
            aux = ["-aux-triple", self.host.triple]
            flags += aux if cc1 else [part for item in aux for part in ("-Xclang", item)]
        flags += self._include_flags()
        return flags

    def libclang_arguments(self, arguments: Sequence[str]) -> list[str]:
        """The same for libclang, which takes driver flags, and ``LIBCLANG_READ``."""
        return [*self.clang_arguments(arguments, cc1=False), f"-D{LIBCLANG_READ}=1"]

    def _include_flags(self) -> list[str]:
        flags: list[str] = []
        for directory in self.host.before_resource:
            flags += ["-isystem", directory]
        for directory in self.host.after_resource:
            flags += ["-idirafter", directory]
        return flags


def layer_directory(fallback: Path) -> Path:
    """Where the header goes: a directory of the cache named by the header's text, so that
    every compile names the same file (libclang's saved preambles are keyed by the arguments,
    ``preamble.py``); ``fallback`` (``cc``'s temporary directory) when it cannot be written."""
    text = header_text()
    directory = cache_dir() / "compat" / hashlib.sha256(text.encode()).hexdigest()[:16]
    try:
        _write_if_changed(directory / HEADER_NAME, text)
    except OSError:
        return fallback
    return directory


def _write_if_changed(path: Path, text: str) -> None:
    """``path`` holds ``text`` afterwards; written (atomically) only when it did not."""
    data = text.encode("utf-8")
    try:
        if path.read_bytes() == data:
            return
    except OSError:
        pass
    write_cache_file(path, data)


def compat_layer(compiler: str, directory: Path) -> CompatLayer:
    """The layer for a compile by ``compiler``, its header in ``directory``."""
    return CompatLayer(directory / HEADER_NAME, host_toolchain(compiler))


def announcement() -> str:
    """The ``-v`` note: the layer is on, and what each shim loses."""
    lost = "; ".join(f"{shim.name}: {shim.lost}" for shim in SHIMS if shim.lost)
    names = ", ".join(shim.name for shim in SHIMS)
    return (
        "real DPC++ SYCL headers: stock-clang compatibility layer on "
        f"({names}; see docs/dpcpp-headers.md). Lost: {lost}"
    )
