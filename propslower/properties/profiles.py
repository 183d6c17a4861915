"""The output profiles, ``design`` and ``dpcpp``: one object per profile, every difference.

``PROFILES`` is the registry: the command line's ``--profile`` choices and the names
``api.profile`` accepts. A profile also needs data in ``spirv/table.yaml`` (its settings and the
rows it lowers by); ``spirv.table.profile_gaps`` says what a profile lacks.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from propslower.properties.model import Site


class MemberEncoding(enum.Enum):
    """How a member's property list becomes an ``@llvm.ptr.annotation``."""

    PREFIXED_STRING = "prefixed string"
    """``design``: ``sycl-properties:foo,bar=32`` as the annotation string, 5th argument null."""
    ARGS_STRUCT = "args struct"
    """DPC++: the string ``sycl-properties`` and a struct of name/value string pointers."""


class MacroSetRule(enum.Enum):
    """How ``macros`` derives the any/all-device sets from a target list."""

    DESIGN = "design"
    """An unknown target may support any aspect (docs/design/aspects.md)."""
    DRIVER = "driver"
    """What DPC++'s driver does: lookup drops trailing ``-components``, unknown targets skipped."""


@dataclass(frozen=True)
class AspectRules:
    """How one profile's ``aspects`` propagation pass and device-code ``split`` work."""

    pass_lists: bool
    """Write used-aspects lists as DPC++'s pass does (``dpcpp_lists``: its walk, its order);
    otherwise every function gets its full propagated set, ascending."""
    conditional_metadata: str | None
    """Function metadata for aspects reached only through conditional calls (``device_if``)."""
    fixed_targets_metadata: str | None
    """Entry-point metadata holding the ``--fixed-targets`` values (``!{}`` without them)."""
    virtual_call_required: bool
    """A ``calls-indirectly`` function reaches its sets only through a ``"virtual-call"``."""
    registered_kinds: tuple[str, ...]
    """Metadata kinds in the order the pass registers them (where new attachments print)."""
    images_by_descending_key: bool
    """Number split images as sycl-post-link does: its ``std::map`` of keys read from the end."""
    indirect_calls_by_signature: bool
    """An image also holds every ``"referenced-indirectly"`` function (not a kernel) whose
    type is that of an indirect call made by a function the image holds, as the newest
    ModuleSplitter's dependency graph adds them (``split.indirect_callees``)."""
    requirements_from_every_function: bool
    """The requirements set reads every function of the image, in module order, as
    SYCLDeviceRequirements does (work-group size and dims: the first; joint matrix: the last;
    fixed targets: all); otherwise the entry points' values."""
    metadata_in_print_order: bool
    """Put the numbered metadata definitions in the order LLVM prints them (numbers and lines
    kept: ``ir/metadata_order.py``), as DPC++'s pass leaves a module; otherwise new nodes go
    after the existing ones."""


@dataclass(frozen=True)
class Profile:
    """Everything that differs between the profiles (docs/design/README.md)."""

    name: str
    summary: str
    """What the profile is, for ``--profile``'s help."""
    property_attributes: tuple[tuple[Site, str], ...]
    """The property attribute a bare argument list is read as, per site
    (``properties/spellings.py`` spellings)."""
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
    macro_sets: MacroSetRule
    """How ``macros`` derives the any/all-device sets from a target list."""
    images_fold_zero_index_geps: bool
    """Whether ``split`` prints a zero-index constant ``getelementptr`` of an opaque pointer as
    its base, as LLVM does once it has read a module (``sycl-post-link`` prints every image it
    reads); ``design`` keeps the input's text."""
    work_group_size_in_spirv_order: bool
    """Whether ``!reqd_work_group_size`` holds the sizes reversed and padded to three, with
    ``!work_group_num_dim`` giving their count, as DPC++'s clang writes it; ``design`` keeps the
    attribute's values as written."""
    aspect_rules: AspectRules

    def property_attribute(self, site: Site) -> str:
        """The property attribute spelling a bare argument list for ``site`` is read as."""
        return dict(self.property_attributes)[site]


DESIGN = Profile(
    name="design",
    summary="the published designs, see docs/design",
    property_attributes=(
        (Site.GLOBAL_VARIABLE, "add_ir_global_variable_attributes"),
        (Site.KERNEL_PARAMETER, "add_ir_kernel_parameter_attributes"),
        (Site.FUNCTION, "add_ir_function_attributes"),
        (Site.MEMBER, "add_ir_member_annotation"),
    ),
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
    macro_sets=MacroSetRule.DESIGN,
    images_fold_zero_index_geps=False,
    work_group_size_in_spirv_order=False,
    aspect_rules=AspectRules(
        pass_lists=False,
        conditional_metadata=None,
        fixed_targets_metadata=None,
        virtual_call_required=False,
        registered_kinds=("intel_used_aspects",),
        images_by_descending_key=False,
        indirect_calls_by_signature=False,
        requirements_from_every_function=False,
        metadata_in_print_order=False,
    ),
)

DPCPP = Profile(
    name="dpcpp",
    summary="what DPC++ does today",
    property_attributes=(
        (Site.GLOBAL_VARIABLE, "add_ir_attributes_global_variable"),
        (Site.KERNEL_PARAMETER, "add_ir_attributes_kernel_parameter"),
        (Site.FUNCTION, "add_ir_attributes_function"),
        (Site.MEMBER, "add_ir_annotations_member"),
    ),
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
    macro_sets=MacroSetRule.DRIVER,
    images_fold_zero_index_geps=True,
    work_group_size_in_spirv_order=True,
    aspect_rules=AspectRules(
        pass_lists=True,
        conditional_metadata="sycl_conditionally_used_aspects",
        fixed_targets_metadata="sycl_fixed_targets",
        virtual_call_required=True,
        registered_kinds=(
            "sycl_used_aspects",
            "sycl_declared_aspects",
            "sycl_conditionally_used_aspects",
            "sycl_fixed_targets",
        ),
        images_by_descending_key=True,
        indirect_calls_by_signature=True,
        requirements_from_every_function=True,
        metadata_in_print_order=True,
    ),
)

PROFILES: dict[str, Profile] = {profile.name: profile for profile in (DESIGN, DPCPP)}
"""Every profile by name, in ``--profile``'s order."""


def profile_named(name: str) -> Profile:
    """The registered profile called ``name`` (a name from the command line)."""
    return PROFILES[name]
