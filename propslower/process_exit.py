"""What must still happen when a run ends: hooks that the program's exit runs even though it
skips the interpreter's teardown (``cli.program``), and that ``atexit`` runs otherwise."""

from __future__ import annotations

import atexit
from collections.abc import Callable

_HOOKS: list[Callable[[], None]] = []


def at_exit(hook: Callable[[], None]) -> None:
    """Run ``hook`` when the process ends (once, however often it is registered)."""
    if hook not in _HOOKS:
        _HOOKS.append(hook)
        atexit.register(hook)


def run_exit_hooks() -> None:
    """Run every hook now, for an exit that skips ``atexit`` (``os._exit``); each is then
    forgotten, as if it had never been registered."""
    while _HOOKS:
        hook = _HOOKS.pop(0)
        atexit.unregister(hook)
        hook()
