"""The ``-D`` definitions that turn the attribute spellings (``properties/spellings.py``, the one
table of them) into markers libclang and clang see as ``clang::annotate``."""

from __future__ import annotations

import functools

from propslower.properties.model import Site
from propslower.properties.spellings import ATTRIBUTES, AttributeKind

MARKER_PREFIX = "propslower:"
"""Every annotate string the prelude produces starts with this."""

ATTRIBUTE_SITES: dict[str, Site] = {
    spec.name: spec.site
    for spec in ATTRIBUTES.values()
    if spec.kind is AttributeKind.PROPERTIES and spec.site is not None and not spec.leading_pointer
}
"""Attribute name (as written after ``__sycl_detail__::``) → the site it applies to, from the
spellings table (both profiles' names)."""

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


@functools.cache
def spellings() -> dict[str, Site]:
    """Every accepted spelling: each name plain and in the ``__name__`` form (shared: read it,
    never change it)."""
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


FEATURE_ATTRIBUTES: dict[str, AttributeKind] = {
    spec.name: spec.kind for spec in ATTRIBUTES.values() if spec.site is None
}
"""Optional-kernel-feature attributes (any namespace) → what their arguments mean, from the
spellings table."""

STRINGIFIED_KINDS = frozenset({AttributeKind.ALLOWED_ASPECTS, AttributeKind.USED_ASPECTS})
"""Kinds whose arguments (``has(aspect::fp16)``) reach the annotate as one string literal."""

KEYWORD_SPELLINGS = frozenset({"requires", "__requires__"})
"""Spellings that are C++20 keywords: no macro for them from C++20 on."""


def feature_marker(name: str) -> str:
    """The annotate string of a feature attribute, e.g. ``propslower:requires``."""
    return MARKER_PREFIX + name


def feature_of_marker(text: str) -> str | None:
    """The feature attribute an annotate string names, or ``None``."""
    if not text.startswith(MARKER_PREFIX):
        return None
    name = text[len(MARKER_PREFIX) :]
    return name if name in FEATURE_ATTRIBUTES else None


def feature_spellings() -> dict[str, str]:
    """Every accepted feature spelling → its attribute name (plain and ``__name__``)."""
    table: dict[str, str] = {}
    for name in FEATURE_ATTRIBUTES:
        table[name] = name
        table[f"__{name}__"] = name
    return table


def feature_macro_definitions(*, keywords: bool = True) -> list[str]:
    """``-D`` arguments that make libclang see the feature attributes as ``clang::annotate``.

    ``[[sycl::requires(has(aspect::fp16))]]`` becomes
    ``[[sycl::requires]] [[clang::annotate("propslower:requires", "has(aspect::fp16)")]]``:
    the attribute's namespace is closed off (clang ignores the empty attribute, as it ignored
    the original) and a second attribute list carries the marker. Aspect lists travel as a
    string (``has`` and ``aspect::`` need not exist in C++); sizes stay expressions, so clang
    evaluates template arguments. ``keywords=False`` leaves out C++20 keywords.
    """
    args: list[str] = []
    for spelling, name in feature_spellings().items():
        if not keywords and spelling in KEYWORD_SPELLINGS:
            continue
        stringified = FEATURE_ATTRIBUTES[name] in STRINGIFIED_KINDS
        arguments = "#__VA_ARGS__" if stringified else "__VA_ARGS__"
        args.append(
            f'-D{spelling}(...)={spelling}]] [[clang::annotate("{feature_marker(name)}", '
            f"{arguments})"
        )
    return args


def macro_definitions() -> list[str]:
    """``-D`` arguments (one list item each) for a compile or a libclang parse."""
    args = [f"-D{namespace}=clang" for namespace in NAMESPACE_SPELLINGS]
    for spelling, site in spellings().items():
        args.append(f'-D{spelling}(...)=annotate("{marker(site)}", __VA_ARGS__)')
    args.append("-D__SYCL_DEVICE_ONLY__=1")
    return args


ENTRY_POINT_MARKER = MARKER_PREFIX + "sycl_kernel_entry_point"
"""The annotate string of ``[[clang::sycl_kernel_entry_point(KernelName)]]`` in libclang's read."""


def entry_point_macro_definitions() -> list[str]:
    """``-D`` arguments for libclang only: ``sycl_kernel_entry_point(KernelName)`` (which
    libclang 18 does not know, and which system headers write through macros) becomes
    ``annotate("propslower:sycl_kernel_entry_point", "KernelName")``, a marker the reader finds
    on the function and on each instantiation."""
    return [f'-Dsycl_kernel_entry_point(...)=annotate("{ENTRY_POINT_MARKER}", #__VA_ARGS__)']
