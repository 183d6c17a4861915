"""Text-level LLVM IR: read, edit, write and verify modules (knows nothing of SYCL)."""
