"""Post-link work on device code: split images, property sets, targets, requirements, macros."""
