"""Running aspect propagation before split/check when the module has not been through it."""

from __future__ import annotations

import importlib
from typing import Any

from propslower.diagnostics import Diagnostic
from propslower.ir.module import Module
from propslower.properties.profiles import Profile

PROPAGATION_MODULE = "propslower.aspects.propagation"
UNAVAILABLE = (
    "aspect propagation is not available; entry points are split by their used-aspect "
    "metadata as written"
)


def ensure_propagated(module: Module, profile: Profile) -> list[Diagnostic]:
    """Propagate used aspects into ``module``'s metadata (a no-op when already propagated).

    Returns propagation's warnings, or one note when the propagation module is missing.
    """
    try:
        propagation: Any = importlib.import_module(PROPAGATION_MODULE)
    except ModuleNotFoundError:
        return [Diagnostic.note(UNAVAILABLE)]
    if not all(hasattr(propagation, name) for name in ("propagate", "write_used_metadata")):
        return [Diagnostic.note(UNAVAILABLE)]
    result = propagation.propagate(module, profile)
    propagation.write_used_metadata(module, result, profile)
    return list(getattr(result, "diagnostics", []))
