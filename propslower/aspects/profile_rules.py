"""How ``aspects`` and ``split`` differ by profile beyond ``properties/profiles.py``: a table."""

from __future__ import annotations

from dataclasses import dataclass

from propslower.properties.profiles import Profile


@dataclass(frozen=True)
class AspectRules:
    """The propagation pass and device-code split rules of one profile."""

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


RULES: dict[str, AspectRules] = {
    "design": AspectRules(
        pass_lists=False,
        conditional_metadata=None,
        fixed_targets_metadata=None,
        virtual_call_required=False,
        registered_kinds=("intel_used_aspects",),
        images_by_descending_key=False,
        indirect_calls_by_signature=False,
        requirements_from_every_function=False,
    ),
    "dpcpp": AspectRules(
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
    ),
}
"""Profile name → its rules."""


def rules_for(profile: Profile) -> AspectRules:
    """The rules of ``profile``."""
    return RULES[profile.name]
