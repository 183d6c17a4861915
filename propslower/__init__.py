"""propslower: SYCL compile-time properties and optional kernel features, to LLVM IR and SPIR-V."""

__version__ = "0.1.0"
