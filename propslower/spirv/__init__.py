"""SPIR-V mapping: sycl-* IR attributes to !spirv.* metadata, driven by a data table."""
