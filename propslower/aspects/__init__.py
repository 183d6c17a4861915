"""Optional kernel features: aspect tables, metadata, propagation, split and property sets."""
