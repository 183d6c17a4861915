"""The two output profiles, ``design`` and ``dpcpp``: one object per profile, every difference."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class MemberEncoding(enum.Enum):
    """How a member's property list becomes an ``@llvm.ptr.annotation``."""

    PREFIXED_STRING = "prefixed string"
    """``design``: ``sycl-properties:foo,bar=32`` as the annotation string, 5th argument null."""
    ARGS_STRUCT = "args struct"
    """DPC++: the string ``sycl-properties`` and a struct of name/value string pointers."""


@dataclass(frozen=True)
class Profile:
    """Everything that differs between the two profiles (docs/design/README.md)."""

    name: str
    member_encoding: MemberEncoding
    member_annotation: str
    """The annotation string (``design``: the prefix before the entries)."""
    allowed_aspects_metadata: str
    used_aspects_metadata: str
    restrict_adds_noalias: bool
    """DPC++ also gives a kernel parameter with ``sycl-restrict`` the ``noalias`` attribute."""
    used_aspects_also_read: tuple[str, ...]
    """Further function metadata read as used aspects (``design``: ``!intel_uses_aspects``)."""
    allowed_aspects_checked_on_entry_points: bool
    """Whether an entry point's allowed-aspects metadata is checked (DPC++: only the property)."""
    device_has_attribute: str | None
    """The function attribute of the ``device_has`` kernel property (``"a,b"``), if any."""
    allowed_counts_as_use: bool
    """Whether allowed aspects of callees count as used when checking (``design``: yes)."""
    aspect_warning: str
    """The missing-aspect warning, with ``{function}`` and ``{aspect}``."""
    aspect_property_warning: str
    """The same warning when the allowed list came from ``device_has_attribute``."""
    aspect_chain_note: str
    """One note per call in the chain, with ``{caller}`` and ``{function}`` (the callee)."""
    split_key_rules: tuple[str, ...]
    """Device-code split: what two entry points must share to share an image, in key order."""
    split_aspect_metadata: tuple[str, ...]
    """Function metadata whose aspects form an entry point's split-key aspect set."""
    split_when_unsplit: bool
    """Whether ``split --mode off`` still splits by optional features (DPC++'s none does not)."""
    requirements_set: str
    """The per-image requirements property set ``split`` writes."""
    types_that_use_aspects: bool
    """Whether ``cc`` lists decorated classes in ``!sycl_types_that_use_aspects`` (with the
    ``!sycl_aspects`` table), for DPC++'s propagation pass to find the uses of those types."""
    macro_sets: str
    """How ``macros`` derives the any/all-device sets from a target list: ``design`` (an
    unknown target may support any aspect) or ``driver`` (what DPC++'s driver does)."""
    images_fold_zero_index_geps: bool
    """Whether ``split`` prints a zero-index constant ``getelementptr`` of an opaque pointer as
    its base, as LLVM does once it has read a module (``sycl-post-link`` prints every image it
    reads); ``design`` keeps the input's text."""
    work_group_size_in_spirv_order: bool
    """Whether ``!reqd_work_group_size`` holds the sizes reversed and padded to three, with
    ``!work_group_num_dim`` giving their count, as DPC++'s clang writes it; ``design`` keeps the
    attribute's values as written."""
    metadata_in_print_order: bool
    """Whether ``aspects`` puts the numbered metadata definitions in the order LLVM prints
    them (numbers and lines kept: ``ir/metadata_order.py``), as DPC++'s pass leaves a module;
    ``design`` adds new nodes after the existing ones."""


DESIGN = Profile(
    name="design",
    member_encoding=MemberEncoding.PREFIXED_STRING,
    member_annotation="sycl-properties:",
    allowed_aspects_metadata="intel_allowed_aspects",
    used_aspects_metadata="intel_used_aspects",
    restrict_adds_noalias=False,
    used_aspects_also_read=("intel_uses_aspects",),
    allowed_aspects_checked_on_entry_points=True,
    device_has_attribute=None,
    allowed_counts_as_use=True,
    aspect_warning="function '{function}' uses aspect '{aspect}' not listed in its "
    "[[sycl::requires()]] attribute",
    aspect_property_warning="function '{function}' uses aspect '{aspect}' not listed in its "
    "'device_has' property",
    aspect_chain_note="'{caller}' calls '{function}', which uses it",
    split_key_rules=("used_aspects", "reqd_work_group_size", "reqd_sub_group_size"),
    split_aspect_metadata=("intel_used_aspects", "intel_allowed_aspects", "intel_uses_aspects"),
    split_when_unsplit=True,
    requirements_set="SYCL/image-requirements",
    types_that_use_aspects=False,
    macro_sets="design",
    images_fold_zero_index_geps=False,
    work_group_size_in_spirv_order=False,
    metadata_in_print_order=False,
)

DPCPP = Profile(
    name="dpcpp",
    member_encoding=MemberEncoding.ARGS_STRUCT,
    member_annotation="sycl-properties",
    allowed_aspects_metadata="sycl_declared_aspects",
    used_aspects_metadata="sycl_used_aspects",
    restrict_adds_noalias=True,
    used_aspects_also_read=(),
    allowed_aspects_checked_on_entry_points=False,
    device_has_attribute="sycl-device-has",
    allowed_counts_as_use=False,
    aspect_warning="function '{function}' uses aspect '{aspect}' not listed in its "
    "'sycl::device_has' attribute",
    aspect_property_warning="function '{function}' uses aspect '{aspect}' not listed in its "
    "'device_has' property",
    aspect_chain_note="propagated from call to function '{function}'",
    split_key_rules=(
        "sycl-module-id",
        "indirectly-callable",  # the newest ModuleSplitter keys on it after the module id
        "sycl-register-alloc-mode",
        "sycl-grf-size",
        "used_aspects",
        "reqd_work_group_size",
        "work_group_num_dim",
        "reqd_sub_group_size",
        "sycl-optlevel",
        "sycl_joint_matrix",
        "sycl_joint_matrix_mad",
    ),
    split_aspect_metadata=("sycl_used_aspects",),
    split_when_unsplit=False,
    requirements_set="SYCL/device requirements",
    types_that_use_aspects=True,
    macro_sets="driver",
    images_fold_zero_index_geps=True,
    work_group_size_in_spirv_order=True,
    metadata_in_print_order=True,
)

PROFILES: dict[str, Profile] = {profile.name: profile for profile in (DESIGN, DPCPP)}


def profile_named(name: str) -> Profile:
    return PROFILES[name]
