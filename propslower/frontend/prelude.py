"""The one table of attribute spellings and the ``-D`` definitions that turn them into markers."""

from __future__ import annotations

from propslower.properties.model import Site

MARKER_PREFIX = "propslower:"
"""Every annotate string the prelude produces starts with this."""

ATTRIBUTE_SITES: dict[str, Site] = {
    # design profile (seed 002)
    "add_ir_global_variable_attributes": Site.GLOBAL_VARIABLE,
    "add_ir_kernel_parameter_attributes": Site.KERNEL_PARAMETER,
    "add_ir_function_attributes": Site.FUNCTION,
    "add_ir_member_annotation": Site.MEMBER,
    # dpcpp profile (intel/llvm Attr.td)
    "add_ir_attributes_global_variable": Site.GLOBAL_VARIABLE,
    "add_ir_attributes_kernel_parameter": Site.KERNEL_PARAMETER,
    "add_ir_attributes_function": Site.FUNCTION,
    "add_ir_annotations_member": Site.MEMBER,
}
"""Attribute name (as written after ``__sycl_detail__::``) → the site it applies to."""

NAMESPACE_SPELLINGS = ("__sycl_detail__",)
"""Attribute namespaces rewritten to ``clang`` so that ``clang::annotate`` results."""


def marker(site: Site) -> str:
    """The annotate string for ``site``, e.g. ``propslower:function``."""
    return MARKER_PREFIX + site.value


def site_of_marker(text: str) -> Site | None:
    """The site an annotate string names, or ``None`` when it is not a prelude marker."""
    if not text.startswith(MARKER_PREFIX):
        return None
    suffix = text[len(MARKER_PREFIX) :]
    return next((site for site in Site if site.value == suffix), None)


def spellings() -> dict[str, Site]:
    """Every accepted spelling: each name plain and in the ``__name__`` form."""
    table: dict[str, Site] = {}
    for name, site in ATTRIBUTE_SITES.items():
        table[name] = site
        table[f"__{name}__"] = site
    return table


def attribute_name(spelling: str) -> str:
    """The attribute name for a spelling, without the ``__…__`` wrapping."""
    if spelling.startswith("__") and spelling.endswith("__") and len(spelling) > 4:
        return spelling[2:-2]
    return spelling


def macro_definitions() -> list[str]:
    """``-D`` arguments (one list item each) for a compile or a libclang parse."""
    args = [f"-D{namespace}=clang" for namespace in NAMESPACE_SPELLINGS]
    for spelling, site in spellings().items():
        args.append(f'-D{spelling}(...)=annotate("{marker(site)}", __VA_ARGS__)')
    args.append("-D__SYCL_DEVICE_ONLY__=1")
    return args
