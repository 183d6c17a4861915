"""``python -m propslower``: the command-line interface."""

from propslower.cli import program

program()
