"""Pins: lines of a simple function body made into instructions, with what was inserted
after each, so that a body is edited line by line without being split."""

from __future__ import annotations

from propslower.ir.body import Instruction, replace_value


class Pin:
    """A line of the body made into an instruction, with the instructions inserted after it."""

    __slots__ = ("after", "at", "instruction", "stop")

    def __init__(self, at: int, stop: int, instruction: Instruction) -> None:
        self.at = at
        self.stop = stop
        self.instruction = instruction
        self.after: list[Instruction] = NOTHING_AFTER


NOTHING_AFTER: list[Instruction] = []
"""Shared by the pins nothing was inserted after (never added to: ``insert_after`` makes
a pin its own list)."""


def pin_at(pin: Pin) -> int:
    """Where the pinned line starts (the pins' sort key)."""
    return pin.at


_SHARED: dict[str, str] = {}
"""One copy of each instruction text edits make: the same annotation goes into thousands of
functions that differ only in names elsewhere."""


def shared_text(text: str) -> str:
    """``text``, as the one copy kept of it."""
    if len(_SHARED) >= 1 << 16:
        _SHARED.clear()
    return _SHARED.setdefault(text, text)


def replace_in(instruction: Instruction, old: str, new: str) -> bool:
    """Replace the value ``old`` in one instruction; whether its text changed."""
    text = instruction.text
    if old not in text:
        return False
    replaced = replace_value(text, old, new)
    if replaced == text:
        return False
    instruction.text = replaced
    return True
