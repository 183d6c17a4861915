"""The registered profiles for tests that hold in every profile, and a test-only added one."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from propslower.properties.profiles import DESIGN, PROFILES, Profile

EVERY_PROFILE = tuple(PROFILES.values())
EVERY_PROFILE_NAME = tuple(PROFILES)

every_profile = pytest.mark.parametrize("profile", EVERY_PROFILE, ids=lambda p: p.name)
"""Parametrise a test over every registered ``Profile``."""
every_profile_name = pytest.mark.parametrize("profile", EVERY_PROFILE_NAME)
"""Parametrise a test over every registered profile's name (``--profile NAME``)."""

ADDED = replace(
    DESIGN,
    name="design-noalias",
    summary="test only: design, with noalias on restrict parameters",
    restrict_adds_noalias=True,
)
"""A third profile: ``design`` with one field changed."""


def table_text_with(added: Profile, like: Profile, text: str) -> str:
    """``table.yaml``'s ``text`` with ``added`` holding ``like``'s data: its settings copied,
    and named in every row that names ``like``."""
    text = text.replace(f"profiles: [{like.name}]", f"profiles: [{like.name}, {added.name}]")
    settings = re.search(rf"^  {re.escape(like.name)}:\n(?:    .*\n)+", text, re.MULTILINE)
    assert settings is not None
    copied = settings.group(0).replace(f"  {like.name}:", f"  {added.name}:", 1)
    return text[: settings.end()] + copied + text[settings.end() :]
