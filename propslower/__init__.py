"""propslower: SYCL compile-time properties and optional kernel features, to LLVM IR and SPIR-V."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("propslower")
except PackageNotFoundError:  # pragma: no cover - running from a bare source tree
    __version__ = "0.0.0"
