"""What the subcommands share: exit codes, the profile option, diagnostic printing."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable

from propslower.diagnostics import (
    CLANG_COLORS,
    PLAIN,
    Diagnostic,
    DiagnosticError,
    Palette,
    SourceMap,
    render_all,
)
from propslower.properties.profiles import DESIGN, PROFILES, Profile

EXIT_OK = 0
EXIT_ERRORS = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3

SOURCES = SourceMap()
"""Every text read in this process, so diagnostics can show the source line."""


COLOR_CHOICES = ("auto", "always", "never")
_PALETTE: list[Palette] = [PLAIN]


def use_color(choice: str) -> None:
    """``--color``: ``auto`` colours a terminal unless ``NO_COLOR`` is set or TERM is dumb."""
    if choice == "auto":
        wanted = (
            sys.stderr.isatty()
            and not os.environ.get("NO_COLOR")
            and os.environ.get("TERM") != "dumb"
        )
    else:
        wanted = choice == "always"
    _PALETTE[0] = CLANG_COLORS if wanted else PLAIN


def add_color_option(parser: argparse.ArgumentParser, default: object = "auto") -> None:
    parser.add_argument(
        "--color",
        choices=COLOR_CHOICES,
        default=default,
        help="colour diagnostics as clang does: auto (a terminal without NO_COLOR), always, never",
    )


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    text = render_all(diagnostics, SOURCES, _PALETTE[0])
    if text:
        sys.stderr.write(text)
        sys.stderr.flush()


def exit_status(diagnostics: Iterable[Diagnostic]) -> int:
    return EXIT_ERRORS if any(d.is_error for d in diagnostics) else EXIT_OK


def werror_flag(value: str) -> bool:
    """Whether a ``-W`` value (``error=aspects``) asks for errors; others are rejected."""
    return value.strip() == "error=aspects"


def add_profile_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profile",
        choices=tuple(PROFILES),
        default=DESIGN.name,
        help="output profile: " + " or ".join(map(_profile_help, PROFILES.values())),
    )


def _profile_help(profile: Profile) -> str:
    default = "default; " if profile is DESIGN else ""
    return f"{profile.name} ({default}{profile.summary})"


def add_output_options(parser: argparse.ArgumentParser) -> None:
    """``-o OUT`` / ``-i`` (mutually exclusive), ``--verifier`` and ``--no-verify``."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "-o", "--output", metavar="OUT", help="write here (atomically) instead of stdout"
    )
    group.add_argument("-i", "--in-place", action="store_true", help="edit the input file in place")
    add_verifier_options(parser)


def add_verifier_options(parser: argparse.ArgumentParser) -> None:
    """``--verifier NAME`` and its shorthand ``--no-verify`` (``--verifier none``)."""
    # imported here: propslower.ir is 60 ms of start-up that commands without a module skip
    from propslower.ir.verify import VERIFIER_CHOICES  # noqa: PLC0415

    parser.add_argument(
        "--verifier",
        choices=VERIFIER_CHOICES,
        default="auto",
        help="check every written module with: llvm-as-15 for typed pointers when installed, "
        "else llvmlite (auto, the default), one of them, or none",
    )
    parser.add_argument(
        "--no-verify",
        dest="verifier",
        action="store_const",
        const="none",
        help="the same as --verifier none",
    )


class UsageError(DiagnosticError):
    """A command-line mistake (an unknown name): printed as diagnostics, exit status 2."""
