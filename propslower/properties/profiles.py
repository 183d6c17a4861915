"""The two output profiles, ``design`` and ``dpcpp``: one object per profile, every difference."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class MemberEncoding(enum.Enum):
    """How a member's property list becomes an ``@llvm.ptr.annotation``."""

    PREFIXED_STRING = "prefixed string"
    """Seed 002: ``sycl-properties:foo,bar=32`` as the annotation string, 5th argument null."""
    ARGS_STRUCT = "args struct"
    """DPC++: the string ``sycl-properties`` and a struct of name/value string pointers."""


@dataclass(frozen=True)
class Profile:
    """Everything that differs between the design documents and DPC++ as it is today."""

    name: str
    member_encoding: MemberEncoding
    member_annotation: str
    """The annotation string (``design``: the prefix before the entries)."""
    allowed_aspects_metadata: str
    used_aspects_metadata: str
    restrict_adds_noalias: bool
    """DPC++ also gives a kernel parameter with ``sycl-restrict`` the ``noalias`` attribute."""


DESIGN = Profile(
    name="design",
    member_encoding=MemberEncoding.PREFIXED_STRING,
    member_annotation="sycl-properties:",
    allowed_aspects_metadata="intel_allowed_aspects",
    used_aspects_metadata="intel_used_aspects",
    restrict_adds_noalias=False,
)

DPCPP = Profile(
    name="dpcpp",
    member_encoding=MemberEncoding.ARGS_STRUCT,
    member_annotation="sycl-properties",
    allowed_aspects_metadata="sycl_declared_aspects",
    used_aspects_metadata="sycl_used_aspects",
    restrict_adds_noalias=True,
)

PROFILES: dict[str, Profile] = {profile.name: profile for profile in (DESIGN, DPCPP)}


def profile_named(name: str) -> Profile:
    return PROFILES[name]
