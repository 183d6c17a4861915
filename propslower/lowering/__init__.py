"""Lowering passes: property lists at sites onto LLVM IR string attributes and annotations."""
